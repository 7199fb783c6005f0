import type { McpEntry } from './types.ts';

/**
 * The JSON form of an entry, which parses back to the same entry. stdio never writes `type` (the
 * Claude Desktop form, pasteable back); http always writes `type: "http"`, or the next read would
 * take it for stdio. Defaults (empty env / headers, enabled true) are left out.
 */
export function serializeMcpEntry(entry: McpEntry): Record<string, unknown> {
  const out: Record<string, unknown> =
    entry.type === 'http'
      ? { type: 'http', url: entry.url }
      : { command: entry.command, args: [...entry.args] };
  if (entry.type === 'stdio' && Object.keys(entry.env).length > 0) out.env = { ...entry.env };
  if (entry.type === 'http' && Object.keys(entry.headers).length > 0) out.headers = { ...entry.headers };
  if (!entry.enabled) out.enabled = false;
  return out;
}
