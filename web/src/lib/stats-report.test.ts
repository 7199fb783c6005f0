import { describe, expect, it } from 'vitest';
import {
  agentUsageRows,
  cacheWriteBreakdown,
  canGoNext,
  canGoPrev,
  closingMonthOf,
  daysSince,
  emptyState,
  modelUsageRows,
  periodOfMonth,
  scopeArg,
  shiftMonth,
  showsMoney,
  type AgentSlice,
  type CostReport,
  type Slice,
} from './stats-report.ts';

const ZERO: Slice = {
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
};

function agent(agentId: string, model: string, s: Partial<Slice>): AgentSlice {
  return { agentId, model, ...ZERO, ...s };
}

describe('stats period navigation', () => {
  const now = new Date(2026, 7, 10, 12);

  it('keeps the closing month and derives the boundaries', () => {
    expect(closingMonthOf(now, 25)).toEqual({ year: 2026, month: 8 });
    expect(closingMonthOf(new Date(2026, 7, 26), 25)).toEqual({ year: 2026, month: 9 });
    const p = periodOfMonth({ year: 2026, month: 8 }, 25);
    expect(p.start).toEqual(new Date(2026, 6, 26));
    expect(p.end).toEqual(new Date(2026, 7, 26));
    expect(shiftMonth({ year: 2026, month: 1 }, -1)).toEqual({ year: 2025, month: 12 });
    expect(shiftMonth({ year: 2025, month: 12 }, 1)).toEqual({ year: 2026, month: 1 });
  });

  it('stops ▶ at the current period', () => {
    expect(canGoNext({ year: 2026, month: 8 }, now, 'eom')).toBe(false);
    expect(canGoNext({ year: 2026, month: 7 }, now, 'eom')).toBe(true);
    expect(canGoNext({ year: 2025, month: 12 }, now, 'eom')).toBe(true);
  });

  it('stops ◀ at the closing month holding oldestMs, and disables it without one', () => {
    const oldest = new Date(2026, 6, 27).getTime(); // falls in "August" for closing day 25
    expect(canGoPrev({ year: 2026, month: 8 }, oldest, 25)).toBe(false);
    expect(canGoPrev({ year: 2026, month: 8 }, oldest, 'eom')).toBe(true);
    expect(canGoPrev({ year: 2026, month: 7 }, oldest, 'eom')).toBe(false);
    expect(canGoPrev({ year: 2026, month: 8 }, null, 'eom')).toBe(false);
  });

  it('builds the scope argument: no period for a session, half-open period for all', () => {
    expect(scopeArg('session', 's1', { year: 2026, month: 8 }, 'eom')).toEqual({
      kind: 'session',
      sessionId: 's1',
    });
    expect(scopeArg('session', null, null, 'eom')).toBeNull();
    expect(scopeArg('all', null, null, 'eom')).toEqual({ kind: 'all' });
    expect(scopeArg('all', 's1', { year: 2026, month: 8 }, 'eom')).toEqual({
      kind: 'all',
      period: {
        sinceMs: new Date(2026, 7, 1).getTime(),
        untilMs: new Date(2026, 8, 1).getTime(),
      },
    });
  });
});

describe('stats content', () => {
  it('picks the one-line empty state by scope', () => {
    expect(emptyState({ scope: { kind: 'session', sessionId: 's' }, totals: ZERO })).toBe('session');
    expect(emptyState({ scope: { kind: 'all', period: { sinceMs: 0, untilMs: 1 } }, totals: ZERO })).toBe(
      'period',
    );
    expect(emptyState({ scope: { kind: 'all' }, totals: ZERO })).toBe('allTime');
    expect(emptyState({ scope: { kind: 'all' }, totals: { ...ZERO, turns: 1 } })).toBeNull();
  });

  it('maps the promptfoo columns per (servant, model)', () => {
    const rows = agentUsageRows([
      agent('a', 'm1', {
        turns: 2,
        prompt: 100,
        completion: 50,
        avgTokensPerTurn: 75,
        avgElapsedMs: 900,
        effective: 300,
        cacheRate: 0.5,
      }),
    ]);
    expect(rows[0]).toMatchObject({
      agentId: 'a',
      model: 'm1',
      turns: 2,
      totalTokens: 150,
      avgTokens: 75,
      avgLatencyMs: 900,
      effective: 300,
      cacheRate: 0.5,
    });
  });

  it('folds rows per model with the card denominator (cached ÷ prompt) and sums effective', () => {
    const rows = modelUsageRows([
      agent('b', 'm2', {
        turns: 1,
        prompt: 100,
        cached: 0,
        completion: 10,
        effective: 140,
        avgElapsedMs: 1000,
      }),
      agent('a', 'm2', {
        turns: 3,
        prompt: 300,
        cached: 200,
        completion: 30,
        effective: 241,
        avgElapsedMs: 2000,
      }),
      agent('a', 'm1', { turns: 1, prompt: 0, completion: 5, effective: 20, avgElapsedMs: 10 }),
    ]);
    expect(rows.map((r) => r.model)).toEqual(['m1', 'm2']);
    expect(rows[0]).toMatchObject({ turns: 1, cacheRate: 0, totalTokens: 5 });
    expect(rows[1]).toMatchObject({
      turns: 4,
      totalTokens: 440,
      avgTokens: 110,
      avgLatencyMs: 1750,
      effective: 381,
      cacheRate: 0.5,
    });
  });

  it('claims no cache-write breakdown when none was recorded', () => {
    expect(cacheWriteBreakdown({ cacheWrite: 0, cacheWrite1h: 0 })).toBeNull();
    expect(cacheWriteBreakdown({ cacheWrite: 10, cacheWrite1h: 4 })).toEqual({
      cacheWrite: 10,
      cacheWrite1h: 4,
    });
  });

  it('shows money only with the user own prices', () => {
    const base: CostReport = {
      currency: 'USD',
      usd: 0,
      pricedTokens: 0,
      excludedTokens: 10,
      excludedTurns: 1,
      coverage: 0,
      unregisteredModels: ['m'],
      byModel: [],
    };
    expect(showsMoney(undefined)).toBe(false);
    expect(showsMoney(base)).toBe(false);
    const unregistered = {
      model: 'm',
      status: 'unregistered' as const,
      turns: 1,
      prices: null,
      pricingAsOf: null,
      tokens: { input: 5, output: 5, cacheRead: 0, cacheWrite: 0, cacheWrite1h: 0 },
      usd: 0,
      pricedTokens: 0,
      excludedTokens: 10,
    };
    expect(showsMoney({ ...base, byModel: [unregistered] })).toBe(false);
    expect(
      showsMoney({ ...base, byModel: [unregistered, { ...unregistered, model: 'p', status: 'priced' }] }),
    ).toBe(true);
  });

  it('counts local days since pricingAsOf', () => {
    const now = new Date(2026, 7, 15, 23, 30);
    expect(daysSince('2026-08-15', now)).toBe(0);
    expect(daysSince('2026-08-01', now)).toBe(14);
    expect(daysSince('2026-03-01T00:00:00Z', now)).toBe(167);
    expect(daysSince(null, now)).toBeNull();
    expect(daysSince('soon', now)).toBeNull();
  });
});
