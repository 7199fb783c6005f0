import { describe, expect, it } from 'vitest';
import { BudgetPool } from './budget-pool.ts';
import { classifyBudgetRefusal } from './refusal.ts';

/** A pool of `tokens` effective tokens; amounts below are in milli. */
const pool = (tokens: number) => new BudgetPool(tokens);

describe('BudgetPool construction', () => {
  it('holds the ceiling in milli and starts full', () => {
    const p = pool(1_000);
    expect(p.ceilingMilli).toBe(1_000_000);
    expect(p.remainingMilli).toBe(1_000_000);
    expect(p.spentMilli).toBe(0);
    expect(p.overshootMilli).toBe(0);
  });

  it.each([0, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY, Number.MAX_SAFE_INTEGER])(
    'refuses a ceiling of %s tokens',
    (tokens) => {
      expect(() => new BudgetPool(tokens)).toThrow(RangeError);
    },
  );

  it('offers no way to copy a pool: a spread or clone carries no budget', () => {
    const p = pool(10);
    expect('clone' in p).toBe(false);
    const spread = { ...p } as Partial<BudgetPool>;
    expect(spread.remainingMilli).toBeUndefined();
    expect(structuredClone(p)).not.toBeInstanceOf(BudgetPool);
  });
});

describe('tryReserve', () => {
  it('subtracts the estimate when the remainder covers it, up to exactly the remainder', () => {
    const p = pool(10);
    const a = p.tryReserve(4_000);
    expect(a?.estimateMilli).toBe(4_000);
    expect(p.remainingMilli).toBe(6_000);
    expect(p.tryReserve(6_000)).not.toBeNull();
    expect(p.remainingMilli).toBe(0);
  });

  it('refuses short (reserve_short) without touching the remainder', () => {
    const p = pool(10);
    p.tryReserve(7_000);
    expect(p.tryReserve(3_001)).toBeNull();
    expect(p.remainingMilli).toBe(3_000);
    expect(classifyBudgetRefusal(p, 3_001)).toBe('reserve_short');
  });

  it('refuses an estimate above the ceiling at once, even on a full pool', () => {
    const p = pool(10);
    expect(p.tryReserve(10_001)).toBeNull();
    expect(p.remainingMilli).toBe(10_000);
    expect(classifyBudgetRefusal(p, 10_001)).toBe('reserve_short');
    expect(p.tryReserve(10_000)).not.toBeNull();
  });

  it('refuses an estimate of 0 when nothing remains (exhausted)', () => {
    const p = pool(1);
    p.tryReserve(1_000)?.commit(1_000);
    expect(p.remainingMilli).toBe(0);
    expect(p.tryReserve(0)).toBeNull();
    expect(classifyBudgetRefusal(p, 0)).toBe('exhausted');
  });

  it('grants an estimate of 0 while something remains', () => {
    const p = pool(1);
    expect(p.tryReserve(0)).not.toBeNull();
  });

  it.each([-1, 0.5, Number.NaN])('throws on an estimate of %s milli', (estimate) => {
    expect(() => pool(1).tryReserve(estimate)).toThrow(RangeError);
  });
});

