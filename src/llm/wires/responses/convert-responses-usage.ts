import { ZERO_USAGE, type Usage } from '../../canonical.ts';
import type { ResponsesUsage } from './responses-api.ts';

/**
 * Responses usage to canonical, the same on all four wires:
 * - prompt = input_tokens; cacheRead = input_tokens_details.cached_tokens (part of prompt);
 * - cacheWrite = input_tokens_details.cache_write_tokens (read since Spec 40 P1: OpenAI reported
 *   4,411 of them and leaving a cost-relevant count unread was the lesson); no TTL breakdown exists
 *   here, so cacheWrite1h is 0;
 * - completion = output_tokens; reasoning = output_tokens_details.reasoning_tokens, which is already
 *   inside output_tokens on every Responses provider, so it is not added again.
 * Missing fields are 0. Provider extras (ticks, cost, tool usage) are left to each wire.
 */
export function convertResponsesUsage(usage: ResponsesUsage | null | undefined): Usage {
  if (usage == null) return { ...ZERO_USAGE };
  return {
    prompt: usage.input_tokens,
    completion: usage.output_tokens,
    cacheRead: usage.input_tokens_details?.cached_tokens ?? 0,
    cacheWrite: usage.input_tokens_details?.cache_write_tokens ?? 0,
    cacheWrite1h: 0,
    reasoning: usage.output_tokens_details?.reasoning_tokens ?? 0,
  };
}
