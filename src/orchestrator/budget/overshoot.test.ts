import { describe, expect, it } from 'vitest';
import { BudgetPool, type Reservation } from './budget-pool.ts';
import { CallEstimates, reserveCall } from './estimates.ts';
import { classifyBudgetRefusal } from './refusal.ts';

/** mulberry32: a small seeded PRNG so every run replays the same interleavings. */
function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface Worker {
  id: string;
  inFlight: { reservation: Reservation; actualMilli: number } | null;
  stopped: boolean;
}

interface Outcome {
  pool: BudgetPool;
  /** The largest positive estimate error (actual − estimate) of any committed call. */
  largestPositiveError: number;
  /** The positive error of the last committed call. */
  lastPositiveError: number;
  /**
   * The ledger's exact bound: the sum of the positive errors of the calls that were in flight
   * when the last reservation succeeded (after it, nothing new starts).
   */
  inFlightErrorSum: number;
  exhaustionObservers: number;
  refusals: string[];
}

/**
 * N agents share one pool (one causal root fanned out by a wave). Each repeatedly reserves its
 * estimate (previous actual, floor at first), flies, and settles; a random scheduler interleaves
 * reservations and settlements, so up to N calls are in flight at once. Some calls fail unpaid
 * and release. Each agent stops at its first refusal.
 */
function simulate(seed: number, agents: number, ceilingTokens: number): Outcome {
  const random = rng(seed);
  const pool = new BudgetPool(ceilingTokens);
  const estimates = new CallEstimates();
  const workers: Worker[] = Array.from({ length: agents }, (_, i) => ({
    id: `agent_${i + 1}`,
    inFlight: null,
    stopped: false,
  }));
  let largestPositiveError = 0;
  let lastPositiveError = 0;
  let exhaustionObservers = 0;
  const refusals: string[] = [];
  const errors = new Map<Reservation, number>();
  let inFlightAtLastReserve: Reservation[] = [];
  for (let step = 0; step < 1_000_000; step++) {
    const live = workers.filter((w) => !w.stopped);
    if (live.length === 0) break;
    const worker = live[Math.floor(random() * live.length)]!;
    if (worker.inFlight === null) {
      const { estimateMilli, reservation } = reserveCall(pool, estimates, worker.id);
      if (reservation === null) {
        refusals.push(classifyBudgetRefusal(pool, estimateMilli));
        if (pool.markExhausted()) exhaustionObservers++;
        worker.stopped = true;
        continue;
      }
      // Each agent has its own typical size; a call costs 0.5×..1.5× of it (plus rare spikes).
      const typical = 200_000 * (1 + Number(worker.id.slice(6)));
      const spike = random() < 0.05 ? 4 : 1;
      const actualMilli = Math.floor(typical * (0.5 + random()) * spike);
      worker.inFlight = { reservation, actualMilli };
      inFlightAtLastReserve = workers.flatMap((w) => (w.inFlight ? [w.inFlight.reservation] : []));
    } else {
      const { reservation, actualMilli } = worker.inFlight;
      worker.inFlight = null;
      if (random() < 0.1) {
        reservation.release(); // unpaid failure (400, DNS, timeout)
      } else {
        const error = Math.max(0, actualMilli - reservation.estimateMilli);
        reservation.commit(actualMilli);
        errors.set(reservation, error);
        largestPositiveError = Math.max(largestPositiveError, error);
        lastPositiveError = error;
      }
    }
  }
  expect(workers.every((w) => w.stopped && w.inFlight === null)).toBe(true);
  const inFlightErrorSum = inFlightAtLastReserve.reduce((sum, r) => sum + (errors.get(r) ?? 0), 0);
  return { pool, largestPositiveError, lastPositiveError, inFlightErrorSum, exhaustionObservers, refusals };
}

describe('overshoot bound (Spec 38: concurrency × largest positive estimate error)', () => {
  it('reaches N × error when N calls reserve the last of the pool and all run over', () => {
    const n = 4;
    const pool = new BudgetPool(40); // 40,000 milli: exactly four reservations of 10,000
    const reservations = Array.from({ length: n }, () => pool.tryReserve(10_000));
    expect(pool.remainingMilli).toBe(0);
    for (const r of reservations) r?.commit(12_500);
    // Not "one call's worth": each in-flight call adds its own error.
    expect(pool.overshootMilli).toBe(n * 2_500);
  });

  it.each([2, 4, 8, 16])('holds for %i concurrent agents over many seeded interleavings', (agents) => {
    for (let seed = 1; seed <= 200; seed++) {
      const ceilingTokens = 2_000 + ((seed * 7_919) % 20_000);
      const outcome = simulate(seed * 31 + agents, agents, ceilingTokens);
      expect(outcome.pool.overshootMilli).toBeLessThanOrEqual(outcome.inFlightErrorSum);
      expect(outcome.inFlightErrorSum).toBeLessThanOrEqual(agents * outcome.largestPositiveError);
      expect(outcome.pool.remainingMilli).toBeLessThanOrEqual(outcome.pool.ceilingMilli);
      expect(outcome.exhaustionObservers).toBe(1);
      expect(outcome.refusals).toHaveLength(agents);
    }
  });

  it('sequential calls never overspend by more than the last call’s error', () => {
    for (let seed = 1; seed <= 500; seed++) {
      const outcome = simulate(seed, 1, 1_000 + ((seed * 104_729) % 30_000));
      expect(outcome.pool.overshootMilli).toBeLessThanOrEqual(outcome.lastPositiveError);
      expect(outcome.pool.overshootMilli).toBeLessThanOrEqual(outcome.largestPositiveError);
    }
  });

  it('does overshoot in some runs (the bound is exercised, not vacuous)', () => {
    let overshooting = 0;
    for (let seed = 1; seed <= 200; seed++) {
      if (simulate(seed, 8, 20_000).pool.overshootMilli > 0) overshooting++;
    }
    expect(overshooting).toBeGreaterThan(0);
  });
});
