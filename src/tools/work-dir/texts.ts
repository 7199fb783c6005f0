import { MAX_FILE_BYTES, MAX_OUTPUT_CHARS } from './limits.ts';

/**
 * Result texts shared by the work-folder tools. Tool results stay Japanese whatever the village
 * language (ledger part 2 §1.3, Spec 35 D4); only descriptions are bilingual.
 */
export const T = {
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
    const code = (error as { code?: unknown } | null)?.code;
    const detail = typeof code === 'string' ? `（${code}）` : '';
    return `${tool} を実行できませんでした${detail}。${args} を見直すか、少し待ってから呼び直してください。`;
  },
};
