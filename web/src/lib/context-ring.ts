export type RingColor = 'accent' | 'warn' | 'fail';

export interface RingView {
  /** Unclamped: over 100% says the template's contextLength is smaller than the real window. */
  ratio: number;
  /** The arc, clamped to 0..1. */
  arc: number;
  percent: number;
  color: RingColor;
}

/** Fixed thresholds (ledger part 6 §1.2), not settings. */
export function ringColor(ratio: number): RingColor {
  if (ratio < 0.75) return 'accent';
  if (ratio < 0.9) return 'warn';
  return 'fail';
}

/**
 * `lastPromptTokens ÷ contextLength` of the selected servant; null (hidden) when nothing is selected,
 * the template is missing or has contextLength 0, or the agent has not called a model yet.
 */
export function contextRing(
  lastPromptTokens: number | null | undefined,
  contextLength: number | null | undefined,
): RingView | null {
  if (lastPromptTokens === null || lastPromptTokens === undefined) return null;
  if (!contextLength || contextLength <= 0) return null;
  const ratio = lastPromptTokens / contextLength;
  return {
    ratio,
    arc: Math.min(Math.max(ratio, 0), 1),
    // Floor, so the number never shows a threshold the colour has not reached (89.6% reads 89).
    percent: Math.floor(ratio * 100),
    color: ringColor(ratio),
  };
}

/** 「入力の N% をキャッシュ」: cached ÷ input (never ÷ total); 0 when nothing was input. */
export function cachePercent(cachedTokens: number, promptTokens: number): number {
  return promptTokens > 0 ? Math.round((cachedTokens / promptTokens) * 100) : 0;
}
