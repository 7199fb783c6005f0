/**
 * When the two cache breakpoints are written (ledger part 6 §prompt_cache.invariants).
 *
 * - System breakpoint (end of the stable part): tools + stable system. Tools sit before system in
 *   the cached prefix, so leaving them out would cut exactly the agents with the most tools.
 * - Messages breakpoint (last block of the last message): tools + whole system + history, tool
 *   arguments and result bodies included, because that is the whole range the breakpoint caches.
 *
 * Both compare ESTIMATED TOKENS, never characters (a 4,000-character cut once excluded every
 * Japanese-configured agent). The ledger gives the rule but no Anthropic number: the minimum is the
 * provider's documented smallest common cacheable length, 1,024 tokens (Sonnet / Opus class). A
 * breakpoint on a shorter prefix is silently ignored by the provider, so erring low costs nothing.
 */
import type { ChatMessage, ChatRequest, ToolSpec } from '../../canonical.ts';

export const CACHE_MIN_TOKENS = 1024;

/**
 * The ledger's estimate for thresholds: about 4 ASCII characters per token (English) and 1 token
 * per other character (Japanese, symbols). Counts code points, so surrogate pairs count once.
 */
export function estimateCacheTokens(...texts: string[]): number {
  let ascii = 0;
  let other = 0;
  for (const text of texts) {
    for (const char of text) {
      if (char.charCodeAt(0) < 0x80) ascii += 1;
      else other += 1;
    }
  }
  return Math.ceil(ascii / 4) + other;
}

function toolTexts(tools: ToolSpec[]): string[] {
  return tools.flatMap((tool) => [tool.name, tool.description, JSON.stringify(tool.parameters)]);
}

/** History text as it goes on the wire; attachments are never part of the cached prefix estimate. */
function historyTexts(messages: ChatMessage[]): string[] {
  return messages.flatMap((message) => {
    switch (message.role) {
      case 'user':
        return [message.content];
      case 'assistant':
        return [
          message.content,
          ...(message.toolCalls ?? []).flatMap((call) => [call.name, JSON.stringify(call.arguments)]),
        ];
      case 'tool':
        return [message.content];
    }
  });
}

export interface CachePlan {
  /** cache_control on the stable system block. */
  system: boolean;
  /** cache_control on the last block of the last message. */
  messages: boolean;
}

export function planCache(request: ChatRequest): CachePlan {
  const tools = toolTexts(request.tools);
  const { stable, volatile } = request.system;
  const hasStable = stable.trim() !== '';
  return {
    system: hasStable && estimateCacheTokens(...tools, stable) >= CACHE_MIN_TOKENS,
    messages:
      request.messages.length > 0 &&
      estimateCacheTokens(...tools, stable, volatile, ...historyTexts(request.messages)) >= CACHE_MIN_TOKENS,
  };
}

/** Whether the body carries a 1-hour cache_control (and so needs the extended-cache-ttl beta). */
export function usesExtendedCacheTtl(plan: CachePlan): boolean {
  return plan.system || plan.messages;
}
