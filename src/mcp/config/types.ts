/**
 * One server entry of an `mcp.json` (Claude Desktop `mcpServers` format) after validation. Defaults
 * are filled in (args [], env {}, headers {}, enabled true) so callers never branch on absence.
 */
export type McpStdioEntry = {
  type: 'stdio';
  command: string;
  args: string[];
  env: Record<string, string>;
  enabled: boolean;
};

export type McpHttpEntry = {
  type: 'http';
  url: string;
  headers: Record<string, string>;
  enabled: boolean;
};

export type McpEntry = McpStdioEntry | McpHttpEntry;

/**
 * The first violation of one entry. `field` is the entry's JSON key, or "(name)" / "(entry)" for the
 * server name and the entry as a whole. The message names fields, headers and variables but never
 * carries a header value or env value (they hold tokens).
 */
export interface EntryProblem {
  server: string;
  field: string;
  message: string;
}

/** One server: a usable entry, or why it is not usable (the other servers are unaffected). */
export type ServerConfig =
  | { name: string; entry: McpEntry; problem?: undefined }
  | { name: string; entry?: undefined; problem: EntryProblem };

/**
 * A whole file. `ok: false` is a file-level failure (not JSON, wrong root, unreadable): an error,
 * never an empty set, so a typo does not silently remove every tool.
 */
export type McpConfigRead = { ok: true; servers: ServerConfig[] } | { ok: false; message: string };
