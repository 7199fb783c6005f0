/**
 * Grounding provenance of one response (ledger part 6, gemini_native.grounding): display-only,
 * never sent back to the model. An EMPTY `sources` list is kept: it is the verdict "no source
 * exists" (measured: queries arrive while sources are empty), not a missing value.
 */
import type { Grounding, GroundingSource } from '../../../domain/message.ts';
import type { GeminiGroundingMetadata } from './gemini-api.ts';
import { isWebUrl } from '../web-url.ts';
import { isRecord } from './gemini-schema-node.ts';

/**
 * Search queries of a server-side `toolCall` part (Google already ran it; with
 * `includeServerSideToolInvocations` it arrives as `{toolType, args: {queries: [...]}}`). Any other
 * shape gives none.
 */
export function toolCallSearchQueries(toolCall: unknown): string[] {
  if (!isRecord(toolCall) || !isRecord(toolCall.args)) return [];
  const { queries, query } = toolCall.args;
  if (Array.isArray(queries)) return queries.filter((q): q is string => typeof q === 'string' && q !== '');
  return typeof query === 'string' && query !== '' ? [query] : [];
}

function uniqueSources(metadata: GeminiGroundingMetadata): GroundingSource[] {
  const seen = new Set<string>();
  const sources: GroundingSource[] = [];
  for (const chunk of metadata.groundingChunks ?? []) {
    const uri = chunk.web?.uri;
    // Only http(s) (web-url.ts): a source is shown as a link.
    if (!isWebUrl(uri) || seen.has(uri)) continue;
    seen.add(uri);
    sources.push({ uri, title: chunk.web?.title ?? '' });
  }
  return sources;
}

/**
 * `groundingMetadata` (plus queries read from `toolCall` parts) -> Grounding. Sources are the
 * `groundingChunks[].web` entries in order, de-duplicated by uri (the first title wins); the engine
 * is one value per response. Null when the answer carries neither metadata nor search queries.
 */
export function convertGeminiGrounding(
  metadata: GeminiGroundingMetadata | null | undefined,
  toolCallQueries: string[],
): Grounding | null {
  if (metadata == null && toolCallQueries.length === 0) return null;
  const queries = [...new Set([...(metadata?.webSearchQueries ?? []), ...toolCallQueries])];
  return { queries, sources: metadata == null ? [] : uniqueSources(metadata), engine: 'google' };
}
