/**
 * The search query of one xAI server-side search call. Three shapes arrive, and reading only one
 * leaves `queries` silently empty on the others (the ledger's two field runs both had queries=0):
 * - `web_search_call.action.query`: a plain string (ledger xai_responses, measured);
 * - `custom_tool_call.input`: a JSON string `{"query": "...", "limit": "5"}` (x_search's real shape);
 * - `web_search_call.arguments` / `x_search_call.arguments`: a JSON string `{"query": ...}` (what the
 *   recorded fixtures send; the issue asks to decode what the real API sends besides the ledger's shapes).
 * No query is not a failure (the answer itself arrived): every unreadable shape gives null, silently.
 * `action.sources` is never read here nor anywhere: annotations are the one source of truth.
 */
import type { XaiOutputItem } from './xai-item-shapes.ts';

/** `{"query": "..."}` inside a JSON string; null for anything else (bad JSON included). */
function queryInJson(text: string | null | undefined): string | null {
  if (text == null || text === '') return null;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const query = (value as Record<string, unknown>).query;
  return nonBlank(query);
}

function nonBlank(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value : null;
}

/** The first shape that holds a non-blank query, else null. */
export function xaiSearchQuery(item: XaiOutputItem): string | null {
  return nonBlank(item.action?.query) ?? queryInJson(item.input) ?? queryInJson(item.arguments);
}
