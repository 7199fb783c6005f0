/**
 * Sources of one Perplexity response as Grounding, engine `perplexity` (ledger part 6 §5.5, Spec 45
 * D5). They come from the `*_results` output items, not from annotations (measured: annotations were
 * empty in every probe); annotations are still read, first, in case a model ever sends them.
 *
 * - search_results / people_search_results: `results[]` of `{url, title}` objects;
 * - fetch_url_results: `contents[]` of `{url, title}` objects;
 * - finance_results: `results[].sources`, nested arrays of bare URL strings, flattened. They have no
 *   title: the URL itself is the display name (never an empty string made up as a title). The same
 *   goes for an object entry whose title is missing or blank.
 *
 * De-duplicated by URL, the first occurrence (and its title) wins; only http(s) URLs become sources
 * (a source is a real URL or nothing). An EMPTY `sources` is kept when a results item arrived: it is
 * the verdict "no source exists".
 */
import type { Grounding } from '../../../domain/message.ts';
import { ResponsesSources, type ResponsesAnnotation } from '../responses/index.ts';
import {
  isPerplexityResultKind,
  perplexityOutputItemSchema,
  perplexityResultEntrySchema,
  type PerplexityOutputItem,
} from './perplexity-api.ts';

/** Only http(s) URLs (the shared collector's rule); a missing or blank title shows the URL itself. */
function addSource(list: ResponsesSources, url: unknown, title: unknown): void {
  if (typeof url !== 'string') return;
  const uri = url.trim();
  const shown = typeof title === 'string' ? title.trim() : '';
  list.addSource(uri, shown === '' ? uri : shown);
}

/** Bare URL strings at any depth of nesting (measured as arrays of arrays; one level also reads). */
function flattenUrls(value: unknown, into: string[]): string[] {
  if (typeof value === 'string') into.push(value);
  else if (Array.isArray(value)) for (const element of value) flattenUrls(element, into);
  return into;
}

function addItemSources(item: PerplexityOutputItem, list: ResponsesSources): void {
  const entries = item.type === 'fetch_url_results' ? item.contents : item.results;
  for (const raw of entries ?? []) {
    if (item.type === 'finance_results') {
      const sources = perplexityResultEntrySchema.safeParse(raw).data?.sources ?? raw;
      for (const url of flattenUrls(sources, [])) addSource(list, url, null);
      continue;
    }
    const entry = perplexityResultEntrySchema.safeParse(raw);
    if (entry.success) addSource(list, entry.data.url, entry.data.title);
  }
}

/** The `*_results` items among the output items (anything else, or a non-object, is skipped). */
function perplexityResultItems(output: readonly unknown[]): PerplexityOutputItem[] {
  return output.flatMap((raw) => {
    const item = perplexityOutputItemSchema.safeParse(raw);
    return item.success && isPerplexityResultKind(item.data.type) ? [item.data] : [];
  });
}

/**
 * The Grounding of one response, or null when neither a results item nor an annotation with a URL
 * arrived (the answer was not grounded: a plain reply, or a finance call that only loaded its skill).
 * Queries are the `queries` strings of the results items, in order, without repeats.
 */
export function perplexityGrounding(
  output: readonly unknown[],
  annotations: readonly ResponsesAnnotation[],
): Grounding | null {
  const items = perplexityResultItems(output);
  const list = new ResponsesSources();
  for (const annotation of annotations) {
    if (annotation.type == null || annotation.type === 'url_citation') {
      addSource(list, annotation.url, annotation.title);
    }
  }
  for (const item of items) {
    addItemSources(item, list);
    for (const query of item.queries ?? []) if (typeof query === 'string') list.addQuery(query);
  }
  // A results item that arrived empty keeps its empty list: the verdict "no source exists".
  return list.grounding('perplexity', items.length > 0);
}
