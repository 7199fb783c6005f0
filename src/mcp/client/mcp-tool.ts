import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import type { ToolSpec } from '../../llm/canonical.ts';
import type { AgentTool, ToolContext } from '../../orchestrator/tool.ts';
import { mcpToolName } from '../config/index.ts';
import { describeMcpError, isConnectionGone } from './connect-error.ts';
import type { ConnectedServer } from './connect-server.ts';
import { toolResultText } from './tool-result-text.ts';

/** A long tool (a build, a crawl) may run this long; progress notifications restart the clock. */
export const MCP_CALL_TIMEOUT_MS = 600_000;

/** The server's own error result: thrown so the call is recorded as failed, with the server's text. */
export class McpToolFailed extends Error {
  override readonly name = 'McpToolFailed';
}

/**
 * One tool of one MCP server as an AgentTool: to the turn loop it is a tool like any bundled one.
 * Its schema is the server's, so no reason field is added (`unsupported`).
 */
export function mcpTool(
  server: string,
  tool: Tool,
  connection: ConnectedServer,
  onGone: () => void = () => {},
): AgentTool {
  const name = mcpToolName(server, tool.name);
  const spec: ToolSpec = {
    name,
    description: tool.description ?? tool.title ?? `${tool.name} (MCP server ${server})`,
    parameters: tool.inputSchema as Record<string, unknown>,
  };
  return {
    name,
    wantsReason: false,
    specFor: () => spec,
    async execute(args: Record<string, unknown>, ctx: ToolContext): Promise<string> {
      let result;
      try {
        result = await connection.client.callTool({ name: tool.name, arguments: args }, undefined, {
          signal: ctx.signal,
          timeout: MCP_CALL_TIMEOUT_MS,
          resetTimeoutOnProgress: true,
        });
      } catch (error) {
        // Only the message reaches the model; the cause stays for debugging in process.
        if (ctx.signal.aborted) throw new Error('interrupted', { cause: error });
        if (isConnectionGone(error)) onGone();
        throw new Error(`MCP server ${server}: ${describeMcpError(error)}`, { cause: error });
      }
      const text = toolResultText(result as Parameters<typeof toolResultText>[0]);
      if (result.isError === true) throw new McpToolFailed(text);
      return text;
    },
  };
}
