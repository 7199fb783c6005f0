import type { Language } from '../../domain/enums.ts';
import type { DiffStats } from './unified-diff.ts';
import { WORK_DIR_TEXTS } from './texts.ts';

/**
 * Result texts the two write tools (sd, yq) share, in the village language (issue 22; the Japanese
 * unchanged); the shared work-folder texts are reused where they fit.
 */
function n(value: number): string {
  return value.toLocaleString('en-US');
}

export interface WriteTexts {
  neverCreates: string;
  /** Missing target (Spec 09): a bare "not found" reads as a spelling problem and is retried. */
  missing: (p: string) => string;
  notRegular: (p: string) => string;
  readFailed: (p: string, detail: string) => string;
  writeFailed: (p: string, detail: string) => string;
  changedMeanwhile: (p: string) => string;
  stats: (s: DiffStats) => string;
  /** The 12,000-character refusal: the same wording for sd, yq and each file of a batch preview. */
  diffTooLarge: (p: string, chars: number, s: DiffStats, hint: string) => string;
  diffUncountable: (p: string, hint: string) => string;
  preview: (p: string, what: string, s: DiffStats, diff: string) => string;
  applied: (p: string, what: string, s: DiffStats, diff: string) => string;
  noChange: (p: string, why: string) => string;
  unexpected: (detail: string) => string;
}

const NEVER_CREATES_JA =
  'sd と yq は既存のファイルを書き換える専用で、新しいファイルは作りません。新しく作るなら file ツールの write（op: "write"）を使ってください。';
const MAX_JA = WORK_DIR_TEXTS.ja.maxOutput;

const JA: WriteTexts = {
  neverCreates: NEVER_CREATES_JA,
  missing: (p) => `${WORK_DIR_TEXTS.ja.missing(p)}\n${NEVER_CREATES_JA}`,
  notRegular: (p) => `通常のファイルではないため扱えません: ${p}`,
  readFailed: (p, detail) => `読み取れませんでした: ${p}（${detail}）`,
  writeFailed: (p, detail) => `書き込めませんでした: ${p}（${detail}）。ファイルは変更していません。`,
  changedMeanwhile: (p) =>
    `読み取った後に ${p} が変更されたため、書き込みませんでした。もう一度 preview から確かめてください。`,
  stats: (s) => `${s.hunks} ハンク、+${s.added} 行 / -${s.removed} 行`,
  diffTooLarge: (p, chars, s, hint) =>
    `差分が ${n(MAX_JA)} 字を超えるため、プレビューも適用もしません: ${p}（差分 ${n(chars)} 字、${JA.stats(s)}）。差分を切り詰めて見せることはしません。${hint}`,
  diffUncountable: (p, hint) =>
    `変更が ${n(MAX_JA / 2)} 行を超え、差分が ${n(MAX_JA)} 字に収まらないため、プレビューも適用もしません: ${p}。差分を切り詰めて見せることはしません。${hint}`,
  preview: (p, what, s, diff) =>
    `プレビュー（まだ書き込んでいません）: ${p} — ${what}（${JA.stats(s)}）\n書き込むには同じ引数に apply: true を足して呼び出してください。\n\n${diff}`,
  applied: (p, what, s, diff) => `適用済み: ${p} に書き込みました — ${what}（${JA.stats(s)}）\n\n${diff}`,
  noChange: (p, why) => `変更なし: ${p}（${why}）。書き込んでいません。`,
  unexpected: (detail) => `処理中に予期しないエラーが起きました: ${detail}`,
};

const NEVER_CREATES_EN =
  'sd and yq only change existing files; they never create a new one. To create a file, use the file tool\'s write (op: "write").';
const MAX_EN = WORK_DIR_TEXTS.en.maxOutput;

const EN: WriteTexts = {
  neverCreates: NEVER_CREATES_EN,
  missing: (p) => `${WORK_DIR_TEXTS.en.missing(p)}\n${NEVER_CREATES_EN}`,
  notRegular: (p) => `Not a regular file, so it cannot be handled: ${p}`,
  readFailed: (p, detail) => `Could not read: ${p} (${detail})`,
  writeFailed: (p, detail) => `Could not write: ${p} (${detail}). The file was not changed.`,
  changedMeanwhile: (p) =>
    `${p} changed after it was read, so nothing was written. Check again from a preview.`,
  stats: (s) =>
    `${s.hunks} ${s.hunks === 1 ? 'hunk' : 'hunks'}, +${s.added} / -${s.removed} ${s.added + s.removed === 1 ? 'line' : 'lines'}`,
  diffTooLarge: (p, chars, s, hint) =>
    `The diff is over ${n(MAX_EN)} characters, so there is no preview and nothing is applied: ${p} (diff ${n(chars)} characters, ${EN.stats(s)}). A diff is never shown cut short. ${hint}`,
  diffUncountable: (p, hint) =>
    `The change is over ${n(MAX_EN / 2)} lines and its diff cannot fit in ${n(MAX_EN)} characters, so there is no preview and nothing is applied: ${p}. A diff is never shown cut short. ${hint}`,
  preview: (p, what, s, diff) =>
    `Preview (nothing written yet): ${p} — ${what} (${EN.stats(s)})\nTo write it, call again with the same arguments plus apply: true.\n\n${diff}`,
  applied: (p, what, s, diff) => `Applied: written to ${p} — ${what} (${EN.stats(s)})\n\n${diff}`,
  noChange: (p, why) => `No change: ${p} (${why}). Nothing was written.`,
  unexpected: (detail) => `An unexpected error occurred: ${detail}`,
};

export const WRITE_TEXTS: Readonly<Record<Language, WriteTexts>> = { ja: JA, en: EN };

export function writeTexts(language: Language): WriteTexts {
  return WRITE_TEXTS[language];
}

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
