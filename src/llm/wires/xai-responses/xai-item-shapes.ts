/**
 * The few fields of a Responses output item the xAI-only readers look at. Narrow on purpose: the
 * shared core's parsed item (responses-api.ts `ResponsesOutputItem`) fits these structurally, and
 * the readers stay testable on plain objects.
 */
export interface XaiAnnotation {
  type?: string | null;
  url?: string | null;
  /** Absent on xAI (url_citation carries only the URL); read when present. */
  title?: string | null;
}

export interface XaiOutputItem {
  type: string;
  /** The server tool's own name (`web_search`, `x_keyword_search`, `view_x_video`, ...). */
  name?: string | null;
  /** web_search_call / x_search_call as recorded: a JSON string `{"query": ...}`. */
  arguments?: string | null;
  /** custom_tool_call (x_search's real wire shape): a JSON string `{"query", "limit"}`. */
  input?: string | null;
  /** web_search_call as the ledger measured it: `action.query`, a plain string. */
  action?: { query?: string | null } | null;
}
