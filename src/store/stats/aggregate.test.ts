import { afterEach, describe, expect, it, vi } from 'vitest';
import { aggregate } from './aggregate.ts';
import { session, turn } from './test-turns.ts';
import { SERIES_POINT_LIMIT, type Scope } from './types.ts';
import type { TurnRecord } from '../../domain/session.ts';

type Pair = [string, TurnRecord];

const ALL: Scope = { kind: 'all' };

afterEach(() => {
  vi.restoreAllMocks();
});

describe('aggregate: byAgent', () => {
  it('keys rows by (agentId, model), so an agent that switched models has two rows', () => {
    const turns: Pair[] = [
      ['s1', turn({ agentId: 'bob', model: 'm-2', prompt: 10 })],
      ['s1', turn({ agentId: 'alice', model: 'm-9', prompt: 1 })],
      ['s1', turn({ agentId: 'bob', model: 'm-1', prompt: 20 })],
      ['s1', turn({ agentId: 'bob', model: 'm-2', prompt: 30 })],
    ];
    const report = aggregate(turns, [session('s1')], ALL);
    expect(report.byAgent.map((r) => [r.agentId, r.model, r.turns, r.prompt])).toEqual([
      ['alice', 'm-9', 1, 1],
      ['bob', 'm-1', 1, 20],
      ['bob', 'm-2', 2, 40],
    ]);
    expect(report.byAgent[2]).toMatchObject({ effective: 40, avgTokensPerTurn: 20 });
  });

  it('sums byAgent to totals', () => {
    const turns: Pair[] = [
      ['s1', turn({ agentId: 'a', prompt: 100, cached: 5, completion: 7 })],
      ['s2', turn({ agentId: 'b', prompt: 3, completion: 1, model: 'x' })],
      ['s2', turn({ agentId: 'a', prompt: 9, cached: 9, model: 'x' })],
    ];
    const report = aggregate(turns, [session('s1'), session('s2')], ALL);
    const sum = (key: 'turns' | 'effective' | 'prompt' | 'completion') =>
      report.byAgent.reduce((acc, r) => acc + r[key], 0);
    expect(sum('turns')).toBe(report.totals.turns);
    expect(sum('effective')).toBe(report.totals.effective);
    expect(sum('prompt')).toBe(report.totals.prompt);
    expect(sum('completion')).toBe(report.totals.completion);
  });
});

describe('aggregate: byStop', () => {
  it('splits failed by code, not repeat by tool, in the fixed stop order', () => {
    const stops: TurnRecord['stop'][] = [
      { kind: 'reserve_short' },
      { kind: 'failed', code: 'LLM_TIMEOUT' },
      { kind: 'repeat', tool: 'grep' },
      { kind: 'failed', code: 'AUTH_FAILED' },
      { kind: 'completed' },
      { kind: 'repeat', tool: 'fd' },
      { kind: 'failed', code: 'LLM_TIMEOUT' },
      { kind: 'budget_exhausted' },
      { kind: 'interrupted' },
      { kind: 'tool_limit' },
      { kind: 'completed' },
    ];
    const report = aggregate(
      stops.map((stop): Pair => ['s1', turn({ stop })]),
      [],
      ALL,
    );
    expect(report.byStop).toEqual([
      { stop: 'completed', count: 2 },
      { stop: 'repeat', count: 2 },
      { stop: 'tool_limit', count: 1 },
      { stop: 'failed', code: 'AUTH_FAILED', count: 1 },
      { stop: 'failed', code: 'LLM_TIMEOUT', count: 2 },
      { stop: 'interrupted', count: 1 },
      { stop: 'budget_exhausted', count: 1 },
      { stop: 'reserve_short', count: 1 },
    ]);
    expect(report.byStop.find((r) => r.stop === 'completed')).not.toHaveProperty('code');
    expect(report.totals.failed).toBe(3);
  });

  it('is empty for no turns', () => {
    expect(aggregate([], [], ALL).byStop).toEqual([]);
  });
});

