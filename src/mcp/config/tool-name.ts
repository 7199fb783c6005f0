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

/** One connected server and the names of the tools it lists, in its order. */
export interface ServerToolList {
  server: string;
  tools: readonly string[];
}

/** `{server}__{tool}_{hash}`, within 64 (the hashed long form when the plain one is too long). */
function suffixedName(server: string, tool: string, salt = ''): string {
  const hash = hashOf(server, tool, salt);
  const plain = `${fold(server)}__${fold(tool)}_${hash}`;
  return plain.length <= MCP_TOOL_NAME_MAX ? plain : hashedName(server, tool, hash);
}

/**
 * Whether two servers' names can give one tool name: `docs.v2` and `docs_v2` fold alike, and `a`
 * with tool `b__c` meets `a__b` with tool `c`. That is, one folded `{server}__` starts the other.
 */
function prefixesMeet(one: string, other: string): boolean {
  const a = `${fold(one)}__`;
  const b = `${fold(other)}__`;
  return a.startsWith(b) || b.startsWith(a);
}

/**
 * The configured servers whose every tool is suffixed: each one whose prefix meets that of a server
 * before it in the file. The earlier server keeps the plain names whether it is connected or not.
 */
export function suffixedServers(configured: readonly string[]): Set<string> {
  const suffixed = new Set<string>();
  configured.forEach((name, index) => {
    if (configured.slice(0, index).some((earlier) => prefixesMeet(earlier, name))) suffixed.add(name);
  });
  return suffixed;
}

/**
 * Distinct names for the tools of the connected servers of one mcp.json (issue 17: "a short stable
 * suffix"). Each name depends only on its own server and tool, the servers configured in the file
 * (`configured`, in file order, connected or not) and the server's own tool order: never on which
 * server connected first, so a name the model used reaches the same tool after a late handshake,
 * a reconnect or a restart. A server's tools are unknown until it connects, so a clash between
 * servers is settled by their names alone (see `suffixedServers`); within one server, the first
 * tool listed of those that fold alike (`get.page`, `get_page`) keeps the plain name and each later
 * one gets a hash of its server and tool. `servers` are in file order; the names come back per server.
 */
export function assignMcpToolNames(
  configured: readonly string[],
  servers: readonly ServerToolList[],
): string[][] {
  const suffixed = suffixedServers(configured);
  const taken = new Set<string>();
  return servers.map(({ server, tools }) => {
    const own = new Set<string>();
    return tools.map((tool) => {
      const plain = mcpToolName(server, tool);
      let name = suffixed.has(server) || own.has(plain) ? suffixedName(server, tool) : plain;
      own.add(plain);
      // Left only for a tool named like another's suffixed name, or two hashes alike: salted, in file
      // order (the one case where an absent server could matter, and only by a 24-bit chance).
      for (let salt = 1; taken.has(name); salt += 1) name = suffixedName(server, tool, String(salt));
      taken.add(name);
      return name;
    });
  });
}
