import type { Usage } from '../../canonical.ts';
import type { GeminiUsage } from './gemini-api.ts';

/**
 * `usageMetadata` -> Usage (ledger part 6 §5.2). Identity:
 * totalTokenCount = promptTokenCount + candidatesTokenCount + thoughtsTokenCount + toolUsePromptTokenCount.
 * - prompt = promptTokenCount + toolUsePromptTokenCount (URL-context / search bodies bill as input)
 * - completion = candidatesTokenCount + thoughtsTokenCount (thinking is billed output)
 * - reasoning = thoughtsTokenCount (part of completion); cacheRead = cachedContentTokenCount
 * - Gemini has no cache-write charge: cacheWrite = cacheWrite1h = 0. A missing field counts as 0.
 */
export function convertGeminiUsage(usage: GeminiUsage | null | undefined): Usage {
  const n = (value: number | null | undefined): number => value ?? 0;
  const thoughts = n(usage?.thoughtsTokenCount);
  return {
    prompt: n(usage?.promptTokenCount) + n(usage?.toolUsePromptTokenCount),
    completion: n(usage?.candidatesTokenCount) + thoughts,
    cacheRead: n(usage?.cachedContentTokenCount),
    cacheWrite: 0,
    cacheWrite1h: 0,
    reasoning: thoughts,
  };
}
