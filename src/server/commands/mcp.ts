import { z } from 'zod';
import { agentIdSchema } from '../../domain/schemas.ts';
import { CoreError } from '../../domain/errors.ts';
import { command, type CommandTable } from '../command.ts';

export const mcpCommands: CommandTable = {
  /** Every server's state and error: the shared ones and each running agent's. Never persisted. */
  mcp_status: command(z.strictObject({}), (ctx) => ctx.mcp.status()),
  /**
   * Reconnect the shared servers (agentId null), e.g. after editing `{workspace}/mcp.json` by hand, or
   * a running agent's own. Answers at once; the states arrive through `mcpStatusChanged`.
   */
  mcp_reconnect: command(z.strictObject({ agentId: agentIdSchema.nullable() }), (ctx, { agentId }) => {
    if (agentId === null) {
      void ctx.mcp.openShared();
      return { reconnecting: true };
    }
    const spec = ctx.village.requireAgent(agentId);
    const runtime = ctx.orchestrator.runtimeIfKnown(agentId);
    if (!runtime || runtime.status !== 'running') {
      throw new CoreError(
        'NOT_RUNNING',
        `${spec.name} is not running: its MCP servers connect when it starts`,
        {
          agentId,
        },
      );
    }
    void ctx.mcp.reloadAgent(agentId);
    return { reconnecting: true };
  }),
};
