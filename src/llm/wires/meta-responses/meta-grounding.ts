/**
 * Grounding of a Meta Responses answer, engine `meta` (Spec 37). Display-only: never sent back.
 *
 * What the ledger measured on Meta is the reply kinds `reasoning` + `message` and that the shape is
 * the one xAI and OpenAI use; it records nothing about what Meta's `web_search_call` carries. So:
 * - sources come from the `url_citation` annotations of the message text (the one source channel
 *   every Responses provider shares), in order, de-duplicated by URL (the first title wins);
 *   an annotation without a URL is not a source (a non-URI in the URI field would show a lie);
 * - `web_search_call.action.sources` is NOT read: on OpenAI it only arrives when asked for with an
 *   `include` value that is OpenAI's, unmeasured on Meta, and a second source channel would grow a
 *   second de-duplication rule on a shape nobody has seen;
 * - queries are read from `web_search_call.action.query` when that string is there (the shared
 *   Responses shape); when it is not, there are no queries, which is not a failure.
 * A search call with no cited source still gives a Grounding with empty `sources`: that is the
 * verdict "no source was returned", which the UI shows as such.
 */
import type { Grounding, GroundingSource } from '../../../domain/message.ts';

/** One annotation of an `output_text` part, read loosely (any field may be missing). */
export interface MetaAnnotationView {
  type?: string | null;
  url?: string | null;
  title?: string | null;
}

export interface MetaSearchEvidence {
  /** The annotations of the message's text parts, in output order. */
  annotations: readonly MetaAnnotationView[];
  /** One entry per `web_search_call` item: its `action.query` when it is a non-empty string. */
  searchQueries: readonly (string | null)[];
}

function citedSources(annotations: readonly MetaAnnotationView[]): GroundingSource[] {
  const seen = new Set<string>();
  const sources: GroundingSource[] = [];
  for (const annotation of annotations) {
    if (annotation.type !== 'url_citation') continue;
    const uri = annotation.url?.trim() ?? '';
    if (uri === '' || seen.has(uri)) continue;
    seen.add(uri);
    sources.push({ uri, title: annotation.title ?? '' });
  }
  return sources;
}

/** Null when the answer has neither a search call nor a URL citation (it was not grounded). */
export function metaGrounding(evidence: MetaSearchEvidence): Grounding | null {
  const sources = citedSources(evidence.annotations);
  if (evidence.searchQueries.length === 0 && sources.length === 0) return null;
  const queries = [
    ...new Set(evidence.searchQueries.filter((q): q is string => q !== null && q.trim() !== '')),
  ];
  return { queries, sources, engine: 'meta' };
}
