/**
 * The instant scripted model several benchmarks share: answers "ok" at once with fixed usage, so a
 * figure is the orchestrator's own cost per turn and nothing of a provider's.
 */
import type { LlmBackend } from '../../src/llm/backend.ts';
import type { ChatResponse } from '../../src/llm/canonical.ts';

export const INSTANT_REPLY: ChatResponse = {
  text: 'ok',
  toolCalls: [],
  finish: 'stop',
  usage: { prompt: 100, completion: 5, cacheRead: 0, cacheWrite: 0, cacheWrite1h: 0, reasoning: 0 },
  reasoningSummary: '',
  grounding: null,
  dropped: {},
};

export const instantBackend: LlmBackend = {
  name: () => 'instant',
  chat: async (): Promise<ChatResponse> => INSTANT_REPLY,
};
