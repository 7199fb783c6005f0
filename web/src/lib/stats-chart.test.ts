import { describe, expect, it } from 'vitest';
import { layoutBars, MIN_BAR_HEIGHT, stopTone } from './stats-chart.ts';
import { formatCount, formatLatency, formatPercent, formatUsd } from './stats-format.ts';

describe('stats chart', () => {
  it('colours by how the turn ended', () => {
    expect(stopTone({ kind: 'completed' })).toBe('normal');
    expect(stopTone({ kind: 'interrupted' })).toBe('warn');
    expect(stopTone({ kind: 'tool_limit' })).toBe('warn');
    expect(stopTone({ kind: 'repeat' })).toBe('warn');
    expect(stopTone({ kind: 'failed' })).toBe('fail');
    expect(stopTone({ kind: 'budget_exhausted' })).toBe('fail');
    expect(stopTone({ kind: 'reserve_short' })).toBe('fail');
  });

  it('lays bars in equal slots scaled to the largest value', () => {
    const { bars, max } = layoutBars([50, 100, 0], 300, 100);
    expect(max).toBe(100);
    expect(bars.map((b) => b.x)).toEqual([10, 110, 210]);
    expect(bars.map((b) => b.width)).toEqual([80, 80, 80]);
    expect(bars.map((b) => b.height)).toEqual([50, 100, MIN_BAR_HEIGHT]);
    expect(bars[1]!.y).toBe(0);
    expect(layoutBars([], 300, 100).bars).toEqual([]);
    expect(layoutBars([0, 0], 300, 100).bars.every((b) => b.height === MIN_BAR_HEIGHT)).toBe(true);
  });

  it('caps the slot width so that a few turns stay bars', () => {
    const { bars } = layoutBars([1, 2], 600, 100, 20);
    expect(bars.map((b) => b.x)).toEqual([2, 22]);
    expect(bars[0]!.width).toBe(16);
  });

  it('uses the whole slot when bars are thin', () => {
    const { bars } = layoutBars(new Array(500).fill(1), 600, 100);
    expect(bars[0]!.width).toBeCloseTo(1.2);
  });
});

describe('stats format', () => {
  it('formats counts, percentages, latency and USD', () => {
    expect(formatCount(1234567.4, 'en')).toBe('1,234,567');
    expect(formatCount(1234, 'ja')).toBe('1,234');
    expect(formatPercent(0.456)).toBe('46%');
    expect(formatPercent(0)).toBe('0%');
    expect(formatLatency(850.4)).toBe('850 ms');
    expect(formatLatency(12345)).toBe('12.3 s');
    expect(formatUsd(0.01234)).toBe('$0.0123');
    expect(formatUsd(0)).toBe('$0.00');
    expect(formatUsd(1234.5)).toBe('$1,234.50');
  });
});
