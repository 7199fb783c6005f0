import type { BudgetPool } from './budget-pool.ts';

/**
 * Why a reservation was refused, as the `budget stop:` line and Record::Turn `stop` tell it:
 * - `exhausted`: nothing remains (remaining 0, also while in overshoot) — the next step is to
 *   raise the ceiling;
 * - `reserve_short`: something remains but less than the estimate (or the estimate exceeds the
 *   ceiling) — an early stop from over-reservation; fewer parallel agents or a higher ceiling.
 * Both close the turn as `budget_exhausted` in Reply.kind / PlanTaskState; Record::Turn `stop`
 * keeps them apart (`budget_exhausted` | `reserve_short`).
 */
export type BudgetRefusal = 'exhausted' | 'reserve_short';

/**
 * Classifies a refusal of `pool.tryReserve(estimateMilli)`. Call it synchronously right after
 * the refusal (no await in between), so it reads the same pool state the refusal did. It only
 * looks at the remainder: called when a reservation would have succeeded, it answers
 * `reserve_short`, which is meaningless there.
 */
export function classifyBudgetRefusal(pool: BudgetPool, _estimateMilli: number): BudgetRefusal {
  return pool.remainingMilli === 0 ? 'exhausted' : 'reserve_short';
}
