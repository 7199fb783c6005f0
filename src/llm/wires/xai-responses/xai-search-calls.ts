/**
 * The search-call arm: `web_search_call`, `x_search_call` and `custom_tool_call` are taken by one
 * reader (ledger xai_responses: the docs say x_search_call, the wire was observed sending
 * custom_tool_call — undocumented behaviour mid-migration), and which names arrived is recorded for
 * the `xai search:` line. These are calls xAI already ran: never our ToolCalls. This wire sends no
 * custom (free-form) tools, so on xAI a custom_tool_call is always x_search's server-side call
 * (`call_id` "xs_call_…", fixture xai-x-search-tool stream).
 */
import type { XaiOutputItem } from './xai-item-shapes.ts';
import { xaiSearchQuery } from './xai-search-queries.ts';

/** In the order the `items=` field lists them. */
export const XAI_SEARCH_CALL_KINDS = ['web_search_call', 'x_search_call', 'custom_tool_call'] as const;
export type XaiSearchCallKind = (typeof XAI_SEARCH_CALL_KINDS)[number];

function isXaiSearchCall(type: string): type is XaiSearchCallKind {
  return (XAI_SEARCH_CALL_KINDS as readonly string[]).includes(type);
}

export interface XaiSearchReading {
  /** How many items of each search-call name arrived (names that did not arrive are absent). */
  kinds: Partial<Record<XaiSearchCallKind, number>>;
  /** Queries in arrival order, each once. */
  queries: string[];
}

/** All search-call items of one response; other items are ignored. */
export function readXaiSearchCalls(items: readonly XaiOutputItem[]): XaiSearchReading {
  const kinds: Partial<Record<XaiSearchCallKind, number>> = {};
  const queries = new Set<string>();
  for (const item of items) {
    if (!isXaiSearchCall(item.type)) continue;
    kinds[item.type] = (kinds[item.type] ?? 0) + 1;
    const query = xaiSearchQuery(item);
    if (query !== null) queries.add(query);
  }
  return { kinds, queries: [...queries] };
}

/** The total number of search-call items read. */
export function searchCallCount(reading: XaiSearchReading): number {
  return Object.values(reading.kinds).reduce((sum, n) => sum + n, 0);
}
