import type { Language } from '../../domain/enums.ts';

/**
 * Result texts in the village language (freeze 5 h: unlike the other bundled tools, this tool's
 * refusals carry the next move, so an English village must be able to read them).
 */
export interface BlackboardTexts {
  disabled: string;
  workDirGone: string;
  unsafeBoard: string;
  badOp: string;
  nameMissing: string;
  nameTooLong: (max: number) => string;
  bodyMissing: string;
  bodyBinary: string;
  toMissing: string;
  tooLarge: (name: string, chars: number, max: number) => string;
  appendTooLarge: (name: string, chars: number, max: number) => string;
  exists: (name: string, where: string, advice: 'active' | 'done' | 'elsewhere') => string;
  existsCase: (
    name: string,
    existing: string,
    where: string,
    advice: 'active' | 'done' | 'elsewhere',
  ) => string;
  caseResolved: (asked: string, real: string) => string;
  caseAmbiguous: (asked: string, names: string[]) => string;
  written: (name: string) => string;
  appended: (name: string, where: string, chars: number) => string;
  notFound: (name: string) => string;
  notOwner: (name: string, owner: string) => string;
  ambiguous: (name: string, wheres: string[]) => string;
  misplaced: (name: string, where: string) => string;
  frozen: (name: string) => string;
  moved: (name: string, from: string, to: string) => string;
  sameState: (name: string, state: string) => string;
  removed: (name: string, wheres: string[]) => string;
  trashFailed: (name: string, detail: string) => string;
  failed: (name: string, detail: string) => string;
  readHeader: (name: string, owner: string, where: string) => string;
  readElsewhere: (wheres: string[]) => string;
  readCut: (max: number) => string;
  listEmpty: string;
  listOrphan: (rel: string) => string;
  listNotMd: (rel: string) => string;
  listUnknownOwner: (rel: string) => string;
  listDropped: (counts: string) => string;
}

type Advice = 'active' | 'done' | 'elsewhere';

/** Freeze 7's next move when a name is taken: add to or move the note in play, else another name. */
const jaAdvice = (a: Advice): string =>
  a === 'active'
    ? 'append で書き足すか、move で動かすか、別の仕事名で write してください。'
    : 'remove してから write するか、別の仕事名で write してください。';
const enAdvice = (a: Advice): string =>
  a === 'active'
    ? 'Use append to add to it, move to move it, or write under another task name.'
    : 'Remove it and then write, or write under another task name.';

const JA: BlackboardTexts = {
  disabled: 'このサーヴァントは黒板を使わない設定か、作業フォルダがないため blackboard ツールは使えません。',
  workDirGone: '作業フォルダが見つかりません。黒板は作業フォルダの blackboard/ にあります。',
  unsafeBoard: 'blackboard/ が普通のフォルダではありません（リンクなど）。人に確かめてもらってください。',
  badOp: 'op は list・read・write・append・move・remove のどれかです。',
  nameMissing: 'name（仕事名）を指定してください。',
  nameTooLong: (max) => `仕事名は ${max} 字までです。短い名前にしてください。`,
  bodyMissing: 'body（書く内容）を文字列で指定してください。',
  bodyBinary:
    'body に NUL 文字が含まれています。付箋はテキストだけです（NUL を含むと read で読み返せません）。',
  toMissing: 'to は doing・on-hold・done のどれかです。',
  tooLarge: (n, c, m) => `「${n}」: 付箋は 1 枚 ${m} 字までです（${c} 字）。短くしてください。`,
  appendTooLarge: (n, c, m) =>
    `「${n}」: 追記すると ${c} 字になり、1 枚の上限 ${m} 字を超えます。続きは別の仕事名で write してください。`,
  exists: (n, w, a) => `「${n}」の付箋はもう ${w} にあります。${jaAdvice(a)}`,
  existsCase: (n, e, w, a) =>
    `「${n}」は、${w} にあるあなたの付箋「${e}」と大文字・小文字だけが違います（macOS や Windows では同じファイルになります）。${jaAdvice(a)}`,
  caseResolved: (asked, real) =>
    `（「${asked}」という付箋はないので、大文字・小文字だけが違う「${real}」を使いました）`,
  caseAmbiguous: (asked, names) =>
    `「${asked}」という付箋はなく、大文字・小文字だけが違う付箋が複数あります（${names.map((n) => `「${n}」`).join('・')}）。正確な仕事名で指定してください。`,
  written: (n) => `「${n}」の付箋を doing に作りました。`,
  appended: (n, w, c) => `「${n}」（${w}）に追記しました（全 ${c} 字）。`,
  notFound: (n) => `「${n}」というあなたの付箋は見つかりません。list で盤面を確かめてください。`,
  notOwner: (n, o) => `「${n}」は ${o} の付箋です。書き換えられるのは自分の付箋だけです。`,
  ambiguous: (n, ws) =>
    `「${n}」が複数の場所にあります（${ws.join('・')}）。remove で全部を消してから write し直してください。`,
  misplaced: (n, w) =>
    `「${n}」は ${w} にあり、append・move できません。remove してから write し直してください。`,
  frozen: (n) =>
    `「${n}」は done にあり、もう動かせず書き足せません。remove してから write するか、別の仕事名で write してください。`,
  moved: (n, f, t) => `「${n}」を動かしました: ${f} → ${t}`,
  sameState: (n, s) => `「${n}」はもう ${s} にあります（変更なし）。`,
  removed: (n, ws) => `「${n}」をごみ箱へ移しました（${ws.join('・')}）。`,
  trashFailed: (n, d) => `「${n}」をごみ箱へ移せませんでした（${d}）。消していません。`,
  failed: (n, d) => `「${n}」の操作に失敗しました（${d}）。`,
  readHeader: (n, o, w) => `「${n}」（${o}・${w}）:`,
  readElsewhere: (ws) => `同じ名前の付箋がほかにもあります: ${ws.join('・')}`,
  readCut: (m) => `（${m} 字で打ち切りました）`,
  listEmpty: '黒板に付箋はありません。',
  listOrphan: (rel) => `${rel}（持ち主なし。file の read で読めます）`,
  listNotMd: (rel) => `${rel}（.md ファイルではないので付箋ではありません。file の read で読めます）`,
  listUnknownOwner: (rel) => `${rel}（持ち主の id がこの村にいません。file の read で読めます）`,
  listDropped: (c) => `（上限のため省略: ${c}）`,
};