describe('commit', () => {
  it('refunds the difference when the call cost less than reserved', () => {
    const p = pool(10);
    const r = p.tryReserve(4_000);
    r?.commit(1_500);
    expect(p.remainingMilli).toBe(8_500);
    expect(p.spentMilli).toBe(1_500);
  });

  it('debits the difference when the call cost more than reserved', () => {
    const p = pool(10);
    p.tryReserve(4_000)?.commit(5_500);
    expect(p.remainingMilli).toBe(4_500);
    expect(p.spentMilli).toBe(5_500);
    expect(p.overshootMilli).toBe(0);
  });

  it('changes nothing more when actual equals the estimate', () => {
    const p = pool(10);
    p.tryReserve(4_000)?.commit(4_000);
    expect(p.remainingMilli).toBe(6_000);
  });

  it('allows and counts overshoot; the pool then refuses everything', () => {
    const p = pool(10);
    p.tryReserve(8_000)?.commit(13_000);
    expect(p.spentMilli).toBe(13_000);
    expect(p.overshootMilli).toBe(3_000);
    expect(p.remainingMilli).toBe(0);
    expect(p.tryReserve(0)).toBeNull();
    expect(classifyBudgetRefusal(p, 0)).toBe('exhausted');
  });

  it('keeps exact books across overlapping calls: a later refund offsets an earlier overshoot', () => {
    const p = pool(10);
    const a = p.tryReserve(5_000);
    const b = p.tryReserve(5_000);
    a?.commit(9_000); // 4,000 over its reservation while b is still out
    expect(p.remainingMilli).toBe(0);
    b?.commit(1_000); // 4,000 back: total spent 10,000 = the ceiling
    expect(p.spentMilli).toBe(10_000);
    expect(p.overshootMilli).toBe(0);
    expect(p.remainingMilli).toBe(0);
  });

  it('saturates refunds at the ceiling', () => {
    const p = pool(10);
    const whole = p.tryReserve(10_000);
    whole?.commit(0);
    expect(p.remainingMilli).toBe(10_000);
    const again = p.tryReserve(10_000);
    again?.release();
    expect(p.remainingMilli).toBe(p.ceilingMilli);
    for (let i = 0; i < 100; i++) {
      const r = p.tryReserve(i * 10);
      if (i % 2 === 0) r?.release();
      else r?.commit(0);
    }
    expect(p.remainingMilli).toBeLessThanOrEqual(p.ceilingMilli);
    expect(p.remainingMilli).toBe(10_000);
  });

  it('calls the commit hook with the actual cost, and only on commit', () => {
    const seen: number[] = [];
    const p = pool(10);
    p.tryReserve(1_000, (actual) => seen.push(actual))?.commit(2_345);
    p.tryReserve(1_000, (actual) => seen.push(actual))?.release();
    expect(seen).toEqual([2_345]);
  });

  it.each([-1, 1.5, Number.NaN])('throws on an actual of %s milli', (actual) => {
    const r = pool(1).tryReserve(10);
    expect(() => r?.commit(actual)).toThrow(RangeError);
    expect(r?.settled).toBe(false);
  });
});

describe('settling at most once', () => {
  it('release refunds the whole reservation', () => {
    const p = pool(10);
    const r = p.tryReserve(6_000);
    r?.release();
    expect(p.remainingMilli).toBe(10_000);
    expect(p.spentMilli).toBe(0);
    expect(r?.settled).toBe(true);
  });

  it('a second release does not refund twice', () => {
    const p = pool(10);
    p.tryReserve(3_000);
    const r = p.tryReserve(6_000);
    r?.release();
    r?.release();
    expect(p.remainingMilli).toBe(7_000);
  });

  it('release after commit (a finally block) is a no-op', () => {
    const p = pool(10);
    const r = p.tryReserve(6_000);
    r?.commit(2_000);
    r?.release();
    expect(p.remainingMilli).toBe(8_000);
    expect(p.spentMilli).toBe(2_000);
  });

  it('a second commit neither debits nor refunds again', () => {
    const seen: number[] = [];
    const p = pool(10);
    const r = p.tryReserve(6_000, (actual) => seen.push(actual));
    r?.commit(2_000);
    r?.commit(9_000);
    expect(p.remainingMilli).toBe(8_000);
    expect(p.spentMilli).toBe(2_000);
    expect(seen).toEqual([2_000]);
  });

  it('commit after release is a no-op', () => {
    const p = pool(10);
    const r = p.tryReserve(6_000);
    r?.release();
    r?.commit(5_000);
    expect(p.remainingMilli).toBe(10_000);
    expect(p.spentMilli).toBe(0);
  });
});

describe('markExhausted', () => {
  it('is true for exactly the first observer', () => {
    const p = pool(1);
    expect(p.exhaustionObserved).toBe(false);
    const observers = Array.from({ length: 8 }, () => p.markExhausted());
    expect(observers.filter(Boolean)).toHaveLength(1);
    expect(observers[0]).toBe(true);
    expect(p.exhaustionObserved).toBe(true);
  });

  it('is one per pool: another root has its own', () => {
    const a = pool(1);
    const b = pool(1);
    expect(a.markExhausted()).toBe(true);
    expect(b.markExhausted()).toBe(true);
    expect(a.markExhausted()).toBe(false);
  });
});
