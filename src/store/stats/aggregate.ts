import type { SessionSummary, TurnRecord } from '../../domain/session.ts';
import { minTsMs, turnsInScope, type SessionTurn } from './scope.ts';
import { SliceSum, turnEffective } from './slice.ts';
import {
  SERIES_POINT_LIMIT,
  STOP_ORDER,
  type AgentSlice,
  type Scope,
  type ScopeMeta,
  type ScopeSessionRow,
  type Series,
  type SeriesPoint,
  type StatsReport,
  type StopCount,
} from './types.ts';

/**
 * The statistics of one scope (ledger part 1 §5.7, `stats_contract`). Pure: no clock, no I/O, no
 * time zone; the only source is the turn records passed in.
 *
 * Order of computation: `oldestMs` (all scope only, over every turn) -> period filter ->
 * `recordedSince` (over what remains).
 *
 * Deterministic ordering:
 * - `scopeMeta.sessions`: the order of `sessions` as given (the caller passes `list_sessions()`).
 *   Session scope: the one row of that session (none if it is not in `sessions`). All scope without a
 *   period: every session, including rows with 0 turns. All scope with a period: only sessions with
 *   turns > 0. Turns of sessions missing from `sessions` still count in totals, byAgent and byStop.
 * - `byAgent`: by agentId, then model (UTF-16 code-unit order, not locale order).
 * - `byStop`: STOP_ORDER; `failed` rows by code in code-unit order; only stops that occurred.
 * - `series` (session scope only): by tsMs, ties in the given order; the last SERIES_POINT_LIMIT
 *   points, the rest counted in `dropped`. Null for the all scope.
 *
 * `effective` is computed once per turn and summed everywhere, so totals, byAgent, the session table
 * and the series agree to the token.
 */
export function aggregate(
  turns: readonly SessionTurn[],
  sessions: readonly SessionSummary[],
  scope: Scope,
): StatsReport {
  const oldestMs = scope.kind === 'all' ? minTsMs(turns) : null;
  const inScope = turnsInScope(turns, scope);
  const recordedSince = minTsMs(inScope);
  const effective = inScope.map(([, turn]) => turnEffective(turn));

  const totals = new SliceSum();
  const agents = new Map<string, { agentId: TurnRecord['agentId']; model: string; sum: SliceSum }>();
  const perSession = new Map<string, { turns: number; effective: number }>();
  const stops = new Map<string, StopCount>();

  inScope.forEach(([sessionId, turn], i) => {
    const eff = effective[i] ?? 0;
    totals.add(turn, eff);

    const agentKey = JSON.stringify([turn.agentId, turn.model]);
    let agent = agents.get(agentKey);
    if (agent === undefined) {
      agent = { agentId: turn.agentId, model: turn.model, sum: new SliceSum() };
      agents.set(agentKey, agent);
    }
    agent.sum.add(turn, eff);

    const session = perSession.get(sessionId) ?? { turns: 0, effective: 0 };
    session.turns += 1;
    session.effective += eff;
    perSession.set(sessionId, session);

    const stopKey = turn.stop.kind === 'failed' ? `failed\u0000${turn.stop.code}` : turn.stop.kind;
    const stop = stops.get(stopKey);
    if (stop !== undefined) stop.count += 1;
    else
      stops.set(
        stopKey,
        turn.stop.kind === 'failed'
          ? { stop: 'failed', code: turn.stop.code, count: 1 }
          : { stop: turn.stop.kind, count: 1 },
      );
  });

  const scopeMeta: ScopeMeta = {
    recordedSince,
    oldestMs,
    sessions: sessionRows(sessions, scope, perSession),
  };

  return {
    scope: copyScope(scope),
    scopeMeta,
    totals: totals.finish(),
    byAgent: [...agents.values()]
      .sort((a, b) => compareCodeUnits(a.agentId, b.agentId) || compareCodeUnits(a.model, b.model))
      .map(({ agentId, model, sum }): AgentSlice => ({ agentId, model, ...sum.finish() })),
    byStop: [...stops.values()].sort(compareStops),
    series: scope.kind === 'session' ? series(inScope, effective) : null,
  };
}

function sessionRows(
  sessions: readonly SessionSummary[],
  scope: Scope,
  perSession: ReadonlyMap<string, { turns: number; effective: number }>,
): ScopeSessionRow[] {
  const listed =
    scope.kind === 'session' ? sessions.filter((s) => s.id === scope.sessionId).slice(0, 1) : sessions;
  const rows = listed.map((s): ScopeSessionRow => {
    const sum = perSession.get(s.id);
    return {
      sessionId: s.id,
      title: s.meta.title,
      forkedFrom: s.meta.parentId ?? null,
      turns: sum?.turns ?? 0,
      effective: sum?.effective ?? 0,
    };
  });
  return scope.kind === 'all' && scope.period !== undefined ? rows.filter((r) => r.turns > 0) : rows;
}

function series(inScope: readonly SessionTurn[], effective: readonly number[]): Series {
  const points = inScope
    .map(([, turn], i): SeriesPoint => ({
      tsMs: turn.tsMs,
      agentId: turn.agentId,
      effective: effective[i] ?? 0,
      prompt: turn.prompt,
      completion: turn.completion,
      stop: copyStop(turn.stop),
    }))
    // Array.prototype.sort is stable: equal tsMs keep the given (seq) order.
    .sort((a, b) => a.tsMs - b.tsMs);
  const dropped = Math.max(0, points.length - SERIES_POINT_LIMIT);
  return { points: points.slice(dropped), dropped };
}

function compareStops(a: StopCount, b: StopCount): number {
  return (
    STOP_ORDER.indexOf(a.stop) - STOP_ORDER.indexOf(b.stop) || compareCodeUnits(a.code ?? '', b.code ?? '')
  );
}

function compareCodeUnits(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function copyScope(scope: Scope): Scope {
  if (scope.kind === 'session') return { kind: 'session', sessionId: scope.sessionId };
  return scope.period === undefined
    ? { kind: 'all' }
    : { kind: 'all', period: { sinceMs: scope.period.sinceMs, untilMs: scope.period.untilMs } };
}

function copyStop(stop: TurnRecord['stop']): TurnRecord['stop'] {
  return { ...stop };
}
