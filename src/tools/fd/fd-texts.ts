import type { Language } from '../../domain/enums.ts';
import { MAX_MATCHES, MAX_OUTPUT_CHARS } from '../work-dir/limits.ts';

/** fd's argument refusals in the village language (issue 22; the Japanese unchanged). */
export const FD_TEXTS = {
  ja: {
    patternMissing:
      'pattern（名前に対する正規表現）を文字列で指定してください。すべてを一覧するなら空文字列 "" です。',
    caseNotBoolean: (value: string) =>
      `case_sensitive は true か false で指定してください（指定値: ${value}）。`,
    globTarget: '名前',
    caseHint: 'fd は既定で大文字小文字を区別しません（区別するなら case_sensitive: true）。',
    notFolder: (refusal: string) =>
      `${refusal}。fd は path に指定したフォルダの中を名前で探します（ファイルの中身を探すなら grep）。`,
  },
  en: {
    patternMissing:
      'Give pattern (a regular expression on names) as a string. To list everything, give the empty string "".',
    caseNotBoolean: (value: string) => `Give case_sensitive as true or false (given: ${value}).`,
    globTarget: 'name',
    caseHint: 'fd ignores case by default (to tell case apart, use case_sensitive: true).',
    notFolder: (refusal: string) =>
      `${refusal}. fd searches by name inside the folder given as path (to search file contents, use grep).`,
  },
} as const satisfies Record<Language, unknown>;

const n = (value: number): string => value.toLocaleString('en-US');

/** The listing's count and notices (listing.ts), in the village language. */
export interface FdListingTexts {
  scanTruncated: (maxFiles: number) => string;
  displayTruncated: (stop: 'entries' | 'chars', shown: number, total: number) => string;
  count: (total: number, folders: number) => string;
  noMatch: (files: number, folders: number, caseSensitive: boolean) => string;
}

export const FD_LISTING_TEXTS: Readonly<Record<Language, FdListingTexts>> = {
  ja: {
    scanTruncated: (maxFiles) =>
      `走査を打ち切りました: 調べるファイルが上限の ${n(maxFiles)} 件に達したため、それより後は見ていません。` +
      '件数は調べた範囲だけのものです。path で探すフォルダを絞ってください。' +
      '同じ引数で呼び直しても同じ範囲しか調べません。',
    displayTruncated: (stop, shown, total) => {
      const what =
        stop === 'entries'
          ? `表示を打ち切りました: 一覧は ${MAX_MATCHES} 件までのため、${n(total)} 件のうち先頭の ${n(shown)} 件だけを表示しています。`
          : `表示を打ち切りました: 出力が ${n(MAX_OUTPUT_CHARS)} 字に達するため、${n(total)} 件のうち先頭の ${n(shown)} 件だけを表示しています。`;
      return (
        `${what}残りを見るには、pattern をより具体的にする（例: 拡張子なら "\\.ts$"）か、path で探すフォルダを絞ってください。` +
        '同じ引数で呼び直しても同じ範囲しか表示されません。'
      );
    },
    count: (total, folders) =>
      `一致: 全 ${n(total)} 件（フォルダ ${n(folders)}、ファイル ${n(total - folders)}）。`,
    noMatch: (files, folders, caseSensitive) =>
      `名前が pattern に合うファイル・フォルダはありませんでした（見たもの: ファイル ${n(files)}、フォルダ ${n(folders)}）。` +
      `fd が見るのは名前（パスの最後の要素）だけです。pattern を見直してください。${caseSensitive ? 'case_sensitive を外すと大文字小文字を区別しません。' : ''}中身を探すなら grep を使います。`,
  },
  en: {
    scanTruncated: (maxFiles) =>
      `The scan was stopped: the files looked at reached the limit of ${n(maxFiles)}, so nothing after them was seen. ` +
      'The counts cover only what was looked at. Narrow the folder to search with path. ' +
      'Calling again with the same arguments looks at the same part only.',
    displayTruncated: (stop, shown, total) => {
      const what =
        stop === 'entries'
          ? `The list was cut: it holds at most ${MAX_MATCHES} entries, so only the first ${n(shown)} of ${n(total)} are shown. `
          : `The list was cut: the output reached ${n(MAX_OUTPUT_CHARS)} characters, so only the first ${n(shown)} of ${n(total)} are shown. `;
      return (
        `${what}To see the rest, make pattern more specific (e.g. "\\.ts$" for an extension) or narrow the folder with path. ` +
        'Calling again with the same arguments shows the same part only.'
      );
    },
    count: (total, folders) =>
      `Matches: ${n(total)} in all (${n(folders)} ${folders === 1 ? 'folder' : 'folders'}, ${n(total - folders)} ${total - folders === 1 ? 'file' : 'files'}).`,
    noMatch: (files, folders, caseSensitive) =>
      `No file or folder has a name matching pattern (looked at: ${n(files)} ${files === 1 ? 'file' : 'files'}, ${n(folders)} ${folders === 1 ? 'folder' : 'folders'}). ` +
      `fd looks only at names (the last part of the path). Check pattern.${caseSensitive ? ' Without case_sensitive, case is ignored.' : ''} To search contents, use grep.`,
  },
};
