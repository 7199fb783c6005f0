/**
 * xAI grounding (ledger xai_responses): every `url_citation` annotation of every message content
 * part goes into Grounding.sources, de-duplicated by URL in order of arrival. The `include:
 * ["no_inline_citations"]` the encoder always sends is what makes this list complete ("every URL
 * looked at", measured 2 -> 18), not only what the text cites. `start_index` / `end_index` are the
 * positions of the inline [[N]](url) marks, (0, 0) without them: never read, so no claim is ever
 * pinned to a span. `web_search_call.action.sources` is NOT read: a second source list would grow a
 * second de-duplication rule. Sources are display-only and never go back to the model.
 */
import type { Grounding, GroundingSource } from '../../../domain/message.ts';
import type { XaiAnnotation } from './xai-item-shapes.ts';

/** The annotations of every message content part, in order (the shared walk collects them). */
export function xaiAnnotationSources(annotations: readonly XaiAnnotation[]): GroundingSource[] {
  const byUrl = new Map<string, GroundingSource>();
  for (const annotation of annotations) {
    if (annotation.type !== 'url_citation') continue;
    const uri = annotation.url?.trim() ?? '';
    if (uri === '') continue;
    const title = annotation.title ?? '';
    const seen = byUrl.get(uri);
    // The first entry keeps its place; a later one may only supply a missing title.
    if (seen === undefined) byUrl.set(uri, { uri, title });
    else if (seen.title === '' && title !== '') seen.title = title;
  }
  return [...byUrl.values()];
}

/**
 * Grounding of one response: null when nothing was searched and nothing cited. A search with no
 * source keeps its empty `sources` (the verdict "no source exists", shown as such).
 */
export function convertXaiGrounding(
  queries: readonly string[],
  sources: readonly GroundingSource[],
  searched: boolean,
): Grounding | null {
  if (!searched && sources.length === 0) return null;
  return { queries: [...queries], sources: [...sources], engine: 'xai' };
}