describe('aggregate: periods', () => {
  const since = Date.UTC(2026, 6, 26);
  const until = Date.UTC(2026, 7, 26);
  const turns: Pair[] = [
    ['s1', turn({ tsMs: since - 1, prompt: 1 })],
    ['s1', turn({ tsMs: since, prompt: 10 })],
    ['s2', turn({ tsMs: until - 1, prompt: 100 })],
    ['s2', turn({ tsMs: until, prompt: 1000 })],
  ];
  const sessions = [session('s1'), session('s2')];

  it('is half-open [sinceMs, untilMs)', () => {
    const report = aggregate(turns, sessions, { kind: 'all', period: { sinceMs: since, untilMs: until } });
    expect(report.totals.turns).toBe(2);
    expect(report.totals.prompt).toBe(110);
  });

  it('takes oldestMs before the filter and recordedSince after it', () => {
    const report = aggregate(turns, sessions, { kind: 'all', period: { sinceMs: since, untilMs: until } });
    expect(report.scopeMeta.oldestMs).toBe(since - 1);
    expect(report.scopeMeta.recordedSince).toBe(since);
  });

  it('keeps oldestMs when the period holds no turn; recordedSince is then null', () => {
    const report = aggregate(turns, sessions, {
      kind: 'all',
      period: { sinceMs: until + 10, untilMs: until + 20 },
    });
    expect(report.scopeMeta.oldestMs).toBe(since - 1);
    expect(report.scopeMeta.recordedSince).toBeNull();
    expect(report.totals.turns).toBe(0);
    expect(report.scopeMeta.sessions).toEqual([]);
  });

  it('has no oldestMs for a session scope, and null for a village without turns', () => {
    const bySession = aggregate(turns, sessions, { kind: 'session', sessionId: 's2' });
    expect(bySession.scopeMeta.oldestMs).toBeNull();
    expect(bySession.scopeMeta.recordedSince).toBe(until - 1);
    const empty = aggregate([], sessions, ALL);
    expect(empty.scopeMeta.oldestMs).toBeNull();
    expect(empty.scopeMeta.recordedSince).toBeNull();
  });

  it('without a period, oldestMs and recordedSince are the same minimum', () => {
    const report = aggregate(turns, sessions, ALL);
    expect(report.scopeMeta.oldestMs).toBe(since - 1);
    expect(report.scopeMeta.recordedSince).toBe(since - 1);
    expect(report.totals.turns).toBe(4);
  });
});

describe('aggregate: conversation table', () => {
  const sessions = [session('s3', 'third'), session('s1', 'first'), session('s2', 'fork', 's1')];
  const turns: Pair[] = [
    ['s1', turn({ tsMs: 100, prompt: 10, completion: 1 })],
    ['s2', turn({ tsMs: 200, prompt: 20, cached: 10 })],
    ['s1', turn({ tsMs: 300, prompt: 30 })],
  ];

  it('without a period shows every session in the given order, including ones without turns', () => {
    const report = aggregate(turns, sessions, ALL);
    expect(report.scopeMeta.sessions).toEqual([
      { sessionId: 's3', title: 'third', forkedFrom: null, turns: 0, effective: 0 },
      { sessionId: 's1', title: 'first', forkedFrom: null, turns: 2, effective: 44 },
      { sessionId: 's2', title: 'fork', forkedFrom: 's1', turns: 1, effective: 11 },
    ]);
    expect(report.totals.effective).toBe(55);
  });

  it('with a period shows only sessions with turns > 0, and the table sums to totals', () => {
    const report = aggregate(turns, sessions, { kind: 'all', period: { sinceMs: 150, untilMs: 1000 } });
    expect(report.scopeMeta.sessions).toEqual([
      { sessionId: 's1', title: 'first', forkedFrom: null, turns: 1, effective: 30 },
      { sessionId: 's2', title: 'fork', forkedFrom: 's1', turns: 1, effective: 11 },
    ]);
    const rows = report.scopeMeta.sessions;
    expect(rows.reduce((a, r) => a + r.turns, 0)).toBe(report.totals.turns);
    expect(rows.reduce((a, r) => a + r.effective, 0)).toBe(report.totals.effective);
  });

  it('still counts turns of a session missing from the table in the totals', () => {
    const report = aggregate([...turns, ['gone', turn({ prompt: 5 })]], sessions, ALL);
    expect(report.scopeMeta.sessions.map((r) => r.sessionId)).toEqual(['s3', 's1', 's2']);
    expect(report.totals.turns).toBe(4);
    expect(report.totals.effective).toBe(60);
  });

  it('has the one row of the session for a session scope, with forkedFrom from parentId', () => {
    const report = aggregate(turns, sessions, { kind: 'session', sessionId: 's2' });
    expect(report.scopeMeta.sessions).toEqual([
      { sessionId: 's2', title: 'fork', forkedFrom: 's1', turns: 1, effective: 11 },
    ]);
    expect(report.totals.turns).toBe(1);
    // A session without turns still has its row (the screen shows the "no records" line).
    const empty = aggregate(turns, sessions, { kind: 'session', sessionId: 's3' });
    expect(empty.scopeMeta.sessions).toEqual([
      { sessionId: 's3', title: 'third', forkedFrom: null, turns: 0, effective: 0 },
    ]);
    expect(empty.totals.turns).toBe(0);
  });
});

