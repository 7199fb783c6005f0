import { z } from 'zod';
import type { AgentId } from '../../domain/ids.ts';
import { agentIdSchema } from '../../domain/schemas.ts';
import { approveCommand, listPending, rejectCommand } from '../../tools/run/pending-store.ts';
import { requireAgent } from '../../world/validate.ts';
import { command, type CommandTable } from '../command.ts';

/** The request as the agent made it: approval never takes a pattern string (it is built in one place). */
const requested = {
  agentId: agentIdSchema,
  command: z.string().min(1).max(4096),
  args: z.array(z.string().max(32_768)).max(1000),
};

export const toolCommands: CommandTable = {
  /** Every agent's pending `run` requests and the village-wide count (the title-bar badge). */
  list_pending_commands: command(z.strictObject({}), (ctx) =>
    listPending(
      ctx.paths,
      ctx.village.state.agents.map((a) => a.id),
    ),
  ),
  /** Moves one pending request into `allow`: exactly, or open after its first argument. */
  approve_command: command(z.strictObject({ ...requested, open: z.boolean() }), async (ctx, a) => {
    requireAgent(ctx.village.state, a.agentId);
    const result = await ctx.village.withAgentFiles(a.agentId as AgentId, () =>
      approveCommand(ctx.paths, a.agentId, a.command, a.args, a.open, ctx.log),
    );
    ctx.events.emit({ type: 'pendingCommandsChanged', agentId: a.agentId as AgentId });
    return result;
  }),
  /** Moves one pending request into `deny` (so it is not asked again). */
  reject_command: command(z.strictObject(requested), async (ctx, a) => {
    requireAgent(ctx.village.state, a.agentId);
    const result = await ctx.village.withAgentFiles(a.agentId as AgentId, () =>
      rejectCommand(ctx.paths, a.agentId, a.command, a.args, ctx.log),
    );
    ctx.events.emit({ type: 'pendingCommandsChanged', agentId: a.agentId as AgentId });
    return result;
  }),
};
