import type { Language } from '../../domain/enums.ts';
import { MAX_FILE_BYTES } from '../work-dir/limits.ts';

const n = (value: number) => value.toLocaleString('en-US');

/** What failed, as ioFailed names it. */
export type FileOpName = 'operation' | 'write' | 'append' | 'mkdir' | 'move' | 'copy';

export interface FileTexts {
  unknownOp: (op: string) => string;
  needString: (name: string) => string;
  readTruncated: (total: number, shown: number) => string;
  folderRead: (p: string) => string;
  exists: (p: string) => string;
  existsAsFolder: (p: string) => string;
  folderFormForFile: (text: string) => string;
  folderFormForDestination: (text: string, suggestion: string) => string;
  existsAsFile: (p: string) => string;
  destinationExists: (p: string) => string;
  contentTooLarge: (bytes: number) => string;
  appendTooLarge: (p: string, bytes: number) => string;
  contentBinary: string;
  rootRefused: string;
  intoItself: (from: string, to: string) => string;
  linkRefused: (p: string) => string;
  created: (p: string, chars: number) => string;
  overwritten: (p: string, chars: number) => string;
  appended: (p: string, chars: number, bytes: number) => string;
  appendCreated: (p: string, chars: number) => string;
  madeFolder: (p: string) => string;
  folderExists: (p: string) => string;
  moved: (from: string, to: string) => string;
  copied: (from: string, to: string) => string;
  trashed: (p: string) => string;
  trashFailed: (p: string, why: string) => string;
  stillPresent: string;
  ioFailed: (what: FileOpName, p: string, why: string) => string;
}

const OP_JA: Record<FileOpName, string> = {
  operation: '操作',
  write: '書き込み',
  append: '追記',
  mkdir: 'フォルダの作成',
  move: '移動',
  copy: '複製',
};

/** The file tool's result texts in the village language (issue 22; the Japanese unchanged). */
const JA: FileTexts = {
  unknownOp: (op: string) =>
    `op が不明です: ${op}。read / write / append / mkdir / move / copy / remove のどれかを指定してください。`,
  needString: (name: string) => `${name} は文字列で指定してください。`,
  readTruncated: (total: number, shown: number) =>
    `\n\n（全 ${n(total)} 字のうち先頭 ${n(shown)} 字を表示しました。file read に続きを読む方法はありません。読み直しても同じ範囲が返ります。必要な箇所は grep で探してください。）`,
  folderRead: (p: string) => `フォルダです: ${p}。中身の一覧は fd で、中の文字列は grep で探せます。`,
  exists: (p: string) =>
    `既に存在します: ${p}。一部だけ直すなら sd / yq を、丸ごと置き換えるなら overwrite: true を指定してください。`,
  existsAsFolder: (p: string) => `同じ名前のフォルダがあります: ${p}`,
  folderFormForFile: (text: string) =>
    `path が / で終わっています（フォルダを指す形）: ${text}。書き込むファイルの名前まで書いてください（例: notes/todo.md）。フォルダを作るなら op: "mkdir" です。`,
  folderFormForDestination: (text: string, suggestion: string) =>
    `to が / で終わっています（フォルダを指す形）: ${text}。ファイルの行き先はファイル名まで書いてください（例: ${suggestion}）。`,
  existsAsFile: (p: string) => `同じ名前のファイルがあります: ${p}`,
  destinationExists: (p: string) =>
    `移動先・複製先が既に存在します: ${p}。上書きはしません。別の名前を指定してください。`,
  contentTooLarge: (bytes: number) =>
    `内容が大きすぎます（${n(bytes)} バイト。1 ファイルの上限は ${n(MAX_FILE_BYTES)} バイト）。`,
  appendTooLarge: (p: string, bytes: number) =>
    `追記すると ${p} が ${n(bytes)} バイトになり、1 ファイルの上限（${n(MAX_FILE_BYTES)} バイト）を超えるため追記しませんでした。`,
  contentBinary: '内容に NUL 文字が含まれています。テキストだけを書き込めます。',
  rootRefused: '作業フォルダそのものは対象にできません。',
  intoItself: (from: string, to: string) =>
    `${from} を自分自身の中（${to}）へ移動・複製することはできません。`,
  created: (p: string, chars: number) => `作成しました: ${p}（${n(chars)} 字）`,
  overwritten: (p: string, chars: number) => `上書きしました: ${p}（${n(chars)} 字）`,
  appended: (p: string, chars: number, bytes: number) =>
    `追記しました: ${p}（${n(chars)} 字を追記、合計 ${n(bytes)} バイト）`,
  appendCreated: (p: string, chars: number) => `ファイルが無かったので作成しました: ${p}（${n(chars)} 字）`,
  madeFolder: (p: string) => `フォルダを作成しました: ${p}`,
  folderExists: (p: string) => `フォルダは既にあります: ${p}`,
  moved: (from: string, to: string) => `移動しました: ${from} → ${to}`,
  copied: (from: string, to: string) => `複製しました: ${from} → ${to}`,
  linkRefused: (p: string) =>
    `シンボリックリンクは移動・削除の対象にできません: ${p}（リンク先ではなくリンクそのものを扱う方法がないため）。`,
  trashed: (p: string) => `ごみ箱へ移しました: ${p}（元に戻すには OS のごみ箱から復元してください）`,
  trashFailed: (p: string, why: string) =>
    `ごみ箱へ移せなかったため削除しませんでした: ${p}（${why}）。このツールは完全削除をしません。`,
  stillPresent: 'still present',
  ioFailed: (what, p, why) => `${OP_JA[what]}に失敗しました: ${p}（${why}）`,
};

