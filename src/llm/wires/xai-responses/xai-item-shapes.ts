/**
 * The few fields of a Responses output item the xAI search readers look at. Narrow on purpose: the
 * shared core's parsed item (`ResponsesOutputItem`) fits it structurally, and the readers stay
 * testable on plain objects.
 */
export interface XaiOutputItem {
  type: string;
  /** web_search_call / x_search_call as recorded: a JSON string `{"query": ...}`. */
  arguments?: string | null;
  /** custom_tool_call (x_search's real wire shape): a JSON string `{"query", "limit"}`. */
  input?: string | null;
  /** web_search_call as the ledger measured it: `action.query`, a plain string. */
  action?: { query?: string | null } | null;
}
