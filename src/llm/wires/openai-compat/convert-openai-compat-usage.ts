import { ZERO_USAGE, type Usage } from '../../canonical.ts';
import type { OpenAiCompatUsage } from './openai-compat-api.ts';

/**
 * Compat usage to canonical. `reasoning` (completion_tokens_details.reasoning_tokens) is part of
 * `completion`; servers without the breakdown (llama.cpp, vLLM ...) give 0. Cached prompt tokens
 * come from prompt_tokens_details.cached_tokens, else DeepSeek's prompt_cache_hit_tokens. This wire
 * has no cache-write counts.
 *
 * xAI's chat completions report completion_tokens *without* the reasoning tokens (grok-3-mini:
 * prompt 12 + completion 1 + reasoning 228 = total 241). When total_tokens says so, the reasoning is
 * added to completion, so that `reasoning` stays inside `completion` and prompt + completion is the
 * total the provider bills (the same rule as Gemini's candidates + thoughts).
 */
export function convertOpenAiCompatUsage(usage: OpenAiCompatUsage | null | undefined): Usage {
  if (usage == null) return { ...ZERO_USAGE };
  const prompt = usage.prompt_tokens;
  const reasoning = usage.completion_tokens_details?.reasoning_tokens ?? 0;
  const total = usage.total_tokens;
  const reasoningOutside =
    reasoning > 0 &&
    total != null &&
    total !== prompt + usage.completion_tokens &&
    total === prompt + usage.completion_tokens + reasoning;
  return {
    prompt,
    completion: usage.completion_tokens + (reasoningOutside ? reasoning : 0),
    cacheRead: usage.prompt_tokens_details?.cached_tokens ?? usage.prompt_cache_hit_tokens ?? 0,
    cacheWrite: 0,
    cacheWrite1h: 0,
    reasoning,
  };
}
