import type { Language } from '../../domain/enums.ts';
import { MAX_LINE_CHARS, MAX_OUTPUT_CHARS } from '../work-dir/limits.ts';
import { MAX_EDIT_LINES } from '../work-dir/unified-diff.ts';

const n = (value: number): string => value.toLocaleString('en-US');

/** The diff tool's result texts in the village language (issue 22; the Japanese unchanged). */
export interface DiffTexts {
  needPath: (name: string) => string;
  oversized: (a: string, b: string) => string;
  identical: (a: string, b: string) => string;
  truncated: (shownHunks: number, totalHunks: number, midHunk: boolean) => string;
  stats: (hunks: number, added: number, removed: number) => string;
  clipped: string;
  bothPaths: string;
}

const JA: DiffTexts = {
  needPath: (name) => `${name} に比べるファイルを作業フォルダからの相対パス（文字列）で指定してください。`,
  oversized: (a, b) =>
    `差分が大きすぎるため表示しません: ${a} と ${b}（変更が ${n(MAX_EDIT_LINES)} 行を超え、${n(MAX_OUTPUT_CHARS)} 字に収まりません）。違いのある箇所は grep で探し、小さなファイル同士で比べてください。`,
  identical: (a, b) => `同一です: ${a} と ${b} の内容は同じです。`,
  truncated: (shownHunks, totalHunks, midHunk) => {
    const what = midHunk
      ? `差分が長いため表示を打ち切りました: 出力の上限 ${n(MAX_OUTPUT_CHARS)} 字に収まるのは 1 か所目の途中までです（全 ${n(totalHunks)} か所）。`
      : `差分が長いため表示を打ち切りました: 出力の上限 ${n(MAX_OUTPUT_CHARS)} 字に収まる ${n(shownHunks)} か所だけを表示しています（全 ${n(totalHunks)} か所）。`;
    return (
      `${what}残りはこの呼び出しでは表示できず、同じ引数で呼び直しても同じ範囲しか返りません。` +
      '残りの箇所は grep（context 付き）で探して確かめるか、比べるファイルを小さく分けてください。'
    );
  },
  stats: (hunks, added, removed) => `変更: ${n(hunks)} か所、追加 ${n(added)} 行・削除 ${n(removed)} 行。`,
  clipped: `${MAX_LINE_CHARS} 字を超える行は … で切っています。違いがその先にあるときは grep で確かめてください。`,
  bothPaths: 'path_a と path_b',
};

const EN: DiffTexts = {
  needPath: (name) => `Give ${name} as the file to compare, a path relative to the work folder (a string).`,
  oversized: (a, b) =>
    `The diff is too large to show: ${a} and ${b} (over ${n(MAX_EDIT_LINES)} changed lines; it cannot fit in ${n(MAX_OUTPUT_CHARS)} characters). Find the differing places with grep and compare smaller files.`,
  identical: (a, b) => `Identical: ${a} and ${b} have the same content.`,
  truncated: (shownHunks, totalHunks, midHunk) => {
    const what = midHunk
      ? `The diff is long, so it was cut: the output limit of ${n(MAX_OUTPUT_CHARS)} characters holds only part of the first of ${n(totalHunks)} ${totalHunks === 1 ? 'hunk' : 'hunks'}. `
      : `The diff is long, so it was cut: only the ${n(shownHunks)} ${shownHunks === 1 ? 'hunk' : 'hunks'} that fit in the output limit of ${n(MAX_OUTPUT_CHARS)} characters are shown (of ${n(totalHunks)}). `;
    return (
      `${what}The rest cannot be shown by this call, and calling again with the same arguments returns the same part. ` +
      'Find the remaining places with grep (with context), or split the files to compare into smaller ones.'
    );
  },
  stats: (hunks, added, removed) =>
    `Changes: ${n(hunks)} ${hunks === 1 ? 'hunk' : 'hunks'}, ${n(added)} ${added === 1 ? 'line' : 'lines'} added, ${n(removed)} removed.`,
  clipped: `Lines over ${MAX_LINE_CHARS} characters are cut with …; if a difference lies beyond, check it with grep.`,
  bothPaths: 'path_a and path_b',
};

export const DIFF_TEXTS: Readonly<Record<Language, DiffTexts>> = { ja: JA, en: EN };