describe('aggregate: series', () => {
  it('is null for the all scope, with or without a period', () => {
    const turns: Pair[] = [['s1', turn()]];
    expect(aggregate(turns, [], ALL).series).toBeNull();
    expect(aggregate(turns, [], { kind: 'all', period: { sinceMs: 0, untilMs: 5000 } }).series).toBeNull();
  });

  it('holds one point per turn of the session, by tsMs', () => {
    const turns: Pair[] = [
      ['s1', turn({ tsMs: 30, agentId: 'b', prompt: 3, completion: 1, stop: { kind: 'failed', code: 'X' } })],
      ['s2', turn({ tsMs: 5 })],
      ['s1', turn({ tsMs: 10, agentId: 'a', prompt: 2 })],
    ];
    const report = aggregate(turns, [session('s1')], { kind: 'session', sessionId: 's1' });
    expect(report.series).toEqual({
      points: [
        { tsMs: 10, agentId: 'a', effective: 2, prompt: 2, completion: 0, stop: { kind: 'completed' } },
        {
          tsMs: 30,
          agentId: 'b',
          effective: 7,
          prompt: 3,
          completion: 1,
          stop: { kind: 'failed', code: 'X' },
        },
      ],
      dropped: 0,
    });
  });

  it('keeps the last 500 points and counts the rest as dropped', () => {
    const n = SERIES_POINT_LIMIT + 23;
    const turns: Pair[] = Array.from({ length: n }, (_, i): Pair => ['s1', turn({ tsMs: i, prompt: i })]);
    const report = aggregate(turns, [session('s1')], { kind: 'session', sessionId: 's1' });
    expect(report.series?.dropped).toBe(23);
    expect(report.series?.points).toHaveLength(500);
    expect(report.series?.points[0]?.tsMs).toBe(23);
    expect(report.series?.points.at(-1)?.tsMs).toBe(n - 1);
    // The totals are not cut: only the series is.
    expect(report.totals.turns).toBe(n);
  });

  it('is exactly 500 with nothing dropped at the limit, and empty for a session without turns', () => {
    const turns: Pair[] = Array.from({ length: 500 }, (_, i): Pair => ['s1', turn({ tsMs: i })]);
    expect(aggregate(turns, [], { kind: 'session', sessionId: 's1' }).series?.dropped).toBe(0);
    expect(aggregate(turns, [], { kind: 'session', sessionId: 'other' }).series).toEqual({
      points: [],
      dropped: 0,
    });
  });
});

describe('aggregate: purity', () => {
  it('reads no clock and does not touch its inputs', () => {
    const now = vi.spyOn(Date, 'now');
    const turns: Pair[] = [
      ['s1', turn({ tsMs: 2, agentId: 'b' })],
      ['s1', turn({ tsMs: 1, agentId: 'a' })],
    ];
    const sessions = [session('s1')];
    const scope: Scope = { kind: 'all', period: { sinceMs: 0, untilMs: 10 } };
    const before = JSON.stringify({ turns, sessions, scope });
    const report = aggregate(turns, sessions, scope);
    expect(now).not.toHaveBeenCalled();
    expect(JSON.stringify({ turns, sessions, scope })).toBe(before);
    expect(report.scope).toEqual(scope);
    expect(report.scope).not.toBe(scope);
  });

  it('is deterministic: the order of turns changes only the series tie order', () => {
    const turns: Pair[] = [
      ['s1', turn({ agentId: 'c', model: 'z', stop: { kind: 'failed', code: 'B' } })],
      ['s2', turn({ agentId: 'a', model: 'y', stop: { kind: 'failed', code: 'A' } })],
      ['s1', turn({ agentId: 'a', model: 'x', stop: { kind: 'interrupted' } })],
    ];
    const sessions = [session('s1'), session('s2')];
    const forward = aggregate(turns, sessions, ALL);
    const backward = aggregate([...turns].reverse(), sessions, ALL);
    expect(backward).toEqual(forward);
  });

  it('serializes Option fields as null, not as missing keys', () => {
    const json = JSON.parse(JSON.stringify(aggregate([], [session('s1')], ALL))) as Record<string, unknown>;
    expect(json).toMatchObject({
      series: null,
      scopeMeta: { recordedSince: null, oldestMs: null, sessions: [{ forkedFrom: null }] },
    });
  });
});
