/**
 * A whole `mcp.json` text (Claude Desktop `mcpServers` format). File-level problems make the read
 * fail as a whole; entry problems stay with their server so the others still connect.
 */
import { jsonProblem } from '../../world/json-problem.ts';
import { isPlainObject, kindOf } from './describe.ts';
import { writtenServerOrder } from './file-order.ts';
import type { McpConfigRead } from './types.ts';
import { validateMcpEntry } from './validate-entry.ts';

/** Server names in file order; the parsed object's own order if the two ever disagree. */
function serverNames(text: string, servers: Record<string, unknown>): string[] {
  const parsed = Object.keys(servers);
  const written = writtenServerOrder(text);
  const same = written.length === parsed.length && written.every((name) => Object.hasOwn(servers, name));
  return same ? written : parsed;
}

/**
 * Empty (or whitespace-only) text is zero servers, and so is an object without "mcpServers". Parse
 * messages give line and column only: the text may hold tokens. A leading BOM (Windows editors)
 * is skipped.
 */
export function parseMcpConfig(text: string): McpConfigRead {
  const body = text.startsWith('\uFEFF') ? text.slice(1) : text;
  if (body.trim() === '') return { ok: true, servers: [] };
  let root: unknown;
  try {
    root = JSON.parse(body);
  } catch {
    return { ok: false, message: jsonProblem(body) ?? 'not valid JSON' };
  }
  if (!isPlainObject(root)) {
    return { ok: false, message: `the top level must be a JSON object, not ${kindOf(root)}` };
  }
  if (!Object.hasOwn(root, 'mcpServers')) return { ok: true, servers: [] };
  const servers = root.mcpServers;
  if (!isPlainObject(servers)) {
    return { ok: false, message: `"mcpServers" must be an object of server entries, not ${kindOf(servers)}` };
  }
  return {
    ok: true,
    servers: serverNames(body, servers).map((name) => validateMcpEntry(name, servers[name])),
  };
}
