import type { Language } from '../../domain/enums.ts';
import { WORK_DIR_TEXTS } from '../work-dir/texts.ts';

export const MAX_BATCH_PATHS = 20;

function n(value: number): string {
  return value.toLocaleString('en-US');
}

/** The offered description and parameter texts (the only bilingual part). */
export const SD_SPEC: Record<
  Language,
  {
    description: string;
    pattern: string;
    replacement: string;
    path: string;
    paths: string;
    caseInsensitive: string;
    apply: string;
  }
> = {
  ja: {
    description: `作業フォルダの中の既存のテキストファイルで、正規表現に一致する箇所をすべて置き換えます。既定は preview（適用結果の unified diff を返すだけで何も書き込みません）。apply: true のときだけ書き込み、適用した diff を返します。pattern は JavaScript の RegExp 構文（u フラグ付き）で、名前付きグループは (?<name>...)。先頭に置いた (?i) (?m) (?s) はフラグとして効き、case_insensitive より優先します。replacement では $1 / $name / \${name} でキャプチャを参照し、$ そのものは $$ と書きます。書き込みは 1 回に 1 ファイル（path）。paths にパスを並べると preview だけをまとめて返します（${MAX_BATCH_PATHS} 件まで、apply とは併用できません）。diff が ${n(WORK_DIR_TEXTS.ja.maxOutput)} 字を超える変更はしません。既存ファイルの書き換え専用で、新しいファイルは作りません（作るなら file ツールの write）。`,
    pattern: '探す正規表現（JavaScript の RegExp 構文、u フラグ付き）',
    replacement: '置き換える文字列（$1 / $name / ${name} でキャプチャ参照、$$ でリテラルの $）',
    path: '書き換える 1 つのファイル（作業フォルダからの相対パス）',
    paths: `preview だけをまとめて見るファイルの一覧（明示したパスのみ、${MAX_BATCH_PATHS} 件まで。path と同時には使えない）`,
    caseInsensitive: '大文字小文字を区別しないとき true（pattern 先頭の (?i) / (?-i) が優先）',
    apply: 'true のときだけ書き込む（既定は preview）。path でだけ使える',
  },
  en: {
    description: `Replace every match of a regular expression in an existing text file inside the work folder. Preview by default (returns the unified diff of the result and writes nothing); only apply: true writes, and the applied diff comes back. pattern is JavaScript RegExp syntax with the u flag; named groups are (?<name>...). A leading (?i) (?m) (?s) acts as a flag and wins over case_insensitive. In replacement, $1 / $name / \${name} refer to captures and $$ is a literal $. One file per write (path). With paths, previews of several files come back together (up to ${MAX_BATCH_PATHS}, never with apply). Changes whose diff is over ${n(WORK_DIR_TEXTS.en.maxOutput)} characters are refused. Edits existing files only and never creates a file (to create one, use the file tool's write).`,
    pattern: 'The regular expression (JavaScript RegExp syntax, u flag)',
    replacement: 'The replacement ($1 / $name / ${name} refer to captures, $$ is a literal $)',
    path: 'The one file to edit, relative to the work folder',
    paths: `Files to preview together (listed explicitly, up to ${MAX_BATCH_PATHS}; not with path)`,
    caseInsensitive: 'true to ignore case (a leading (?i) / (?-i) in pattern wins)',
    apply: 'true to write (default: preview). With path only',
  },
};

export interface SdTexts {
  patternMissing: string;
  patternEmpty: string;
  replacementMissing: string;
  noTarget: string;
  bothTargets: string;
  pathsEmpty: string;
  pathsNotArray: string;
  pathsNotStrings: string;
  pathsWithApply: string;
  tooManyPaths: (count: number) => string;
  resolveFailed: (lines: string[]) => string;
  replaced: (count: number) => string;
  noMatch: string;
  sameText: string;
  tooLargeHint: string;
  badInlineFlag: (group: string, bad: string) => string;
  pythonGroupHint: string;
  inlineFlagHint: string;
  syntaxHint: string;
}

