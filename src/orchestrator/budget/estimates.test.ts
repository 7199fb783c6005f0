import { describe, expect, it } from 'vitest';
import { BudgetPool } from './budget-pool.ts';
import { CallEstimates, FIRST_CALL_ESTIMATE_FLOOR_MILLI, reserveCall } from './estimates.ts';

describe('CallEstimates', () => {
  it('uses the floor of 1,000,000 milli (1,000 effective tokens) for a first call', () => {
    expect(FIRST_CALL_ESTIMATE_FLOOR_MILLI).toBe(1_000_000);
    expect(new CallEstimates().estimateFor('agent_1')).toBe(1_000_000);
  });

  it('then uses the previous actual, below the floor as well as above it', () => {
    const store = new CallEstimates();
    store.record('agent_1', 250_000);
    expect(store.estimateFor('agent_1')).toBe(250_000);
    store.record('agent_1', 3_400_000);
    expect(store.estimateFor('agent_1')).toBe(3_400_000);
    expect(store.estimateFor('agent_2')).toBe(1_000_000);
  });

  it.each([-1, 0.5, Number.NaN])('refuses an actual of %s milli', (actual) => {
    expect(() => new CallEstimates().record('agent_1', actual)).toThrow(RangeError);
  });
});

describe('reserveCall', () => {
  it('reserves the floor first, then what the last commit cost', () => {
    const store = new CallEstimates();
    const p = new BudgetPool(100_000);
    const first = reserveCall(p, store, 'agent_1');
    expect(first.estimateMilli).toBe(1_000_000);
    expect(p.remainingMilli).toBe(100_000_000 - 1_000_000);
    first.reservation?.commit(420_000);
    const second = reserveCall(p, store, 'agent_1');
    expect(second.estimateMilli).toBe(420_000);
  });

  it('does not learn from a released reservation', () => {
    const store = new CallEstimates();
    const p = new BudgetPool(100_000);
    reserveCall(p, store, 'agent_1').reservation?.commit(5_000);
    reserveCall(p, store, 'agent_1').reservation?.release();
    expect(store.estimateFor('agent_1')).toBe(5_000);
  });

  it('carries an estimate across pools (turns and roots) for the same agent', () => {
    const store = new CallEstimates();
    reserveCall(new BudgetPool(10_000), store, 'agent_1').reservation?.commit(7_000);
    expect(reserveCall(new BudgetPool(10_000), store, 'agent_1').estimateMilli).toBe(7_000);
  });

  it('reports the estimate it asked for when the pool refuses', () => {
    const store = new CallEstimates();
    const result = reserveCall(new BudgetPool(999), store, 'agent_1');
    expect(result.reservation).toBeNull();
    expect(result.estimateMilli).toBe(1_000_000);
  });
});
