import type { AgentMessage } from './types.ts';

/** What the conversation shows of a budget stop; `null` figures: a line stored before they were kept. */
export interface BudgetStopView {
  ceilingTokens: number;
  /** Spent or reserved when the chain stopped (ceiling − remaining). */
  usedTokens: number | null;
  remainingTokens: number | null;
  /** What the next call needed to reserve. */
  estimateTokens: number | null;
  reason: 'exhausted' | 'reserve_short' | null;
}

/**
 * The System line of a budget stop in either village language (budget-messages.ts, ledger part 3
 * `token_budget.exhaustion`). Lines written before the figures travelled with the message are still
 * recognised by their text, which carries the ceiling.
 */
const LEDGER_LINES = [
  /^次の呼び出しぶんの予算（上限は実効 (\d+) トークン）を確保できなかったため打ち切りました。/,
  /^Stopped because the budget for the next call \(ceiling: (\d+) effective tokens\) could not be reserved\./,
];

/** The stop a System line reports, or null for any other message. */
export function budgetStopOf(message: AgentMessage): BudgetStopView | null {
  if (message.from.kind !== 'system') return null;
  const figures = message.budgetStop;
  if (figures) {
    return {
      ceilingTokens: figures.ceilingTokens,
      usedTokens: Math.max(0, figures.ceilingTokens - figures.remainingTokens),
      remainingTokens: figures.remainingTokens,
      estimateTokens: figures.estimateTokens,
      reason: figures.reason,
    };
  }
  for (const line of LEDGER_LINES) {
    const ceiling = line.exec(message.content)?.[1];
    if (ceiling !== undefined) {
      return {
        ceilingTokens: Number(ceiling),
        usedTokens: null,
        remainingTokens: null,
        estimateTokens: null,
        reason: null,
      };
    }
  }
  return null;
}
