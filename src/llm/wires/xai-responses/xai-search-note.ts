/**
 * The `xai search:` instrument (ledger part 6 §3.5), one line on calls that used search only, in
 * the shape of `grep include:` (the caller prefixes `agent=`). The ledger fixes the prefix and what
 * the line records but leaves the field list open; chosen here, in this order, every field always
 * written (a grep never has to guess whether a field was dropped):
 *
 *   calls=web:N,x:N   search calls as usage counts them (server_side_tool_usage_details, else
 *                     server_side_tool_usage); `none` when usage carries neither map (the recorded
 *                     whole-response bodies carry only the total below)
 *   items=k:N,...     which search-call item names arrived and how many (web_search_call,
 *                     x_search_call, custom_tool_call, in that order); `none` when none arrived
 *   queries=N         distinct queries decoded (0 is normal: xAI may send "" or no query)
 *   sources=N         distinct annotation URLs, i.e. Grounding.sources
 *   tools_used=N      usage num_server_side_tools_used (every server tool, not only search); `none`
 *   ticks=N           usage cost_in_usd_ticks, raw, never converted to money; `none` when absent
 *
 * The name stays `xai search:`: older observation records grep for it.
 */
import type { WireNote } from '../../canonical.ts';
import { XAI_SEARCH_CALL_KINDS, searchCallCount, type XaiSearchReading } from './xai-search-calls.ts';
import type { XaiToolUsage } from './xai-server-tool-usage.ts';

function orNone(value: number | null): string {
  return value === null ? 'none' : String(value);
}

function itemsField(reading: XaiSearchReading): string {
  const arrived = XAI_SEARCH_CALL_KINDS.filter((kind) => (reading.kinds[kind] ?? 0) > 0);
  return arrived.length === 0 ? 'none' : arrived.map((kind) => `${kind}:${reading.kinds[kind]}`).join(',');
}

/** Whether this call used search: a search-call item arrived, or usage counted a search call. */
export function usedXaiSearch(reading: XaiSearchReading, usage: XaiToolUsage): boolean {
  const counted = usage.searchCalls === null ? 0 : usage.searchCalls.web + usage.searchCalls.x;
  return searchCallCount(reading) > 0 || counted > 0;
}

/** The note, or null when the call did not search. */
export function xaiSearchNote(
  reading: XaiSearchReading,
  usage: XaiToolUsage,
  sourceCount: number,
): WireNote | null {
  if (!usedXaiSearch(reading, usage)) return null;
  const calls = usage.searchCalls === null ? 'none' : `web:${usage.searchCalls.web},x:${usage.searchCalls.x}`;
  const fields = [
    `calls=${calls}`,
    `items=${itemsField(reading)}`,
    `queries=${reading.queries.length}`,
    `sources=${sourceCount}`,
    `tools_used=${orNone(usage.toolsUsed)}`,
    `ticks=${orNone(usage.ticks)}`,
  ];
  return { prefix: 'xai search', fields: fields.join(' ') };
}
