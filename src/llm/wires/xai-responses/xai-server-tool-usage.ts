/**
 * xAI's server-side tool counts in `usage`. Where the bodies put them:
 * - `num_server_side_tools_used`: every recorded body (whole responses and the streams' final
 *   response). It counts every server tool use (search, view_x_video, code execution ...).
 * - `server_side_tool_usage_details` (the observed name): `{web_search_calls, x_search_calls,
 *   code_interpreter_calls, ...}`, only in the x_search stream's final response.
 * - `server_side_tool_usage` (the documented name): never recorded; read the same way, tolerant of
 *   its key spelling (any key naming web_search / x_search), so either name works (ledger).
 * - `cost_in_usd_ticks`: in the xAI chat-completions bodies only, none of the Responses ones; read at
 *   usage level where it would sit. Kept raw, never converted to money: the tick unit is unverified
 *   and an unchecked conversion would carry a wrong order of magnitude into the log.
 * None of these changes the canonical Usage (tokens come from the shared core).
 */

/** The usage fields read here; the core's parsed usage fits it structurally. */
export interface XaiUsageExtras {
  server_side_tool_usage_details?: Record<string, unknown> | null;
  server_side_tool_usage?: Record<string, unknown> | null;
  num_server_side_tools_used?: unknown;
  cost_in_usd_ticks?: unknown;
}

export interface XaiToolUsage {
  /** Search calls as usage counts them; null when neither map came. */
  searchCalls: { web: number; x: number } | null;
  /** num_server_side_tools_used; null when absent. */
  toolsUsed: number | null;
  /** cost_in_usd_ticks as sent; null when absent. */
  ticks: number | null;
}

const WEB_KEY = /(^|_)web_search/;
const X_KEY = /(^|_)x_search/;

function count(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : null;
}

function searchCallsIn(map: Record<string, unknown>): { web: number; x: number } {
  const calls = { web: 0, x: 0 };
  for (const [key, value] of Object.entries(map)) {
    const n = count(value);
    if (n === null) continue;
    const name = key.toLowerCase();
    if (WEB_KEY.test(name)) calls.web += n;
    else if (X_KEY.test(name)) calls.x += n;
  }
  return calls;
}

export function readXaiToolUsage(usage: XaiUsageExtras | null | undefined): XaiToolUsage {
  const map = usage?.server_side_tool_usage_details ?? usage?.server_side_tool_usage ?? null;
  return {
    searchCalls: map === null ? null : searchCallsIn(map),
    toolsUsed: count(usage?.num_server_side_tools_used),
    ticks: count(usage?.cost_in_usd_ticks),
  };
}
