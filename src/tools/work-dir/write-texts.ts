import type { DiffStats } from './unified-diff.ts';
import { T } from './texts.ts';

/**
 * Result texts the two write tools (sd, yq) share. Japanese only, whatever the village language
 * (ledger part 2 §1.3); the shared work-folder texts `T` are reused where they fit.
 */
const NEVER_CREATES =
  'sd と yq は既存のファイルを書き換える専用で、新しいファイルは作りません。新しく作るなら file ツールの write（op: "write"）を使ってください。';

function n(value: number): string {
  return value.toLocaleString('en-US');
}

export const W = {
  neverCreates: NEVER_CREATES,
  /** Missing target (Spec 09): a bare "not found" reads as a spelling problem and is retried. */
  missing: (p: string) => `${T.missing(p)}\n${NEVER_CREATES}`,
  notRegular: (p: string) => `通常のファイルではないため扱えません: ${p}`,
  readFailed: (p: string, detail: string) => `読み取れませんでした: ${p}（${detail}）`,
  writeFailed: (p: string, detail: string) =>
    `書き込めませんでした: ${p}（${detail}）。ファイルは変更していません。`,
  changedMeanwhile: (p: string) =>
    `読み取った後に ${p} が変更されたため、書き込みませんでした。もう一度 preview から確かめてください。`,
  stats: (s: DiffStats) => `${s.hunks} ハンク、+${s.added} 行 / -${s.removed} 行`,
  /** The 12,000-character refusal: the same wording for sd, yq and each file of a batch preview. */
  diffTooLarge: (p: string, chars: number, s: DiffStats, hint: string) =>
    `差分が ${n(T.maxOutput)} 字を超えるため、プレビューも適用もしません: ${p}（差分 ${n(chars)} 字、${W.stats(s)}）。差分を切り詰めて見せることはしません。${hint}`,
  diffUncountable: (p: string, hint: string) =>
    `変更が ${n(T.maxOutput / 2)} 行を超え、差分が ${n(T.maxOutput)} 字に収まらないため、プレビューも適用もしません: ${p}。差分を切り詰めて見せることはしません。${hint}`,
  preview: (p: string, what: string, s: DiffStats, diff: string) =>
    `プレビュー（まだ書き込んでいません）: ${p} — ${what}（${W.stats(s)}）\n書き込むには同じ引数に apply: true を足して呼び出してください。\n\n${diff}`,
  applied: (p: string, what: string, s: DiffStats, diff: string) =>
    `適用済み: ${p} に書き込みました — ${what}（${W.stats(s)}）\n\n${diff}`,
  noChange: (p: string, why: string) => `変更なし: ${p}（${why}）。書き込んでいません。`,
  unexpected: (detail: string) => `処理中に予期しないエラーが起きました: ${detail}`,
};

/** Characters as the limits count them (code points, so a surrogate pair is one). */
export function charCount(text: string): number {
  let count = 0;
  for (const _ of text) count += 1;
  return count;
}

export function errorDetail(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'string') return code;
  return error instanceof Error ? error.message : String(error);
}
