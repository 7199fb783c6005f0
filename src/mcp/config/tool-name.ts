/** The name the model sees for an MCP tool (ledger §5.3 "Tool names", with issue 17's changes). */
import { createHash } from 'node:crypto';

/** The longest tool name the providers accept. */
export const MCP_TOOL_NAME_MAX = 64;

/** A long server name is cut to this, so the tool part keeps some room. */
const SERVER_PART_MAX = 40;
const HASH_CHARS = 6;

/** Every character outside `[A-Za-z0-9_-]` becomes `_` (per code point, so an emoji is one `_`). */
function fold(text: string): string {
  return text.replace(/[^A-Za-z0-9_-]/gu, '_');
}

/** Short and stable: the same server and tool always give the same hash, on every machine. */
function hashOf(server: string, tool: string, salt = ''): string {
  return createHash('sha256')
    .update(`${server}\0${tool}\0${salt}`, 'utf8')
    .digest('hex')
    .slice(0, HASH_CHARS);
}

/** `{server}__{tool…}_{hash}` within 64: the server prefix stays (cut at 40), the tool part is cut. */
function hashedName(server: string, tool: string, hash: string): string {
  const serverPart = fold(server).slice(0, SERVER_PART_MAX);
  const suffix = `_${hash}`;
  const room = MCP_TOOL_NAME_MAX - serverPart.length - 2 - suffix.length;
  return `${serverPart}__${fold(tool).slice(0, room)}${suffix}`;
}

/**
 * `{server}__{tool}`, folded. A name over 64 characters keeps the server prefix, cuts the tool part
 * and adds a hash of both (past the ledger's "keep the tail", issue 17: the tail dropped the server
 * prefix, which says where a tool comes from, and two long names could still end alike).
 */
export function mcpToolName(server: string, tool: string): string {
  const folded = `${fold(server)}__${fold(tool)}`;
  return folded.length <= MCP_TOOL_NAME_MAX ? folded : hashedName(server, tool, hashOf(server, tool));
}

export interface McpToolRef {
  server: string;
  tool: string;
}

/** The key of a tool in the memo of names already given. */
export function toolRefKey(ref: McpToolRef): string {
  return JSON.stringify([ref.server, ref.tool]);
}

/**
 * Distinct names for the tools of one mcp.json, in order. Folding can map two tools to one name
 * (`a.b` and `a_b`): the first keeps it and each later one gets a short stable suffix (a hash of its
 * server and tool). `given` holds the names handed out before (by tool key): a tool keeps its name as
 * long as no other tool holds it, so a server that connects late never renames the tools of another.
 */
export function assignMcpToolNames(
  refs: readonly McpToolRef[],
  given: ReadonlyMap<string, string> = new Map(),
): string[] {
  const names: (string | null)[] = refs.map(() => null);
  const taken = new Set<string>();
  refs.forEach((ref, index) => {
    const earlier = given.get(toolRefKey(ref));
    if (earlier !== undefined && !taken.has(earlier)) {
      names[index] = earlier;
      taken.add(earlier);
    }
  });
  return refs.map((ref, index) => {
    const kept = names[index];
    if (kept !== null && kept !== undefined) return kept;
    let name = mcpToolName(ref.server, ref.tool);
    for (let salt = 0; taken.has(name); salt += 1) {
      const hash = hashOf(ref.server, ref.tool, salt === 0 ? '' : String(salt));
      const plain = `${fold(ref.server)}__${fold(ref.tool)}_${hash}`;
      name = plain.length <= MCP_TOOL_NAME_MAX ? plain : hashedName(ref.server, ref.tool, hash);
    }
    taken.add(name);
    return name;
  });
}
