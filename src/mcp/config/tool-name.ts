/** The name the model sees for an MCP tool (ledger §5.3 "Tool names"). */

/** The longest tool name the providers accept. */
export const MCP_TOOL_NAME_MAX = 64;

/**
 * `{server}__{tool}`, every character outside `[A-Za-z0-9_-]` replaced by `_` (per code point, so an
 * emoji is one `_`), then cut to the LAST 64 characters: the tool part carries the distinction,
 * keeping the head would leave a row of identical `filesystem__…` names.
 */
export function mcpToolName(server: string, tool: string): string {
  const folded = `${server}__${tool}`.replace(/[^A-Za-z0-9_-]/gu, '_');
  return folded.length > MCP_TOOL_NAME_MAX ? folded.slice(-MCP_TOOL_NAME_MAX) : folded;
}
