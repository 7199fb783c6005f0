import type { Language } from '../../domain/enums.ts';
import type { BudgetPool } from './budget-pool.ts';
import { milliToTokens } from '../../domain/effective-tokens.ts';
import { classifyBudgetRefusal, type BudgetRefusal } from './refusal.ts';

/**
 * The System line of a turn the budget stopped (ledger part 3, `token_budget.exhaustion`; the
 * English in ledger-en part 3 §3.4). Fact + next step (failures.md #44). It never says the
 * budget was "used up" (Spec 38 D3): a reservation takes the next call's share in advance, so a
 * turn can stop before the actual spend reaches the ceiling. N is the ceiling in whole effective
 * tokens, written as a plain integer like the ledger's other budget figures ("1000000").
 * (The start-up WARN for a village without a ceiling is NO_BUDGET_WARNING in world/open-village.ts.)
 */
export function budgetStopSystemLine(ceilingTokens: number, language: Language): string {
  const n = String(ceilingTokens);
  return language === 'ja'
    ? `次の呼び出しぶんの予算（上限は実効 ${n} トークン）を確保できなかったため打ち切りました。続きが要るなら改めて依頼してください（予算は依頼ごとに新しく付きます）`
    : `Stopped because the budget for the next call (ceiling: ${n} effective tokens) could not be reserved. If you need more, please ask again (each request gets a new budget).`;
}

export interface BudgetStopFields {
  agent: string;
  /** Whole effective tokens (the village's tokenBudget). */
  ceilingTokens: number;
  /** Whole effective tokens, rounded up from milli (`milliToTokens`). */
  remainingTokens: number;
  /** Whole effective tokens, rounded up from milli (`milliToTokens`). */
  estimateTokens: number;
  reason: BudgetRefusal;
}

/**
 * The diagnostics line written only in the round the budget stopped (ledger part 3,
 * `token_budget.exhaustion`; ledger-en part 3 §3.4):
 * `budget stop: agent=… ceiling=… remaining=… estimate=… reason=exhausted|reserve_short`.
 * Normal running never writes it. Values are whole effective tokens (the unit of the ceiling and
 * of everything the ledger lets a person see), never milli.
 */
export function budgetStopLine(fields: BudgetStopFields): string {
  return [
    'budget stop:',
    `agent=${fields.agent}`,
    `ceiling=${fields.ceilingTokens}`,
    `remaining=${fields.remainingTokens}`,
    `estimate=${fields.estimateTokens}`,
    `reason=${fields.reason}`,
  ].join(' ');
}

/**
 * The fields of the `budget stop:` line for a refusal of `pool.tryReserve(estimateMilli)`,
 * converted from milli to whole effective tokens (rounded up) and classified. Call it
 * synchronously right after the refusal, like `classifyBudgetRefusal`.
 */
export function budgetStopFieldsFor(
  agent: string,
  pool: BudgetPool,
  estimateMilli: number,
): BudgetStopFields {
  return {
    agent,
    ceilingTokens: milliToTokens(pool.ceilingMilli),
    remainingTokens: milliToTokens(pool.remainingMilli),
    estimateTokens: milliToTokens(estimateMilli),
    reason: classifyBudgetRefusal(pool, estimateMilli),
  };
}
