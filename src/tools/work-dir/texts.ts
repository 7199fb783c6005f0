import type { Language } from '../../domain/enums.ts';
import { MAX_FILE_BYTES, MAX_OUTPUT_CHARS } from './limits.ts';

const n = (value: number) => value.toLocaleString('en-US');

/** The errno code of a failure, never its message (a message may carry a path). */
const errnoOf = (error: unknown): string | null => {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : null;
};

export interface WorkDirTexts {
  workDirMissing: string;
  workDirGone: string;
  pathNotString: (arg?: string) => string;
  pathEmpty: (arg?: string) => string;
  pathInvalid: (p: string) => string;
  missing: (p: string) => string;
  /** fd's own wording: pointing fd at fd is no help. */
  missingFolderForFd: (p: string) => string;
  outside: (p: string) => string;
  absoluteRefused: (p: string) => string;
  dotDotRefused: (p: string) => string;
  swapped: (p: string) => string;
  hardLinked: (p: string, links: number) => string;
  isFolder: (p: string) => string;
  notFolder: (p: string) => string;
  tooLarge: (p: string, bytes: number) => string;
  binary: (p: string) => string;
  special: (p: string) => string;
  notUtf8: (p: string) => string;
  badRegex: (what: string, detail: string) => string;
  maxOutput: number;
  /** A read tool's unexpected failure: only an errno code is shown (a message may carry a path). */
  toolFailed: (tool: string, error: unknown, args?: string) => string;
}

/**
 * Result texts shared by the work-folder tools, in the village language (issue 22 goes past ledger
 * part 2 §1.3, which kept tool results Japanese: an English village's model read and quoted back
 * 「見つかりません」). The Japanese are unchanged.
 */
const JA: WorkDirTexts = {
  workDirMissing:
    '作業フォルダが設定されていません。このツールは作業フォルダの中だけを扱います。必要なら利用者に作業フォルダの設定を頼んでください。',
  workDirGone:
    '作業フォルダが見つかりません（移動または削除された可能性があります）。利用者に設定の確認を頼んでください。',
  pathNotString: (arg = 'path') => `${arg} は文字列で指定してください。`,
  pathEmpty: (arg = 'path') => `${arg} が空です。作業フォルダからの相対パスを指定してください。`,
  pathInvalid: (p: string) => `パスとして扱えない文字が含まれています: ${p}`,
  missing: (p: string) =>
    `見つかりません: ${p}（作業フォルダからの相対パスで指定してください。探すには fd が使えます）`,
  /** fd's own wording: pointing fd at fd is no help. */
  missingFolderForFd: (p: string) =>
    `見つかりません: ${p}（作業フォルダからの相対パスで指定してください。path を省くと作業フォルダ全体を探します）`,
  outside: (p: string) => `作業フォルダの外です: ${p}。このツールは作業フォルダの中だけを扱います。`,
  absoluteRefused: (p: string) =>
    `絶対パスは指定できません: ${p}。作業フォルダからの相対パスで指定してください。`,
  dotDotRefused: (p: string) =>
    `「..」を含むパスは指定できません: ${p}。作業フォルダからの相対パスで指定してください。`,
  swapped: (p: string) =>
    `扱っている間に ${p} までの経路がリンクに置き換えられたため、何も読み書きしませんでした（作業フォルダの外に届くおそれがあるため）。作業フォルダの中身を確かめてから呼び直してください。`,
  hardLinked: (p: string, links: number) =>
    `ハードリンクされたファイル（名前が ${links} つある）には書き込みません: ${p}。同じ中身が作業フォルダの外の名前からも使われているおそれがあるためです。変えた内容は file write で新しいファイルとして作ってください。`,
  isFolder: (p: string) => `フォルダです（ファイルを指定してください）: ${p}`,
  notFolder: (p: string) => `フォルダではありません: ${p}`,
  tooLarge: (p: string, bytes: number) =>
    `大きすぎるため扱えません: ${p}（${bytes.toLocaleString('en-US')} バイト。上限は ${MAX_FILE_BYTES.toLocaleString('en-US')} バイト）`,
  binary: (p: string) => `バイナリファイルのため扱えません: ${p}`,
  special: (p: string) =>
    `通常のファイルではないため扱えません（パイプ・ソケット・デバイスなど）: ${p}。テキストのファイルを指定してください。`,
  notUtf8: (p: string) => `UTF-8 のテキストではないため扱えません: ${p}`,
  badRegex: (what: string, detail: string) => `${what} を正規表現として解釈できません: ${detail}`,
  maxOutput: MAX_OUTPUT_CHARS,
  /** A read tool's unexpected failure: only an errno code is shown (a message may carry a path). */
  toolFailed: (tool: string, error: unknown, args = 'path') => {
    const code = errnoOf(error);
    const detail = code === null ? '' : `（${code}）`;
    return `${tool} を実行できませんでした${detail}。${args} を見直すか、少し待ってから呼び直してください。`;
  },
};

const EN: WorkDirTexts = {
  workDirMissing:
    'No work folder is set. This tool works only inside the work folder; if you need one, ask the user to set a work folder.',
  workDirGone:
    'The work folder is not found (it may have been moved or deleted). Ask the user to check the settings.',
  pathNotString: (arg = 'path') => `Give ${arg} as a string.`,
  pathEmpty: (arg = 'path') => `${arg} is empty. Give a path relative to the work folder.`,
  pathInvalid: (p) => `The path contains characters that cannot be used in a path: ${p}`,
  missing: (p) => `Not found: ${p} (give a path relative to the work folder; fd can search for it)`,
  missingFolderForFd: (p) =>
    `Not found: ${p} (give a path relative to the work folder; leave path out to search the whole work folder)`,
  outside: (p) => `Outside the work folder: ${p}. This tool works only inside the work folder.`,
  absoluteRefused: (p) => `An absolute path cannot be given: ${p}. Give a path relative to the work folder.`,
  dotDotRefused: (p) =>
    `A path containing ".." cannot be given: ${p}. Give a path relative to the work folder.`,
  swapped: (p) =>
    `While it was being handled, the way to ${p} was replaced by a link, so nothing was read or written (it could reach outside the work folder). Check the work folder's contents, then call again.`,
  hardLinked: (p, links) =>
    `A hard-linked file (it has ${links} names) is never written to: ${p}. The same content may be used under a name outside the work folder. Write your changed content as a new file with file write.`,
  isFolder: (p) => `It is a folder (give a file): ${p}`,
  notFolder: (p) => `Not a folder: ${p}`,
  tooLarge: (p, bytes) =>
    `Too large to handle: ${p} (${n(bytes)} bytes; the limit is ${n(MAX_FILE_BYTES)} bytes)`,
  binary: (p) => `A binary file cannot be handled: ${p}`,
  special: (p) =>
    `Not a regular file (a pipe, socket, device or the like), so it cannot be handled: ${p}. Give a text file.`,
  notUtf8: (p) => `Not UTF-8 text, so it cannot be handled: ${p}`,
  badRegex: (what, detail) => `${what} cannot be read as a regular expression: ${detail}`,
  maxOutput: MAX_OUTPUT_CHARS,
  toolFailed: (tool, error, args = 'path') => {
    const code = errnoOf(error);
    const detail = code === null ? '' : ` (${code})`;
    return `${tool} could not run${detail}. Check ${args}, or wait a moment and call again.`;
  },
};

export const WORK_DIR_TEXTS: Readonly<Record<Language, WorkDirTexts>> = { ja: JA, en: EN };

export function workDirTexts(language: Language): WorkDirTexts {
  return WORK_DIR_TEXTS[language];
}
