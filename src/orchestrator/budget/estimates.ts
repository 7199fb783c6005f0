import type { BudgetPool, Reservation } from './budget-pool.ts';

/** An agent's first call reserves this much: 1,000,000 milli = 1,000 effective tokens (Spec 38 D1(b)). */
export const FIRST_CALL_ESTIMATE_FLOOR_MILLI = 1_000_000;

/**
 * The per-agent estimate for the next reservation (ledger part 4, `reservation`, Spec 38 D1(b)):
 * the effective cost of that agent's previous call; the floor before its first call.
 *
 * One store per process, shared by every turn and every pool: a per-turn store could not carry
 * the value into the next turn's first round. Written only by a reservation's commit (wire it
 * through `reserveCall`), read only just before `tryReserve`.
 *
 * The fixed floor means the first wave cannot tighten the overshoot bound; it converges from the
 * second call. That is the ledger's intent, not a defect: a higher floor would stop small one-off
 * requests.
 */
export class CallEstimates {
  readonly #previous = new Map<string, number>();

  estimateFor(agentId: string): number {
    return this.#previous.get(agentId) ?? FIRST_CALL_ESTIMATE_FLOOR_MILLI;
  }

  /** The actual milli of the agent's latest committed call. */
  record(agentId: string, actualMilli: number): void {
    if (!Number.isSafeInteger(actualMilli) || actualMilli < 0) {
      throw new RangeError(`actualMilli must be a non-negative safe integer, got ${String(actualMilli)}`);
    }
    this.#previous.set(agentId, actualMilli);
  }
}

export interface ReserveCallResult {
  /** The estimate that was asked for (also what a `budget stop:` line reports on refusal). */
  estimateMilli: number;
  /** Null when the pool refused; classify with `classifyBudgetRefusal(pool, estimateMilli)`. */
  reservation: Reservation | null;
}

/**
 * Reads the agent's estimate and reserves it from the pool in one step, with the reservation's
 * commit (and only its commit) writing the agent's next estimate. A released reservation leaves
 * the estimate as it was: an unpaid failure teaches nothing about cost.
 */
export function reserveCall(pool: BudgetPool, estimates: CallEstimates, agentId: string): ReserveCallResult {
  const estimateMilli = estimates.estimateFor(agentId);
  const reservation = pool.tryReserve(estimateMilli, (actualMilli) => estimates.record(agentId, actualMilli));
  return { estimateMilli, reservation };
}
