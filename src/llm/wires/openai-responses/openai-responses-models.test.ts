import { describe, expect, it } from 'vitest';
import { openAiResponsesModelKind, sendsReasoning, temperatureAllowed } from './openai-responses-models.ts';

describe('the model-name switch', () => {
  it('knows the reasoning families, the chat families, and leaves the rest unknown', () => {
    for (const model of [
      'gpt-5',
      'gpt-5.6-terra',
      'GPT-5-mini',
      'o1',
      'o3-pro',
      'o4-mini',
      'codex-mini-latest',
    ]) {
      expect(openAiResponsesModelKind(model)).toBe('reasoning');
    }
    for (const model of [
      'gpt-4o',
      'gpt-4.1-nano',
      'gpt-4-turbo',
      'gpt-3.5-turbo',
      'chatgpt-4o-latest',
      'openai/gpt-4o',
    ]) {
      expect(openAiResponsesModelKind(model)).toBe('chat');
    }
    for (const model of ['sonar-pro', 'omni-x', 'o', 'gpt-6']) {
      expect(openAiResponsesModelKind(model)).toBe('unknown');
    }
  });

  it('unknown names follow the ledger (no temperature, reasoning sent); only chat models differ', () => {
    expect([temperatureAllowed('gpt-6'), sendsReasoning('gpt-6')]).toEqual([false, true]);
    expect([temperatureAllowed('gpt-5'), sendsReasoning('gpt-5')]).toEqual([false, true]);
    expect([temperatureAllowed('gpt-4o'), sendsReasoning('gpt-4o')]).toEqual([true, false]);
  });
});
