/** Number formatting of the statistics screen. Display only: the numbers themselves come from the core. */

function locale(language: string): string {
  return language === 'ja' ? 'ja-JP' : 'en-US';
}

/** A whole count with grouping: 1,234,567. */
export function formatCount(value: number, language: string): string {
  return Math.round(value).toLocaleString(locale(language));
}

/** An integer percentage of a ratio (the card rounds the same way): 0.4567 → `46%`. */
export function formatPercent(ratio: number): string {
  return `${Math.round(ratio * 100)}%`;
}

/** Under a second in ms, otherwise seconds with one decimal: `850 ms`, `12.3 s`. */
export function formatLatency(ms: number): string {
  if (ms < 1000) return `${Math.round(ms)} ms`;
  return `${(ms / 1000).toFixed(1)} s`;
}

/** USD without conversion; small amounts keep 4 decimals so that they do not read as zero. */
export function formatUsd(usd: number): string {
  if (usd > 0 && usd < 1) return `$${usd.toFixed(4)}`;
  return `$${usd.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}
