import { describe, expect, it } from 'vitest';
const ZERO_USAGE = { prompt: 0, completion: 0, cacheRead: 0, cacheWrite: 0, cacheWrite1h: 0, reasoning: 0 };
type Usage = typeof ZERO_USAGE;
import {
  WEIGHT_CACHED_MILLI,
  WEIGHT_OUTPUT_MILLI,
  WEIGHT_UNCACHED_MILLI,
  effectiveMilli,
  effectiveTokens,
  milliToTokens,
  tokensToMilli,
} from './effective-tokens.ts';

const usage = (fields: Partial<Usage>): Usage => ({ ...ZERO_USAGE, ...fields });

describe('effective-token weights', () => {
  it('are uncached ×1, cached ×0.1, output ×4 in milli', () => {
    expect(WEIGHT_UNCACHED_MILLI).toBe(1000);
    expect(WEIGHT_CACHED_MILLI).toBe(100);
    expect(WEIGHT_OUTPUT_MILLI).toBe(4000);
  });
});

describe('effectiveMilli', () => {
  it('is 0 for no usage', () => {
    expect(effectiveMilli(ZERO_USAGE)).toBe(0);
  });

  it('weighs each kind on its own', () => {
    expect(effectiveMilli(usage({ prompt: 1 }))).toBe(1000);
    expect(effectiveMilli(usage({ prompt: 1, cacheRead: 1 }))).toBe(100);
    expect(effectiveMilli(usage({ completion: 1 }))).toBe(4000);
  });

  it('is (prompt − cacheRead)×1000 + cacheRead×100 + completion×4000', () => {
    // 1,000 uncached + 9,000 cached + 50 output
    expect(effectiveMilli(usage({ prompt: 10_000, cacheRead: 9_000, completion: 50 }))).toBe(
      1_000_000 + 900_000 + 200_000,
    );
  });

  it('counts cache writes as uncached ×1 (they are inside prompt, not added again)', () => {
    const plain = usage({ prompt: 10_000, completion: 10 });
    const written = usage({ prompt: 10_000, cacheWrite: 8_000, cacheWrite1h: 8_000, completion: 10 });
    expect(effectiveMilli(written)).toBe(effectiveMilli(plain));
    expect(effectiveMilli(written)).toBe(10_000 * 1000 + 10 * 4000);
  });

  it('mixes reads and writes: writes stay ×1, reads ×0.1', () => {
    const u = usage({ prompt: 5_000, cacheRead: 3_000, cacheWrite: 1_500, completion: 200 });
    expect(effectiveMilli(u)).toBe(2_000 * 1000 + 3_000 * 100 + 200 * 4000);
  });

  it('does not add reasoning: it is inside completion', () => {
    const withReasoning = usage({ prompt: 100, completion: 500, reasoning: 400 });
    expect(effectiveMilli(withReasoning)).toBe(effectiveMilli(usage({ prompt: 100, completion: 500 })));
    expect(effectiveMilli(withReasoning)).toBe(100 * 1000 + 500 * 4000);
  });

  it('clamps prompt − cacheRead at 0 when a provider reports more cached than prompt', () => {
    expect(effectiveMilli(usage({ prompt: 100, cacheRead: 150 }))).toBe(150 * 100);
  });

  it('reads a negative or non-finite count as 0 and a fraction rounded up', () => {
    expect(effectiveMilli(usage({ prompt: -5, completion: Number.NaN }))).toBe(0);
    expect(effectiveMilli(usage({ completion: 0.5 }))).toBe(4000);
  });
});

describe('milliToTokens', () => {
  it.each([
    [0, 0],
    [1, 1],
    [999, 1],
    [1000, 1],
    [1001, 2],
    [1999, 2],
    [2000, 2],
    [1_000_000, 1000],
    [1_000_001, 1001],
  ])('rounds %i milli up to %i tokens ((milli + 999) / 1000 in integers)', (milli, tokens) => {
    expect(milliToTokens(milli)).toBe(tokens);
  });

  it('is 0 for a negative amount', () => {
    expect(milliToTokens(-1500)).toBe(0);
  });

  it('round-trips whole tokens', () => {
    expect(tokensToMilli(1_000_000)).toBe(1_000_000_000);
    expect(milliToTokens(tokensToMilli(123_456))).toBe(123_456);
  });

  it('gives effective tokens of a call rounded up', () => {
    // 10 cached tokens = 1 effective token; 11 = 1.1 → 2
    expect(effectiveTokens(usage({ prompt: 10, cacheRead: 10 }))).toBe(1);
    expect(effectiveTokens(usage({ prompt: 11, cacheRead: 11 }))).toBe(2);
  });
});
