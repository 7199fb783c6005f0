import { describe, expect, it } from 'vitest';
import { budgetStopSystemLine } from '../../../src/orchestrator/budget/budget-messages.ts';
import { budgetStopOf } from './budget-stop.ts';
import type { AgentMessage } from './types.ts';

function system(content: string, extra: Partial<AgentMessage> = {}): AgentMessage {
  return {
    id: 'm',
    from: { kind: 'system' },
    to: { kind: 'user' },
    content,
    tokens: 0,
    tsMs: 1,
    hop: 0,
    ...extra,
  };
}

describe('budgetStopOf', () => {
  it('reads the figures the line carries', () => {
    const message = system(budgetStopSystemLine(1200, 'en'), {
      budgetStop: { ceilingTokens: 1200, remainingTokens: 80, estimateTokens: 140, reason: 'reserve_short' },
    });
    expect(budgetStopOf(message)).toEqual({
      ceilingTokens: 1200,
      usedTokens: 1120,
      remainingTokens: 80,
      estimateTokens: 140,
      reason: 'reserve_short',
    });
  });

  it('recognises an older line by the ledger text in both languages, with its ceiling only', () => {
    for (const language of ['ja', 'en'] as const) {
      expect(budgetStopOf(system(budgetStopSystemLine(250000, language)))).toEqual({
        ceilingTokens: 250000,
        usedTokens: null,
        remainingTokens: null,
        estimateTokens: null,
        reason: null,
      });
    }
  });

  it('is null for other System lines and for anyone else quoting the line', () => {
    expect(budgetStopOf(system('Alice started running'))).toBeNull();
    const quoted = { ...system(budgetStopSystemLine(10, 'en')), from: { kind: 'agent' as const, id: 'a' } };
    expect(budgetStopOf(quoted as AgentMessage)).toBeNull();
    expect(budgetStopOf({ ...system('x'), budgetStop: undefined })).toBeNull();
  });
});
