import { z } from 'zod';
import { agentIdSchema } from '../../domain/schemas.ts';
import { CoreError } from '../../domain/errors.ts';
import { command, type CommandTable } from '../command.ts';
import type { AppContext } from '../context.ts';

/** What the settings screen shows: the saved settings (with the token to copy) and the live state. */
async function doorView(ctx: AppContext) {
  const read = await ctx.doorSettings.read();
  const status = ctx.door.status();
  if (!read.readable) {
    return { readable: false, problem: read.problem, enabled: null, port: null, token: null, status };
  }
  return { readable: true, problem: null, ...read.settings, status };
}

export const mcpCommands: CommandTable = {
  /** The door: `enabled` is the switch, `status.listening` whether it actually listens. */
  get_mcp_server_settings: command(z.strictObject({}), (ctx) => doorView(ctx)),
  /** Switch the door and set its port; the token is made the first time it is switched on. */
  set_mcp_server_settings: command(
    z.strictObject({ enabled: z.boolean(), port: z.number().int() }),
    async (ctx, input) => {
      await ctx.door.apply(await ctx.doorSettings.setSettings(input));
      return doorView(ctx);
    },
  ),
  /** The only way the token changes after it is made: clients with the old one get 401 from now on. */
  regenerate_mcp_server_token: command(z.strictObject({}), async (ctx) => {
    await ctx.door.apply(await ctx.doorSettings.regenerateToken());
    return doorView(ctx);
  }),
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
