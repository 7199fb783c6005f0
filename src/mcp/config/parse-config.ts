/**
 * A whole `mcp.json` text: the Claude Desktop `mcpServers` format, or VS Code's (`servers` at the top,
 * beside `inputs`), whose entries have the same shape. File-level problems make the read fail as a
 * whole; entry problems stay with their server so the others still connect.
 */
import { jsonProblem } from '../../world/json-problem.ts';
import { isPlainObject, kindOf } from './describe.ts';
import { writtenServerOrder } from './file-order.ts';
import type { McpConfigRead } from './types.ts';
import { validateMcpEntry } from './validate-entry.ts';

/** Server names in file order; the parsed object's own order if the two ever disagree. */
function serverNames(text: string, rootKey: string, servers: Record<string, unknown>): string[] {
  const parsed = Object.keys(servers);
  const written = writtenServerOrder(text, rootKey);
  const same = written.length === parsed.length && written.every((name) => Object.hasOwn(servers, name));
  return same ? written : parsed;
}

const FORMS = { mcpServers: '"mcpServers"', servers: '"servers" (the VS Code mcp.json form)' } as const;

/**
 * Which key holds the servers. VS Code's `servers` is read like `mcpServers` (past the ledger, issue
 * 17: a pasted VS Code file must not become 0 servers); a file with both is ambiguous and refused.
 */
function serversKey(root: Record<string, unknown>): keyof typeof FORMS | null | McpConfigRead {
  const claude = Object.hasOwn(root, 'mcpServers');
  const vscode = Object.hasOwn(root, 'servers');
  if (claude && vscode) {
    return {
      ok: false,
      message:
        'the file has both "mcpServers" (the Claude Desktop form) and "servers" (the VS Code form): keep one',
    };
  }
  if (claude) return 'mcpServers';
  return vscode ? 'servers' : null;
}

/** An object whose values look like server entries (`command` or `url`): servers in another form. */
function holdsServers(value: unknown): boolean {
  if (!isPlainObject(value)) return false;
  return Object.values(value).some(
    (entry) => isPlainObject(entry) && (Object.hasOwn(entry, 'command') || Object.hasOwn(entry, 'url')),
  );
}

/**
 * A file whose servers sit under a key that is not read is never taken as zero servers (issue 17: a
 * pasted config must not be saved silently as 0 servers): the message names the form it looks like
 * and the forms that are read. Other files without a server list (a Claude Desktop config with only
 * its own settings) are zero servers, as before.
 */
function unreadForm(root: Record<string, unknown>): McpConfigRead | null {
  const mcp = root.mcp;
  const key = Object.keys(root).find((k) => holdsServers(root[k]));
  let hint: string;
  if (isPlainObject(mcp) && holdsServers(mcp.servers)) {
    hint = 'it looks like VS Code settings.json ("mcp": {"servers": …}): paste the object inside "mcp"';
  } else if (key === undefined) {
    return null;
  } else if (key.toLowerCase() === 'context_servers') {
    hint = 'it looks like a Zed settings file ("context_servers"): put the entries under "mcpServers"';
  } else if (key.toLowerCase().replace(/[_-]/g, '') === 'mcpservers') {
    hint = `the key is written ${JSON.stringify(key.slice(0, 40))}; it must be exactly "mcpServers"`;
  } else {
    hint = `the servers seem to be under ${JSON.stringify(key.slice(0, 40))}, which is not read`;
  }
  return {
    ok: false,
    message: `no server list that can be read: ${hint}. Read forms: ${FORMS.mcpServers} (Claude Desktop, Claude Code) or ${FORMS.servers}`,
  };
}

/**
 * Empty (or whitespace-only) text is zero servers, and so is an object without a server list, unless
 * its servers sit under a key that is not read (unreadForm). Parse
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
  const rootKey = serversKey(root);
  if (rootKey === null) return unreadForm(root) ?? { ok: true, servers: [] };
  if (typeof rootKey !== 'string') return rootKey;
  const servers = root[rootKey];
  if (!isPlainObject(servers)) {
    return {
      ok: false,
      message: `${FORMS[rootKey]} must be an object of server entries, not ${kindOf(servers)}`,
    };
  }
  return {
    ok: true,
    servers: serverNames(body, rootKey, servers).map((name) => validateMcpEntry(name, servers[name])),
  };
}
