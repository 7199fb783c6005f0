import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import type { Language } from '../../domain/enums.ts';
import type { ToolSpec } from '../../llm/canonical.ts';
import type { AgentTool, ToolContext } from '../../orchestrator/tool.ts';
import { MCP_CALL_TEXTS } from './call-texts.ts';
import { describeCallError, describeMcpErrorIn, isConnectionGone } from './connect-error.ts';
import type { ConnectedServer } from './connect-server.ts';
import { mcpResultLimits } from './result-cap.ts';
import { toolResultText } from './tool-result-text.ts';

/** The server's own error result: thrown so the call is recorded as failed, with the server's text. */
export class McpToolFailed extends Error {
  override readonly name = 'McpToolFailed';
}

/** The connection a tool calls through, looked up at call time: it may have been replaced meanwhile. */
export interface McpToolLink {
  live(): ConnectedServer | null;
  unavailable(language: Language): string;
  lost(connection: ConnectedServer, reason: string): void;
}

export interface McpToolBinding {
  server: string;
  tool: Tool;
  /** The name the model sees (unique in its set, see assignMcpToolNames). */
  name: string;
  link: McpToolLink;
  callTimeoutMs: number;
}

/**
 * One tool of one MCP server as an AgentTool: to the turn loop it is a tool like any bundled one.
 * Its schema is the server's, so no reason field is added (`unsupported`).
 */
export function mcpTool({ server, tool, name, link, callTimeoutMs }: McpToolBinding): AgentTool {
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
      // Every failure text is read by the model (as the tool's error result): the village language.
      const t = MCP_CALL_TEXTS[ctx.language];
      const failure = (text: string, cause?: unknown) => new Error(t.failed(server, text), { cause });
      const connection = link.live();
      if (connection === null) throw failure(link.unavailable(ctx.language));
      let result;
      try {
        result = await connection.client.callTool({ name: tool.name, arguments: args }, undefined, {
          signal: ctx.signal,
          timeout: callTimeoutMs,
          // A progress token goes out only with a progress callback; without one the server cannot
          // report progress, and the timeout never restarts.
          onprogress: () => {},
          resetTimeoutOnProgress: true,
        });
      } catch (error) {
        // Only the message reaches the model; the cause stays for debugging in process.
        if (ctx.signal.aborted) throw new Error(t.interrupted, { cause: error });
        if (connection.tooLarge()) {
          link.lost(connection, connection.lostReason());
          throw failure(t.tooLarge, error);
        }
        if (isConnectionGone(error)) {
          // The status keeps the English text (like the log); the model reads its own language.
          link.lost(connection, describeMcpErrorIn(error, 'en'));
          throw failure(t.gone(describeMcpErrorIn(error, ctx.language)), error);
        }
        throw failure(describeCallError(error, callTimeoutMs, ctx.language), error);
      }
      const text = toolResultText(
        result as Parameters<typeof toolResultText>[0],
        mcpResultLimits(ctx.contextLength),
        ctx.language,
      );
      if (result.isError === true) throw new McpToolFailed(text);
      return text;
    },
  };
}
