/**
 * Perplexity usage to canonical: the shared Responses mapping (input_tokens, cached_tokens,
 * output_tokens, reasoning_tokens; measured: cached_tokens works, 3,968 observed, reasoning 0), plus
 * a fallback for the names Perplexity's own schema documents for the cache,
 * `input_tokens_details.cache_read_input_tokens` / `cache_creation_input_tokens`. The measured name
 * wins; the documented one is read only when the measured one is absent, so a body that switches to
 * the documented names does not silently count its cache hits as new input (a cost-relevant field
 * left unread is the ledger's Spec 40 lesson). `usage.cost` never comes here (Spec 45 D10).
 */
import { z } from 'zod';
import type { Usage } from '../../canonical.ts';

const count = z.number().nonnegative().nullish().catch(null);
const documentedCacheSchema = z.looseObject({
  input_tokens_details: z
    .looseObject({
      cached_tokens: count,
      cache_write_tokens: count,
      cache_read_input_tokens: count,
      cache_creation_input_tokens: count,
    })
    .nullish()
    .catch(null),
});

export function withDocumentedCacheNames(usage: Usage, rawUsage: unknown): Usage {
  const details = documentedCacheSchema.safeParse(rawUsage).data?.input_tokens_details;
  if (details == null) return usage;
  const cacheRead = details.cached_tokens == null ? (details.cache_read_input_tokens ?? 0) : usage.cacheRead;
  const cacheWrite =
    details.cache_write_tokens == null ? (details.cache_creation_input_tokens ?? 0) : usage.cacheWrite;
  return { ...usage, cacheRead, cacheWrite };
}
