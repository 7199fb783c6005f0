/**
 * The `pplx tools:` instrument line (ledger part 6 §3.5 item 6, Spec 45 D6):
 *
 *   pplx tools: finance=N people=N fetch=N web=N sources=N invocations=k:v,... tool_cost_usd=X.XXXXXX
 *
 * - finance= / people= / fetch= / web= count OUTPUT ITEMS (finance_results, people_search_results,
 *   fetch_url_results, search_results) as decode saw them, not usage keys (people's usage key is
 *   `search_people`, and web's usage detail was never measured).
 * - sources= is the number of URLs mapped into the Grounding (finance flattened first), after the
 *   de-duplication by URL, i.e. what the UI shows.
 * - invocations= lists usage.tool_calls_details as it came: `key:invocation`, sorted by key, joined
 *   by commas; keys are never fixed to an enum, so a renamed or new tool still shows.
 * - tool_cost_usd= is usage.cost.tool_calls_cost (tools only; total_cost includes the tokens) with
 *   6 decimals.
 *
 * Decisions (the ledger leaves them open):
 * - When: only on calls that show a tool at work — a results item, a `skill_loaded` item (the
 *   finance call that loads its skill and then does nothing is exactly what this line must show),
 *   an invocation, or a non-zero tool cost; a plain reply writes nothing, like `openai search:`.
 * - Absent reads empty, never a made-up token ("-", "none", 0): no tool_calls_details gives
 *   `invocations=`, no `cost.tool_calls_cost` gives `tool_cost_usd=`, an entry without a number gives
 *   `key:`. A reported zero stays `0.000000`, so "not sent" and "free" can be told apart.
 */
import type { WireNote } from '../../canonical.ts';
import type { PerplexityUsageExtras } from './perplexity-usage-extras.ts';

/** How many output items of each Perplexity kind one response had. */
export interface PerplexityToolCounts {
  finance: number;
  people: number;
  fetch: number;
  web: number;
  skillLoaded: number;
}

const KIND_FIELDS: Record<string, keyof PerplexityToolCounts> = {
  finance_results: 'finance',
  people_search_results: 'people',
  fetch_url_results: 'fetch',
  search_results: 'web',
  skill_loaded: 'skillLoaded',
};

/** Counts the Perplexity kinds among the output items' `type`s (other kinds are not counted here). */
export function countPerplexityItems(output: readonly unknown[]): PerplexityToolCounts {
  const counts: PerplexityToolCounts = { finance: 0, people: 0, fetch: 0, web: 0, skillLoaded: 0 };
  for (const item of output) {
    const type = typeof item === 'object' && item !== null ? (item as { type?: unknown }).type : null;
    const field = typeof type === 'string' && Object.hasOwn(KIND_FIELDS, type) ? KIND_FIELDS[type] : null;
    if (field != null) counts[field] += 1;
  }
  return counts;
}

function usedTools(counts: PerplexityToolCounts, extras: PerplexityUsageExtras): boolean {
  const items = counts.finance + counts.people + counts.fetch + counts.web + counts.skillLoaded;
  return items > 0 || extras.invocations.length > 0 || (extras.toolCostUsd ?? 0) !== 0;
}

/** The note of one call, or null when the call used no Perplexity tool. */
export function perplexityToolsNote(
  counts: PerplexityToolCounts,
  sources: number,
  extras: PerplexityUsageExtras,
): WireNote | null {
  if (!usedTools(counts, extras)) return null;
  const invocations = extras.invocations.map(({ key, count }) => `${key}:${count ?? ''}`).join(',');
  const cost = extras.toolCostUsd === null ? '' : extras.toolCostUsd.toFixed(6);
  return {
    prefix: 'pplx tools',
    fields:
      `finance=${counts.finance} people=${counts.people} fetch=${counts.fetch} web=${counts.web} ` +
      `sources=${sources} invocations=${invocations} tool_cost_usd=${cost}`,
  };
}
