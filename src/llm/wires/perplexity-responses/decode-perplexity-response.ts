/**
 * A 2xx Perplexity `/v1/responses` body to the canonical response. The shared walk (`../responses/`)
 * does messages, reasoning, function calls, usage and finish; this wire adds:
 * - the four `*_results` kinds, taken over so they are not counted as dropped, and read raw into
 *   Grounding (perplexity-grounding.ts), annotations first;
 * - `skill_loaded`: left to the walk, which counts it into `dropped` (no sources: dropped but
 *   counted, #72);
 * - the `pplx tools:` note (perplexity-tools-note.ts) from the item counts, the source count and
 *   `usage.cost` / `usage.tool_calls_details` (read for the note only, Spec 45 D10);
 * - the documented cache field names as a usage fallback (convert-perplexity-usage.ts).
 *
 * No output item is replayed to the next call (`replayOutputItems` off): Perplexity's input
 * discriminator is strict (a wrong type is a named 400), carrying reasoning / message items back
 * was never measured there, and reasoning_tokens were 0 in every probe.
 */
import type { ChatResponse } from '../../canonical.ts';
import { isJsonObject } from '../decode-json.ts';
import { decodeResponsesOutput, type ResponsesKindHandler } from '../responses/index.ts';
import { withDocumentedCacheNames } from './convert-perplexity-usage.ts';
import { PERPLEXITY_RESULT_KINDS } from './perplexity-api.ts';
import { perplexityGrounding } from './perplexity-grounding.ts';
import { countPerplexityItems, perplexityToolsNote } from './perplexity-tools-note.ts';
import { readPerplexityUsageExtras } from './perplexity-usage-extras.ts';

/** The results items are read raw below; the walk only needs to know they are this wire's. */
const TAKE_OVER: ResponsesKindHandler = () => {};
const RESULT_KINDS: Record<string, ResponsesKindHandler> = Object.fromEntries(
  PERPLEXITY_RESULT_KINDS.map((kind) => [kind, TAKE_OVER]),
);

function field(body: unknown, key: string): unknown {
  return isJsonObject(body) ? body[key] : undefined;
}

export function decodePerplexityResponse(body: unknown): ChatResponse {
  // Throws LlmError('parse') when the body is not a Responses body (no `output` array).
  const decoded = decodeResponsesOutput(body, { kinds: RESULT_KINDS });
  const rawOutput = field(body, 'output') as unknown[];
  const rawUsage = field(body, 'usage');
  const grounding = perplexityGrounding(rawOutput, decoded.annotations);
  const note = perplexityToolsNote(
    countPerplexityItems(rawOutput),
    grounding?.sources.length ?? 0,
    readPerplexityUsageExtras(rawUsage),
  );
  return {
    ...decoded.response,
    usage: withDocumentedCacheNames(decoded.response.usage, rawUsage),
    grounding,
    ...(note === null ? {} : { notes: [note] }),
  };
}
