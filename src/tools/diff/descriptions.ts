import type { Language } from '../../domain/enums.ts';
import { MAX_OUTPUT_CHARS } from '../work-dir/limits.ts';

export interface DiffDescriptions {
  description: string;
  pathA: string;
  pathB: string;
}

/** The spec texts offered to the model, in the village language (results stay Japanese). */
export const DIFF_DESCRIPTIONS: Record<Language, DiffDescriptions> = {
  ja: {
    description:
      '作業フォルダ内の 2 つのテキストファイルを比べ、unified diff（前後 3 行の文脈付き、`---` が path_a、`+++` が path_b）を返します。' +
      `内容が同じなら「同一です」と返します。出力は ${MAX_OUTPUT_CHARS.toLocaleString('en-US')} 字までで、超えた分は打ち切ったと書きます。`,
    pathA: '比べる元のファイル（作業フォルダからの相対パス）',
    pathB: '比べる先のファイル（作業フォルダからの相対パス）',
  },
  en: {
    description:
      'Compare two text files of the work folder and return a unified diff (3 lines of context; `---` is path_a, `+++` is path_b). ' +
      `Identical files are reported as such. Output stops at ${MAX_OUTPUT_CHARS.toLocaleString('en-US')} characters, with a notice when it is cut. Results are in Japanese.`,
    pathA: 'The file to compare from, relative to the work folder',
    pathB: 'The file to compare to, relative to the work folder',
  },
};
