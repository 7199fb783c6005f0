import type { Usage } from '../../canonical.ts';
import type { AnthropicUsage } from './anthropic-api.ts';

/**
 * Anthropic reports `input_tokens` WITHOUT the cached parts, so the canonical prompt is the sum of
 * uncached input, cache writes and cache reads. Only this wire breaks writes down by TTL
 * (`cache_creation.ephemeral_1h_input_tokens`). Reasoning is
 * `output_tokens_details.thinking_tokens` and is already inside `output_tokens`.
 */
export function convertAnthropicUsage(usage: AnthropicUsage | null | undefined): Usage {
  if (usage === null || usage === undefined) {
    return { prompt: 0, completion: 0, cacheRead: 0, cacheWrite: 0, cacheWrite1h: 0, reasoning: 0 };
  }
  return {
    prompt: usage.input_tokens + usage.cache_creation_input_tokens + usage.cache_read_input_tokens,
    completion: usage.output_tokens,
    cacheRead: usage.cache_read_input_tokens,
    cacheWrite: usage.cache_creation_input_tokens,
    cacheWrite1h: usage.cache_creation?.ephemeral_1h_input_tokens ?? 0,
    reasoning: usage.output_tokens_details?.thinking_tokens ?? 0,
  };
}
