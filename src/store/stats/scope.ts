import type { TurnRecord } from '../../domain/session.ts';
import type { Scope, StatsPeriod } from './types.ts';

/** One turn with the id of the session that holds it (the record itself stores no session id). */
export type SessionTurn = readonly [sessionId: string, turn: TurnRecord];

/** Half-open: `sinceMs <= tsMs < untilMs`. A turn belongs to the period in which it started. */
export function inPeriod(tsMs: number, period: StatsPeriod): boolean {
  return period.sinceMs <= tsMs && tsMs < period.untilMs;
}

/**
 * The turns a scope covers, in the given order: one session's turns, or every turn (of any session,
 * listed or not) that started inside the period. Shared by `aggregate` and by callers that price the
 * same turns (`priceTurns`).
 */
export function turnsInScope(turns: readonly SessionTurn[], scope: Scope): SessionTurn[] {
  if (scope.kind === 'session') return turns.filter(([sessionId]) => sessionId === scope.sessionId);
  const { period } = scope;
  if (period === undefined) return [...turns];
  return turns.filter(([, turn]) => inPeriod(turn.tsMs, period));
}

/** The smallest tsMs, or null for no turns. */
export function minTsMs(turns: readonly SessionTurn[]): number | null {
  let min: number | null = null;
  for (const [, turn] of turns) if (min === null || turn.tsMs < min) min = turn.tsMs;
  return min;
}
