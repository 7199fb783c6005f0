import type { Language } from '../../domain/enums.ts';
import { MAX_MATCHES } from '../work-dir/limits.ts';

export interface FdDescriptions {
  description: string;
  pattern: string;
  path: string;
  caseSensitive: string;
}

/** The spec texts offered to the model, in the village language (results stay Japanese). */
export const FD_DESCRIPTIONS: Record<Language, FdDescriptions> = {
  ja: {
    description:
      '作業フォルダ内のファイルとフォルダを名前で探し、作業フォルダからの相対パスで返します（フォルダは末尾に `/`）。' +
      '見るのは名前（パスの最後の要素）だけで、中身を探すなら grep を使います。' +
      'pattern は JavaScript の RegExp 構文（u フラグ）の正規表現で、glob ではありません（`*.ts` ではなく `\\.ts$`）。' +
      '大文字小文字は既定で区別しません（grep とは逆。区別するなら case_sensitive: true）。空の pattern はすべてに一致します。' +
      `表示は ${MAX_MATCHES} 件までですが、一致の総数は常に返します。隠しフォルダ（.git など）と node_modules / target / dist / build / out / vendor の中は探しません。`,
    pattern:
      '名前（パスの最後の要素）に対する正規表現（JavaScript の RegExp 構文、u フラグ）。glob ではありません',
    path: '探すフォルダ（作業フォルダからの相対パス）。省略すると作業フォルダ全体',
    caseSensitive: 'true で大文字小文字を区別する。既定 false（区別しない）',
  },
  en: {
    description:
      'Find files and folders of the work folder by name; they come back as paths relative to the work folder (folders end in `/`). ' +
      'Only the name (last path element) is matched; use grep to search contents. ' +
      'pattern is a regular expression in JavaScript RegExp syntax (with the `u` flag), not a glob: write `\\.ts$`, not `*.ts`. ' +
      'Case is ignored by default (unlike grep; case_sensitive: true to respect it). An empty pattern matches everything. ' +
      `At most ${MAX_MATCHES} entries are shown, but the total count is always given. Hidden folders (.git …) and node_modules / target / dist / build / out / vendor are not entered. Results are in Japanese.`,
    pattern:
      'Regular expression on the name (last path element), JavaScript RegExp syntax with the `u` flag. Not a glob',
    path: 'Folder to search, relative to the work folder. Default: the whole work folder',
    caseSensitive: 'true: respect case. Default false (case ignored)',
  },
};
