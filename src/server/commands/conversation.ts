import { z } from 'zod';
import { agentIdSchema } from '../../domain/schemas.ts';
import { listWorkDirFiles } from '../../tools/completion/work-dir-files.ts';
import { requireAgent } from '../../world/validate.ts';
import { command, type CommandTable } from '../command.ts';

const agentArg = z.strictObject({ agentId: agentIdSchema });

export const conversationCommands: CommandTable = {
  start_agent: command(agentArg, async (ctx, { agentId }) => {
    await ctx.orchestrator.startAgent(agentId);
    return null;
  }),
  stop_agent: command(agentArg, async (ctx, { agentId }) => {
    await ctx.orchestrator.stopAgent(agentId);
    return null;
  }),
  send_user_message: command(
    z.strictObject({ to: agentIdSchema, content: z.string().max(200_000) }),
    (ctx, { to, content }) => ctx.orchestrator.sendUserMessage(to, content),
  ),
  interrupt_turn: command(agentArg, (ctx, { agentId }) => ({
    interrupted: ctx.orchestrator.interruptTurn(agentId),
  })),
  interrupt_all: command(z.strictObject({}), (ctx) => ({ interrupted: ctx.orchestrator.interruptAll() })),
  /** `@` completion: the agent's work-folder files (none without a work folder). */
  list_work_dir_files: command(agentArg, async (ctx, { agentId }) => {
    const spec = requireAgent(ctx.village.state, agentId);
    return spec.workDir === null ? { files: [], truncated: false } : listWorkDirFiles(spec.workDir);
  }),
  list_messages: command(z.strictObject({ limit: z.int().min(1).max(5000).optional() }), (ctx, { limit }) =>
    ctx.orchestrator.messages.list(limit),
  ),
};