const EN: BlackboardTexts = {
  disabled:
    'The blackboard tool is not available: this servant is set not to use the blackboard, or has no work folder.',
  workDirGone: 'The work folder was not found. The blackboard lives in its blackboard/ folder.',
  unsafeBoard: 'blackboard/ is not a plain folder (a link or similar). Ask a person to check it.',
  badOp: 'op is one of list, read, write, append, move, remove.',
  nameMissing: 'Give name (the task name).',
  nameTooLong: (max) => `A task name has at most ${max} characters. Use a shorter one.`,
  bodyMissing: 'Give body (the text to write) as a string.',
  bodyBinary: 'body contains a NUL character. A note is text only (with a NUL, read could not return it).',
  toMissing: 'to is one of doing, on-hold, done.',
  tooLarge: (n, c, m) => `"${n}": a note has at most ${m} characters (this is ${c}). Make it shorter.`,
  appendTooLarge: (n, c, m) =>
    `"${n}": after this append the note would have ${c} characters, over the ${m} limit. Write the rest as a new note with another task name.`,
  exists: (n, w, a) => `A note "${n}" already exists in ${w}. ${enAdvice(a)}`,
  existsCase: (n, e, w, a) =>
    `"${n}" differs only in letter case from your note "${e}" in ${w} (on macOS and Windows they would be the same file). ${enAdvice(a)}`,
  caseResolved: (asked, real) => `(No note "${asked}"; used "${real}", which differs only in letter case.)`,
  caseAmbiguous: (asked, names) =>
    `There is no note "${asked}", and several differ from it only in letter case (${names.map((n) => `"${n}"`).join(', ')}). Give the exact task name.`,
  written: (n) => `Created the note "${n}" in doing.`,
  appended: (n, w, c) => `Appended to "${n}" (${w}), now ${c} characters.`,
  notFound: (n) => `You have no note "${n}". Check the board with list.`,
  notOwner: (n, o) => `"${n}" is ${o}'s note. You can only change your own notes.`,
  ambiguous: (n, ws) =>
    `"${n}" is in several places (${ws.join(', ')}). Remove them all, then write it again.`,
  misplaced: (n, w) =>
    `"${n}" is in ${w}, where it cannot be appended to or moved. Remove it, then write it again.`,
  frozen: (n) =>
    `"${n}" is done: it can no longer be moved or appended to. Remove it and then write, or write under another task name.`,
  moved: (n, f, t) => `Moved "${n}": ${f} → ${t}`,
  sameState: (n, s) => `"${n}" is already in ${s} (nothing changed).`,
  removed: (n, ws) => `Moved "${n}" to the trash (${ws.join(', ')}).`,
  trashFailed: (n, d) => `Could not move "${n}" to the trash (${d}). Nothing was deleted.`,
  failed: (n, d) => `The operation on "${n}" failed (${d}).`,
  readHeader: (n, o, w) => `"${n}" (${o}, ${w}):`,
  readElsewhere: (ws) => `Notes of the same name are also in: ${ws.join(', ')}`,
  readCut: (m) => `(cut at ${m} characters)`,
  listEmpty: 'The blackboard has no notes.',
  listOrphan: (rel) => `${rel} (no owner; read it with file read)`,
  listNotMd: (rel) => `${rel} (not a .md file, so not a note; read it with file read)`,
  listUnknownOwner: (rel) => `${rel} (its owner id is no agent of this village; read it with file read)`,
  listDropped: (c) => `(left out for length: ${c})`,
};

export const BLACKBOARD_TEXTS: Record<Language, BlackboardTexts> = { ja: JA, en: EN };
