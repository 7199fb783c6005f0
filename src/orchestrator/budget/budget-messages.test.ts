import { describe, expect, it } from 'vitest';
import { budgetStopFieldsFor, budgetStopLine, budgetStopSystemLine } from './budget-messages.ts';
import { BudgetPool } from './budget-pool.ts';

describe('budgetStopSystemLine', () => {
  it('is the ledger text in Japanese with the ceiling as a plain integer', () => {
    expect(budgetStopSystemLine(1_000_000, 'ja')).toBe(
      '次の呼び出しぶんの予算（上限は実効 1000000 トークン）を確保できなかったため打ち切りました。続きが要るなら改めて依頼してください（予算は依頼ごとに新しく付きます）',
    );
  });

  it('has an English version', () => {
    expect(budgetStopSystemLine(250_000, 'en')).toBe(
      'Stopped because the budget for the next call (ceiling: 250000 effective tokens) could not be reserved. If you need more, please ask again (each request gets a new budget).',
    );
  });

  it('never says the budget was used up', () => {
    for (const language of ['ja', 'en'] as const) {
      const line = budgetStopSystemLine(1_000, language);
      expect(line).not.toMatch(/used up|使い切/i);
    }
  });
});

describe('budgetStopLine', () => {
  it('has the ledger field order', () => {
    expect(
      budgetStopLine({
        agent: 'agent_2',
        ceilingTokens: 1_000_000,
        remainingTokens: 0,
        estimateTokens: 1_000,
        reason: 'exhausted',
      }),
    ).toBe('budget stop: agent=agent_2 ceiling=1000000 remaining=0 estimate=1000 reason=exhausted');
  });

  it('builds its fields from a refused pool in whole tokens, rounded up', () => {
    const pool = new BudgetPool(10);
    pool.tryReserve(9_500)?.commit(9_500); // 500 milli left
    expect(pool.tryReserve(1_000_000)).toBeNull();
    expect(budgetStopLine(budgetStopFieldsFor('agent_3', pool, 1_000_000))).toBe(
      'budget stop: agent=agent_3 ceiling=10 remaining=1 estimate=1000 reason=reserve_short',
    );
  });

  it('reports an exhausted pool as remaining=0 reason=exhausted', () => {
    const pool = new BudgetPool(10);
    pool.tryReserve(10_000)?.commit(12_000);
    expect(pool.tryReserve(1_234)).toBeNull();
    expect(budgetStopLine(budgetStopFieldsFor('agent_1', pool, 1_234))).toBe(
      'budget stop: agent=agent_1 ceiling=10 remaining=0 estimate=2 reason=exhausted',
    );
  });
});