const OP_EN: Record<FileOpName, string> = {
  operation: 'The operation',
  write: 'Writing',
  append: 'Appending',
  mkdir: 'Creating the folder',
  move: 'Moving',
  copy: 'Copying',
};

const EN: FileTexts = {
  unknownOp: (op) => `Unknown op: ${op}. Give one of read / write / append / mkdir / move / copy / remove.`,
  needString: (name) => `Give ${name} as a string.`,
  readTruncated: (total, shown) =>
    `\n\n(Showed the first ${n(shown)} of ${n(total)} characters. file read has no way to read on; reading again returns the same part. Use grep to find the part you need.)`,
  folderRead: (p) => `It is a folder: ${p}. List its contents with fd and search the text in it with grep.`,
  exists: (p) =>
    `Already exists: ${p}. To change part of it use sd / yq; to replace it whole, give overwrite: true.`,
  existsAsFolder: (p) => `A folder of the same name exists: ${p}`,
  folderFormForFile: (text) =>
    `path ends with / (the form of a folder): ${text}. Write the name of the file to write as well (e.g. notes/todo.md). To create a folder, use op: "mkdir".`,
  folderFormForDestination: (text, suggestion) =>
    `to ends with / (the form of a folder): ${text}. For a file's destination, write the file name as well (e.g. ${suggestion}).`,
  existsAsFile: (p) => `A file of the same name exists: ${p}`,
  destinationExists: (p) =>
    `The destination already exists: ${p}. It is never overwritten; give another name.`,
  contentTooLarge: (bytes) =>
    `The content is too large (${n(bytes)} bytes; the limit for one file is ${n(MAX_FILE_BYTES)} bytes).`,
  appendTooLarge: (p, bytes) =>
    `Appending would make ${p} ${n(bytes)} bytes, over the limit for one file (${n(MAX_FILE_BYTES)} bytes), so nothing was appended.`,
  contentBinary: 'The content contains a NUL character. Only text can be written.',
  rootRefused: 'The work folder itself cannot be the target.',
  intoItself: (from, to) => `${from} cannot be moved or copied into itself (${to}).`,
  linkRefused: (p) =>
    `A symbolic link cannot be moved or removed: ${p} (there is no way to handle the link itself rather than its target).`,
  created: (p, chars) => `Created: ${p} (${n(chars)} characters)`,
  overwritten: (p, chars) => `Overwritten: ${p} (${n(chars)} characters)`,
  appended: (p, chars, bytes) => `Appended: ${p} (${n(chars)} characters appended, ${n(bytes)} bytes in all)`,
  appendCreated: (p, chars) => `The file did not exist, so it was created: ${p} (${n(chars)} characters)`,
  madeFolder: (p) => `Created the folder: ${p}`,
  folderExists: (p) => `The folder already exists: ${p}`,
  moved: (from, to) => `Moved: ${from} → ${to}`,
  copied: (from, to) => `Copied: ${from} → ${to}`,
  trashed: (p) => `Moved to the trash: ${p} (to undo, restore it from the OS trash)`,
  trashFailed: (p, why) =>
    `It could not be moved to the trash, so it was not removed: ${p} (${why}). This tool never deletes for good.`,
  stillPresent: 'still present',
  ioFailed: (what, p, why) => `${OP_EN[what]} failed: ${p} (${why})`,
};

export const FILE_TEXTS: Readonly<Record<Language, FileTexts>> = { ja: JA, en: EN };

export function fileTexts(language: Language): FileTexts {
  return FILE_TEXTS[language];
}
