import { z } from 'zod';
import type { Language } from '../../domain/enums.ts';
import type { AgentId } from '../../domain/ids.ts';
import { agentIdSchema } from '../../domain/schemas.ts';
import { clearBoard, deleteBoardNote } from '../../tools/blackboard/board-delete.ts';
import { blackboardDirs, readBoardNotes } from '../../tools/blackboard/board-notes.ts';
import { approveCommand, listPending, rejectCommand, requestState } from '../../tools/run/pending-store.ts';
import { requireAgent } from '../../world/validate.ts';
import { command, type CommandTable } from '../command.ts';
import type { AppContext } from '../context.ts';

/** The request as the agent made it: approval never takes a pattern string (it is built in one place). */
const requested = {
  agentId: agentIdSchema,
  command: z.string().min(1).max(4096),
  args: z.array(z.string().max(32_768)).max(1000),
};

/** Read fresh at every call: a work folder changed a moment ago is the one that counts. */
const boardDirs = (ctx: AppContext): string[] => blackboardDirs(ctx.village.state.agents);

/** The village language (a village not yet detected reads English, as the orchestrator does). */
const language = (ctx: AppContext): Language => ctx.village.state.language ?? 'en';

/** Names are checked by is_safe_note_name, not here: an unsafe one is BLACKBOARD_DELETE_FAILED. */
const noteTarget = {
  dir: z.string().max(4096),
  state: z.string().max(4096).nullable().optional(),
  name: z.string().max(4096),
};

export const toolCommands: CommandTable = {
  /** Every agent's pending `run` requests and the village-wide count (the title-bar badge). */
  list_pending_commands: command(z.strictObject({}), (ctx) =>
    listPending(
      ctx.paths,
      ctx.village.state.agents.map((a) => a.id),
    ),
  ),
  /**
   * Where one `run` request stands now (pending with its entry / allowed / denied / gone / broken), for
   * the chat row of the call that queued it (issue 22). Read only; refetched on `pendingCommandsChanged`.
   */
  run_request_state: command(z.strictObject(requested), async (ctx, a) => {
    requireAgent(ctx.village.state, a.agentId);
    return requestState(ctx.paths, a.agentId, a.command, a.args);
  }),
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
  /** The village blackboard as the Blackboard tab shows it (BlackboardNote[], core order). */
  list_blackboard: command(z.strictObject({}), (ctx) => readBoardNotes(boardDirs(ctx), language(ctx))),
  /** One note of a servant's current work folder to the trash; never deleted outright. */
  delete_blackboard_note: command(z.strictObject(noteTarget), async (ctx, a) => {
    await deleteBoardNote(boardDirs(ctx), a, ctx.trash, language(ctx));
    return null;
  }),
  /** Every listed note to the trash, one at a time, stopping at the first failure. */
  clear_blackboard: command(z.strictObject({}), (ctx) =>
    clearBoard(boardDirs(ctx), ctx.trash, language(ctx)),
  ),
};
