import type { Language } from '../../domain/enums.ts';
import { MAX_FILE_BYTES, MAX_MATCHES, MAX_OUTPUT_CHARS } from '../work-dir/limits.ts';

const MIB = MAX_FILE_BYTES / (1024 * 1024);

export interface GrepDescriptions {
  description: string;
  pattern: string;
  path: string;
  include: string;
  context: string;
  caseInsensitive: string;
  countOnly: string;
}

/** The spec texts offered to the model, in the village language (results stay Japanese). */
export const GREP_DESCRIPTIONS: Record<Language, GrepDescriptions> = {
  ja: {
    description:
      '作業フォルダ内のテキストファイルを正規表現で検索し、一致した行を `パス:行番号:本文` の形で返します。' +
      'ファイルを全部読むよりずっと安いので、まず grep で場所を絞ってください。' +
      'pattern と include は JavaScript の RegExp 構文（u フラグ）です。' +
      '大文字小文字は既定で区別します（case_insensitive: true で pattern と include の両方が区別しなくなります）。' +
      'context を付けると前後の行を `パス-行番号-本文` で示し、同じファイル内で離れた塊の間に `--` を入れます。' +
      `表示は一致 ${MAX_MATCHES} 行・全体 ${MAX_OUTPUT_CHARS.toLocaleString('en-US')} 字までですが、一致の総数とファイル別の件数は常に返します。` +
      `隠しフォルダ（.git など）と node_modules / target / dist / build / out / vendor、バイナリ、${MIB} MiB を超えるファイルは検索しません。`,
    pattern: '行に対する正規表現（JavaScript の RegExp 構文、u フラグ）',
    path: '検索するファイルかフォルダ（作業フォルダからの相対パス）。省略すると作業フォルダ全体',
    include:
      'ファイル名（パスの最後の要素）に対する正規表現。glob ではありません: `*.ts` ではなく `\\.ts$`。フォルダで絞るには path を使います',
    context: '一致行の前後に付ける行数。0〜3 の整数（既定 0）',
    caseInsensitive: 'true で大文字小文字を区別しない（pattern と include の両方）。既定 false',
    countOnly: 'true で一致行を返さず、一致の総数とファイル別の件数だけを返す',
  },
  en: {
    description:
      'Search the text files of the work folder with a regular expression; matching lines come back as `path:line:text`. ' +
      'Far cheaper than reading whole files: use grep first to find where to look. ' +
      'pattern and include are JavaScript RegExp syntax (with the `u` flag). ' +
      'Case-sensitive by default (case_insensitive: true makes both pattern and include ignore case). ' +
      'With context, surrounding lines come as `path-line-text`, and `--` separates distant blocks within one file. ' +
      `At most ${MAX_MATCHES} matching lines and ${MAX_OUTPUT_CHARS.toLocaleString('en-US')} characters are shown, but the total match count and the per-file counts are always given. ` +
      `Hidden folders (.git …), node_modules / target / dist / build / out / vendor, binary files and files over ${MIB} MiB are not searched. Results are in Japanese.`,
    pattern: 'Regular expression for lines (JavaScript RegExp syntax, `u` flag)',
    path: 'File or folder to search, relative to the work folder. Default: the whole work folder',
    include:
      'Regular expression on the file name (last path element). Not a glob: write `\\.ts$`, not `*.ts`. Use path to narrow by folder',
    context: 'Lines to show before and after each match: an integer 0–3 (default 0)',
    caseInsensitive: 'true: ignore case in both pattern and include. Default false',
    countOnly: 'true: return only the total match count and the per-file counts, no lines',
  },
};
