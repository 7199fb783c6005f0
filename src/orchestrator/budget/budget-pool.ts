import { MILLI_PER_TOKEN } from '../../domain/effective-tokens.ts';

/**
 * One reservation of budget for one LLM call (ledger part 4, `reservation`, Spec 38).
 *
 * It settles at most once: `commit` on success and on failures known to be paid (the provider
 * reported usage, e.g. OutputTruncated), `release` on every path that never paid or cannot know
 * (400, DNS, timeout, abort). Whichever runs first wins; any later `commit` / `release` is a
 * no-op. The Rust original gets this from move semantics (no `committed` flag, so no double
 * refund can be written); TypeScript cannot move, so the single `settled` state does that job —
 * it is one state for both arms, never a second flag beside a refund path. Call `release` in a
 * `finally` after `commit` and the order still holds.
 */
export interface Reservation {
  /** The milli reserved when this reservation was taken. */
  readonly estimateMilli: number;
  /** True once committed or released. */
  readonly settled: boolean;
  /**
   * Settles with the actual cost: debits `actual − estimate` when the call cost more than
   * reserved (the pool may go into overshoot), refunds `estimate − actual` when it cost less
   * (refunds saturate at the ceiling). Also feeds the per-agent estimate when one was attached.
   */
  commit(actualMilli: number): void;
  /** Refunds the whole reservation; for paths that never committed. */
  release(): void;
}

/** Called by `commit` only (never by `release`) with the actual cost: the estimate store's writer. */
export type CommitHook = (actualMilli: number) => void;

function requireMilli(what: string, value: number): void {
  if (!Number.isSafeInteger(value) || value < 0) {
    throw new RangeError(`${what} must be a non-negative safe integer of milli, got ${String(value)}`);
  }
}

/**
 * The token budget of one causal chain (ledger part 3, `token_budget.pool`, Spec 11). The root
 * is one user message per addressed agent (a broadcast gives each target its own pool), one
 * schedule firing, or one approved plan dispatch. Everything downstream of the root — forwards,
 * asks, plan deliveries, acceptance re-requests — holds this same object by reference: creating
 * a second pool for a downstream hop makes the ceiling evaporate (the delegation-fanout race).
 * There is deliberately no clone / copy / split; the state lives in private fields, so a spread
 * or structuredClone yields no working pool.
 *
 * Accounting: `balance = ceiling − outstanding reservations − committed actuals`, kept exactly
 * (it may go below 0 when in-flight calls cost more than they reserved). The remainder shown to
 * callers is `max(0, balance)`; the pool refuses every reservation while it is 0. Overshoot is
 * allowed and counted; it is bounded by the sum of the positive estimate errors of the calls in
 * flight at once (≤ concurrency × the largest positive error), not by one call — see the
 * ledger's Spec 38 `reservation` and specs/tla/BudgetOvershootBound.
 *
 * Single-threaded JS makes each method atomic; no await happens inside any of them.
 */
export class BudgetPool {
  readonly ceilingMilli: number;
  #balance: number;
  #spent = 0;
  #exhaustionObserved = false;

  /** `ceilingTokens` is the village's tokenBudget: whole effective tokens, > 0 (0 is never a ceiling). */
  constructor(ceilingTokens: number) {
    if (!Number.isSafeInteger(ceilingTokens) || ceilingTokens <= 0) {
      throw new RangeError(
        `a budget ceiling must be a positive integer of tokens, got ${String(ceilingTokens)}`,
      );
    }
    const ceilingMilli = ceilingTokens * MILLI_PER_TOKEN;
    if (!Number.isSafeInteger(ceilingMilli)) {
      throw new RangeError(`a budget ceiling of ${ceilingTokens} tokens is too large`);
    }
    this.ceilingMilli = ceilingMilli;
    this.#balance = ceilingMilli;
  }

  /** What can still be reserved, in milli; 0 while exhausted or in overshoot. */
  get remainingMilli(): number {
    return Math.max(0, this.#balance);
  }

  /** The sum of committed actual costs. */
  get spentMilli(): number {
    return this.#spent;
  }

  /** How far committed actual costs have gone past the ceiling (never decreases). */
  get overshootMilli(): number {
    return Math.max(0, this.#spent - this.ceilingMilli);
  }

  /** Whether `markExhausted` has been called (by anyone). */
  get exhaustionObserved(): boolean {
    return this.#exhaustionObserved;
  }

  /**
   * Reserves `estimateMilli` for the next call, or refuses with null:
   * - remaining 0 → null, even for an estimate of 0 (an estimate of 0 must not slip past an
   *   exhausted gate);
   * - estimate > ceiling → null at once (no partial reservation);
   * - remaining ≥ estimate → subtracted, a Reservation returned;
   * - otherwise null (reserve_short: the pool may still hold some budget).
   * `classifyBudgetRefusal` tells the two refusals apart.
   */
  tryReserve(estimateMilli: number, onCommit?: CommitHook): Reservation | null {
    requireMilli('estimateMilli', estimateMilli);
    if (this.remainingMilli === 0) return null;
    if (estimateMilli > this.ceilingMilli) return null;
    if (this.#balance < estimateMilli) return null;
    this.#balance -= estimateMilli;
    return this.#reservation(estimateMilli, onCommit);
  }

  /**
   * The once-only observation of exhaustion: true for exactly the first caller, false for every
   * later one, so parallel workers refused by the same pool write one stop record between them.
   */
  markExhausted(): boolean {
    if (this.#exhaustionObserved) return false;
    this.#exhaustionObserved = true;
    return true;
  }

  /** Returns milli to the pool, saturating at the ceiling (defensive: exact accounting never exceeds it). */
  #refund(milli: number): void {
    this.#balance = Math.min(this.ceilingMilli, this.#balance + milli);
  }

  #reservation(estimateMilli: number, onCommit: CommitHook | undefined): Reservation {
    let settled = false;
    const commit = (actualMilli: number): void => {
      requireMilli('actualMilli', actualMilli);
      if (settled) return;
      settled = true;
      this.#spent += actualMilli;
      if (actualMilli > estimateMilli) this.#balance -= actualMilli - estimateMilli;
      else this.#refund(estimateMilli - actualMilli);
      onCommit?.(actualMilli);
    };
    const release = (): void => {
      if (settled) return;
      settled = true;
      this.#refund(estimateMilli);
    };
    return {
      estimateMilli,
      get settled() {
        return settled;
      },
      commit,
      release,
    };
  }
}
