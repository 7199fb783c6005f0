import type { ChatResponse } from './canonical.ts';

/** Bytes / 4, rounded up: the ledger's estimate when a provider reports no count. */
export function estimateTokens(text: string): number {
  return Math.ceil(Buffer.byteLength(text, 'utf8') / 4);
}

/**
 * Never assume an optimistic 0: a missing prompt count becomes the sent bytes / 4, a missing
 * completion count the received bytes / 4 (at least 1), with everything counted as uncached.
 */
export function withUsageFallback(response: ChatResponse, sentBody: string): ChatResponse {
  const usage = { ...response.usage };
  if (usage.prompt === 0) {
    usage.prompt = estimateTokens(sentBody);
    usage.cacheRead = 0;
    usage.cacheWrite = 0;
    usage.cacheWrite1h = 0;
  }
  if (usage.completion === 0) {
    const received =
      response.text + response.toolCalls.map((c) => c.name + JSON.stringify(c.arguments)).join('');
    usage.completion = Math.max(1, estimateTokens(received));
  }
  return { ...response, usage };
}
