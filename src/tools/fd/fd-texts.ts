import type { Language } from '../../domain/enums.ts';

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
