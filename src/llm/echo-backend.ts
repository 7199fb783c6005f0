import type { ChatRequest, ChatResponse } from './canonical.ts';
import type { LlmBackend } from './backend.ts';
import { estimateTokens } from './usage-fallback.ts';

/**
 * Answers with the last message it received, envelope included: for debugging and demos, and a way
 * to see exactly what a servant would have sent. No network, no key.
 */
export class EchoBackend implements LlmBackend {
  name(): string {
    return 'echo';
  }

  async chat(request: ChatRequest): Promise<ChatResponse> {
    const last = request.messages.at(-1);
    const text = last === undefined ? '（発言なし）' : last.content === '' ? '（発言なし）' : last.content;
    const sent = [
      request.system.stable,
      request.system.volatile,
      ...request.messages.map((m) => m.content),
    ].join('');
    return {
      text,
      toolCalls: [],
      finish: 'stop',
      usage: {
        prompt: estimateTokens(sent),
        completion: Math.max(1, estimateTokens(text)),
        cacheRead: 0,
        cacheWrite: 0,
        cacheWrite1h: 0,
        reasoning: 0,
      },
      reasoningSummary: '',
      grounding: null,
      dropped: {},
    };
  }
}
