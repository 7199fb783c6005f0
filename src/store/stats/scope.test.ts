import { describe, expect, it } from 'vitest';
import { inPeriod, minTsMs, turnsInScope, type SessionTurn } from './scope.ts';
import { turn } from './test-turns.ts';
import { STOP_ORDER } from './types.ts';

describe('scope', () => {
  it('inPeriod is half-open', () => {
    const period = { sinceMs: 10, untilMs: 20 };
    expect([9, 10, 19, 20].map((ts) => inPeriod(ts, period))).toEqual([false, true, true, false]);
    expect(inPeriod(10, { sinceMs: 10, untilMs: 10 })).toBe(false);
  });

  it('turnsInScope selects one session or a period of every session, in the given order', () => {
    const turns: SessionTurn[] = [
      ['a', turn({ tsMs: 15 })],
      ['b', turn({ tsMs: 5 })],
      ['a', turn({ tsMs: 25 })],
      ['c', turn({ tsMs: 12 })],
    ];
    expect(turnsInScope(turns, { kind: 'session', sessionId: 'a' }).map(([, t]) => t.tsMs)).toEqual([15, 25]);
    expect(turnsInScope(turns, { kind: 'all' })).toHaveLength(4);
    expect(
      turnsInScope(turns, { kind: 'all', period: { sinceMs: 10, untilMs: 25 } }).map(([s]) => s),
    ).toEqual(['a', 'c']);
    expect(minTsMs(turns)).toBe(5);
    expect(minTsMs([])).toBeNull();
  });

  it('orders all seven stop kinds once', () => {
    expect(new Set(STOP_ORDER).size).toBe(7);
  });
});