/** Batch preview texts (Spec 17). Headings start with `===`: `---` is a unified diff header. */
export interface SdBatchTexts {
  header: (files: number, changed: number, noMatch: number, same: number, skipped: number) => string;
  merged: (rels: string[]) => string;
  changed: (rel: string, what: string, stats: string) => string;
  noMatch: (rel: string) => string;
  same: (rel: string) => string;
  skipped: (rel: string, reason: string) => string;
  tooLarge: (rel: string, message: string) => string;
  notShown: (rel: string, what: string, stats: string) => string;
  stopped: (limit: string, rels: string[]) => string;
  footer: string;
}

/** sd's own result texts in the village language (issue 22; the Japanese unchanged). */
const S_JA: SdTexts = {
  patternMissing: 'pattern（探す正規表現）を文字列で指定してください。',
  patternEmpty: 'pattern が空です。空のパターンはすべての位置に一致するため受け付けません。',
  replacementMissing:
    'replacement（置き換える文字列）を文字列で指定してください。消すなら空文字列を指定します。',
  noTarget: 'path（1 ファイル）か paths（preview だけをまとめて見る一覧）のどちらかを指定してください。',
  bothTargets:
    'path と paths は同時に指定できません。書き込むなら path、まとめて preview するなら paths です。',
  pathsEmpty: 'paths が空です。preview するファイルを 1 つ以上並べてください。',
  pathsNotArray: 'paths は文字列の配列で指定してください。',
  pathsNotStrings: 'paths の要素はすべて文字列（作業フォルダからの相対パス）で指定してください。',
  pathsWithApply:
    'paths は preview 専用で、apply: true とは併用できません。書き込みは 1 回に 1 ファイルなので、path に 1 つ指定して apply: true で呼び出してください。',
  tooManyPaths: (count) =>
    `paths は ${MAX_BATCH_PATHS} 件までです（重複をまとめて ${count} 件）。何も処理していません。対象を絞るか、分けて呼び出してください。`,
  resolveFailed: (lines) =>
    `paths のうち次のパスを解決できないため、呼び出し全体を拒否しました（どのファイルも処理していません）。パスを直して呼び出し直してください。\n${lines.map((l) => `- ${l}`).join('\n')}`,
  replaced: (count) => `${count} 箇所を置換`,
  noMatch: 'pattern に一致する箇所がありません',
  sameText: '置き換えても内容が同じです',
  tooLargeHint:
    'pattern をより具体的にして一致を減らすか、変更を何回かに分けてください（path で 1 ファイルずつ確かめられます）。',
  badInlineFlag: (group, bad) =>
    `インラインフラグ ${group} の ${bad} は使えません（使えるのは先頭に置いた (?i) (?m) (?s) とその組み合わせ、(?-i) のような打ち消しです）`,
  pythonGroupHint:
    '（名前付きグループは JavaScript の構文で (?<name>...) と書きます。(?P<name>...) は使えません）',
  inlineFlagHint:
    '（インラインフラグはパターンの先頭に置いた (?i) (?m) (?s) だけが使えます。途中や (?i:...) の形は使えません）',
  syntaxHint: '（パターンは JavaScript の RegExp 構文で、u フラグ付きで解釈します）',
};

