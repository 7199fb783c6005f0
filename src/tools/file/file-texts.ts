import { MAX_FILE_BYTES } from '../work-dir/limits.ts';

const n = (value: number) => value.toLocaleString('en-US');

/** The file tool's result texts (Japanese whatever the village language, like every tool result). */
export const F = {
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
  trashed: (p: string) => `ごみ箱へ移しました: ${p}（元に戻すには OS のごみ箱から復元してください）`,
  trashFailed: (p: string, why: string) =>
    `ごみ箱へ移せなかったため削除しませんでした: ${p}（${why}）。このツールは完全削除をしません。`,
  ioFailed: (what: string, p: string, why: string) => `${what}に失敗しました: ${p}（${why}）`,
};
