import type { TurnStop } from '../../../src/domain/session.ts';

/**
 * The one SVG bar chart (session scope: effective tokens per turn). Geometry only; colours are CSS
 * variables chosen by tone, never a chart library.
 */

/** normal → --accent, warn (a person or a guard stopped it) → --warn, fail → --danger. */
export type BarTone = 'normal' | 'warn' | 'fail';

export function stopTone(stop: Pick<TurnStop, 'kind'>): BarTone {
  switch (stop.kind) {
    case 'completed':
      return 'normal';
    case 'interrupted':
    case 'repeat':
    case 'tool_limit':
      return 'warn';
    case 'failed':
    case 'budget_exhausted':
    case 'reserve_short':
      return 'fail';
  }
}

export const TONE_VAR: Record<BarTone, string> = {
  normal: 'var(--accent)',
  warn: 'var(--warn)',
  fail: 'var(--danger)',
};

export interface Bar {
  index: number;
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The smallest visible bar: a turn that spent nothing still shows that it happened. */
export const MIN_BAR_HEIGHT = 2;

/** Equal slots left to right (at most `maxSlot` wide, so a few turns do not fill the chart); heights scale to the largest value. */
export function layoutBars(
  values: readonly number[],
  width: number,
  height: number,
  maxSlot = Infinity,
): { bars: Bar[]; max: number } {
  const max = values.reduce((m, v) => Math.max(m, v), 0);
  if (values.length === 0) return { bars: [], max };
  const slot = Math.min(width / values.length, maxSlot);
  const barWidth = slot > 3 ? slot * 0.8 : slot;
  const bars = values.map((value, index) => {
    const scaled = max > 0 ? (Math.max(0, value) / max) * height : 0;
    const h = Math.min(height, Math.max(MIN_BAR_HEIGHT, scaled));
    return { index, x: index * slot + (slot - barWidth) / 2, y: height - h, width: barWidth, height: h };
  });
  return { bars, max };
}
