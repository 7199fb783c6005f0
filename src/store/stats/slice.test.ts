import { describe, expect, it } from 'vitest';
import { effectiveMilli, effectiveTokens } from '../../domain/effective-tokens.ts';
import { SliceSum, turnEffective } from './slice.ts';
import { turn } from './test-turns.ts';
import type { TurnRecord } from '../../domain/session.ts';

function sliceOf(turns: TurnRecord[]) {
  const sum = new SliceSum();
  for (const t of turns) sum.add(t, turnEffective(t));
  return sum.finish();
}

describe('turnEffective', () => {
  it('is the budget implementation: (prompt − cached)×1 + cached×0.1 + completion×4', () => {
    const t = turn({ prompt: 1000, cached: 600, completion: 200, reasoning: 50, cacheWrite: 300 });
    // 400 + 60 + 800
    expect(turnEffective(t)).toBe(1260);
    const usage = {
      prompt: 1000,
      cacheRead: 600,
      completion: 200,
      reasoning: 50,
      cacheWrite: 300,
      cacheWrite1h: 0,
    };
    expect(turnEffective(t)).toBe(effectiveTokens(usage));
    expect(turnEffective(t) * 1000).toBe(effectiveMilli(usage));
  });

  it('counts cache writes at ×1 (already inside prompt) and never adds reasoning', () => {
    const base = turn({ prompt: 1000, cached: 0, completion: 100 });
    const withWrites = turn({ prompt: 1000, cached: 0, completion: 100, cacheWrite: 900, cacheWrite1h: 400 });
    const withReasoning = turn({ prompt: 1000, cached: 0, completion: 100, reasoning: 80 });
    expect(turnEffective(base)).toBe(1400);
    expect(turnEffective(withWrites)).toBe(1400);
    expect(turnEffective(withReasoning)).toBe(1400);
  });

  it('rounds each turn up, so every table sums the same integers', () => {
    const t = turn({ prompt: 5, cached: 5 }); // 0.5 effective
    expect(turnEffective(t)).toBe(1);
    expect(sliceOf([t, t]).effective).toBe(2);
  });
});

describe('Slice', () => {
  it('computes every field on a hand-made example', () => {
    const slice = sliceOf([
      turn({
        prompt: 1000,
        cached: 600,
        completion: 200,
        reasoning: 50,
        cacheWrite: 300,
        cacheWrite1h: 100,
        elapsedMs: 1500,
      }),
      turn({ prompt: 500, completion: 100, elapsedMs: 500, stop: { kind: 'failed', code: 'LLM_TIMEOUT' } }),
      turn({ prompt: 0, completion: 0, elapsedMs: 1000, stop: { kind: 'interrupted' } }),
    ]);
    expect(slice).toEqual({
      turns: 3,
      failed: 1,
      prompt: 1500,
      cached: 600,
      completion: 300,
      reasoning: 50,
      cacheWrite: 300,
      cacheWrite1h: 100,
      effective: 1260 + 900 + 0,
      cacheRate: 600 / 1500,
      outputShare: 300 / 1800,
      avgElapsedMs: 1000,
      avgTokensPerTurn: 600,
    });
  });

  it('is all zeros for no turns (no division by zero)', () => {
    expect(sliceOf([])).toEqual({
      turns: 0,
      failed: 0,
      prompt: 0,
      cached: 0,
      completion: 0,
      reasoning: 0,
      cacheWrite: 0,
      cacheWrite1h: 0,
      effective: 0,
      cacheRate: 0,
      outputShare: 0,
      avgElapsedMs: 0,
      avgTokensPerTurn: 0,
    });
  });

  it('guards each ratio on its own denominator', () => {
    const noTokens = sliceOf([turn({ elapsedMs: 40 })]);
    expect(noTokens.cacheRate).toBe(0);
    expect(noTokens.outputShare).toBe(0);
    expect(noTokens.avgTokensPerTurn).toBe(0);
    expect(noTokens.avgElapsedMs).toBe(40);

    const outputOnly = sliceOf([turn({ completion: 10 })]);
    expect(outputOnly.cacheRate).toBe(0);
    expect(outputOnly.outputShare).toBe(1);
  });
});
