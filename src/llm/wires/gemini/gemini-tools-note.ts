/**
 * The `gemini tools:` instrument (ledger part 6 §3.5 item 3; ja gemini_native 計器 2 行):
 * `gemini tools: agent=… url_context={retrieved}/{requested} statuses=… tool_use_prompt={n} search_queries={n}`.
 * The wire returns everything after `agent=…`; the orchestrator adds the agent and writes the line
 * (canonical.ts `wireNoteLine`). `urlContextMetadata` goes only here, never on screen.
 */
import type { WireNote } from '../../canonical.ts';
import type { GeminiUrlContextMetadata, GeminiUsage } from './gemini-api.ts';

const STATUS_PREFIX = 'URL_RETRIEVAL_STATUS_';
const SUCCESS = 'success';
/** An entry without a status reads as Google's own default value. */
const UNSPECIFIED = 'unspecified';

/**
 * `URL_RETRIEVAL_STATUS_PAYWALL` -> `paywall` (lower case like the other `k:n` tallies of the log,
 * e.g. `kinds=`); a value we do not know is kept, but cannot break the line apart.
 */
function statusName(status: string | null | undefined): string {
  if (status == null || status === '') return UNSPECIFIED;
  const name = status.startsWith(STATUS_PREFIX) ? status.slice(STATUS_PREFIX.length) : status;
  return name.replace(/[^A-Za-z0-9_]/g, '_').toLowerCase() || UNSPECIFIED;
}

/** Status -> how many URLs ended with it, sorted by name so equal calls give equal lines. */
function tallyStatuses(metadata: GeminiUrlContextMetadata | null | undefined): Map<string, number> {
  const tally = new Map<string, number>();
  for (const entry of metadata?.urlMetadata ?? []) {
    const name = statusName(entry.urlRetrievalStatus);
    tally.set(name, (tally.get(name) ?? 0) + 1);
  }
  return new Map([...tally].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

/**
 * The note of one call, or null when the call used neither URL context nor search.
 * - requested = the URLs the tool tried (one `urlMetadata` entry each); retrieved = those with
 *   status SUCCESS. ERROR / PAYWALL / UNSAFE / UNSPECIFIED were tried and not read: they count as
 *   requested only. This is the count the ledger relies on when `toolUsePromptTokenCount` is
 *   missing although a fetch happened (Spec 48 P0 (d)/(d2)).
 * - tool_use_prompt = `toolUsePromptTokenCount` as sent (0 when absent, as in usage).
 * - search_queries = the distinct queries of the grounding (webSearchQueries plus those read from
 *   server-side `toolCall` parts).
 * "Used" is any of the three being non-zero: a call with tool-use tokens but no metadata still ran
 * a Google tool and is worth its line.
 */
export function geminiToolsNote(
  urlContext: GeminiUrlContextMetadata | null | undefined,
  usage: GeminiUsage | null | undefined,
  searchQueries: number,
): WireNote | null {
  const tally = tallyStatuses(urlContext);
  const requested = [...tally.values()].reduce((sum, n) => sum + n, 0);
  const retrieved = tally.get(SUCCESS) ?? 0;
  const toolUsePrompt = usage?.toolUsePromptTokenCount ?? 0;
  if (requested === 0 && searchQueries === 0 && toolUsePrompt === 0) return null;
  const statuses = tally.size === 0 ? 'none' : [...tally].map(([name, n]) => `${name}:${n}`).join(',');
  return {
    prefix: 'gemini tools',
    fields: `url_context=${retrieved}/${requested} statuses=${statuses} tool_use_prompt=${toolUsePrompt} search_queries=${searchQueries}`,
  };
}