const S_EN: SdTexts = {
  patternMissing: 'Give pattern (the regular expression to find) as a string.',
  patternEmpty: 'pattern is empty. An empty pattern matches at every position, so it is not accepted.',
  replacementMissing: 'Give replacement (the text to put in) as a string. To delete, give an empty string.',
  noTarget: 'Give either path (one file) or paths (a list to preview together).',
  bothTargets: 'path and paths cannot be given together. To write, use path; to preview several, use paths.',
  pathsEmpty: 'paths is empty. List one or more files to preview.',
  pathsNotArray: 'Give paths as an array of strings.',
  pathsNotStrings: 'Every item of paths must be a string (a path relative to the work folder).',
  pathsWithApply:
    'paths is for previews only and cannot go with apply: true. One file is written per call: give it as path and call with apply: true.',
  tooManyPaths: (count) =>
    `paths takes at most ${MAX_BATCH_PATHS} files (${count} after folding duplicates). Nothing was done. Narrow the list or split it into several calls.`,
  resolveFailed: (lines) =>
    `These paths in paths could not be resolved, so the whole call was refused (no file was handled). Fix the paths and call again.\n${lines.map((l) => `- ${l}`).join('\n')}`,
  replaced: (count) => `${count} ${count === 1 ? 'replacement' : 'replacements'}`,
  noMatch: 'nothing matches pattern',
  sameText: 'the replacement gives the same content',
  tooLargeHint:
    'Make pattern more specific so it matches less, or split the change into several calls (path checks one file at a time).',
  badInlineFlag: (group, bad) =>
    `${bad} in the inline flag ${group} cannot be used (only a leading (?i) (?m) (?s), their combinations, and turning off like (?-i))`,
  pythonGroupHint:
    ' (named groups are written (?<name>...) in JavaScript syntax; (?P<name>...) cannot be used)',
  inlineFlagHint:
    ' (only inline flags at the start of the pattern, (?i) (?m) (?s), can be used; not in the middle, nor the (?i:...) form)',
  syntaxHint: ' (the pattern is read as JavaScript RegExp syntax with the u flag)',
};

const B_JA: SdBatchTexts = {
  header: (files, changed, noMatch, same, skipped) =>
    `まとめて preview（書き込んでいません。paths は preview 専用です）: ${files} ファイル — 変更あり ${changed}、一致なし ${noMatch}、変更なし ${same}、スキップ ${skipped}`,
  merged: (rels) => `同じファイルを指すパスを 1 つにまとめました: ${rels.join(', ')}`,
  changed: (rel, what, stats) => `=== ${rel} — ${what}（${stats}）`,
  noMatch: (rel) => `=== ${rel} — 一致なし（pattern に一致する箇所がありません）`,
  same: (rel) => `=== ${rel} — 変更なし（置き換えても内容が同じです）`,
  skipped: (rel, reason) => `=== ${rel} — スキップ: ${reason}`,
  tooLarge: (rel, message) => `=== ${rel} — ${message}`,
  notShown: (rel, what, stats) => `=== ${rel} — diff を表示していません（合計の上限。${what}、${stats}）`,
  stopped: (limit, rels) =>
    `=== 表示した diff の合計が ${limit} 字に達するため、ここで diff の一覧を止めました（diff の途中では切っていません）。表示していないファイル: ${rels.join(', ')}。paths を分けるか、path で 1 ファイルずつ確かめてください。`,
  footer:
    '書き込むには、path に 1 ファイルを指定して apply: true で呼び出してください（1 回に 1 ファイル）。',
};

const B_EN: SdBatchTexts = {
  header: (files, changed, noMatch, same, skipped) =>
    `Preview of several files (nothing written; paths is for previews only): ${files} ${files === 1 ? 'file' : 'files'} — changed ${changed}, no match ${noMatch}, no change ${same}, skipped ${skipped}`,
  merged: (rels) => `Paths naming the same file were folded into one: ${rels.join(', ')}`,
  changed: (rel, what, stats) => `=== ${rel} — ${what} (${stats})`,
  noMatch: (rel) => `=== ${rel} — no match (nothing matches pattern)`,
  same: (rel) => `=== ${rel} — no change (the replacement gives the same content)`,
  skipped: (rel, reason) => `=== ${rel} — skipped: ${reason}`,
  tooLarge: (rel, message) => `=== ${rel} — ${message}`,
  notShown: (rel, what, stats) => `=== ${rel} — diff not shown (the total limit; ${what}, ${stats})`,
  stopped: (limit, rels) =>
    `=== The diffs shown reach ${limit} characters in all, so the list of diffs stops here (no diff is cut in the middle). Files not shown: ${rels.join(', ')}. Split paths, or check one file at a time with path.`,
  footer: 'To write, give one file as path and call with apply: true (one file per call).',
};

export const SD_TEXTS: Readonly<Record<Language, SdTexts>> = { ja: S_JA, en: S_EN };
export const SD_BATCH_TEXTS: Readonly<Record<Language, SdBatchTexts>> = { ja: B_JA, en: B_EN };
