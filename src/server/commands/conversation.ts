import { z } from 'zod';
import { agentIdSchema } from '../../domain/schemas.ts';
import { listWorkDirFiles } from '../../tools/completion/work-dir-files.ts';
import { requireAgent } from '../../world/validate.ts';
import type { AgentId } from '../../domain/ids.ts';
import { attachmentKindLine } from '../../orchestrator/lines/index.ts';
import { command, type CommandTable } from '../command.ts';
import type { AppContext } from '../context.ts';
import { readAttachmentArg } from './attachment-arg.ts';
import { readAttachmentView } from './read-attachment.ts';
import { SEND_CONTENT_MAX_CHARS } from '../body-limits.ts';

const agentArg = z.strictObject({ agentId: agentIdSchema });

/**
 * A refused `attachment` argument (a list, extra fields, bad base64) is a send refusal too: it writes
 * the entry's one `attachment kind: kind=unknown … outcome=rejected` line (the bytes were never read).
 */
function readAttachmentArgOrNote(ctx: AppContext, to: AgentId, raw: unknown, plural: unknown) {
  try {
    return readAttachmentArg(raw, plural);
  } catch (error) {
    let provider: string | null = null;
    try {
      provider = ctx.orchestrator.sendTarget(to).provider();
    } catch {
      // An unknown target: the line says `provider=-`; the refusal is still the argument's.
    }
    ctx.log.note(attachmentKindLine({ kind: 'unknown', provider, outcome: 'rejected' }));
    throw error;
  }
}

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
    z.strictObject({
      to: agentIdSchema,
      content: z.string().max(SEND_CONTENT_MAX_CHARS),
      // Read by readAttachmentArg: its refusals are INVALID_ATTACHMENT, not a generic argument error.
      attachment: z.unknown().optional(),
      attachments: z.unknown().optional(),
    }),
    (ctx, { to, content, attachment, attachments }) =>
      ctx.orchestrator.sendUserMessageWithAttachment(
        to,
        content,
        readAttachmentArgOrNote(ctx, to, attachment, attachments),
      ),
  ),
  /** A stored attachment for the screen (thumbnail, full size, file chip); gone: ATTACHMENT_NOT_FOUND. */
  read_attachment: command(z.strictObject({ id: z.string().max(64) }), (ctx, { id }) =>
    readAttachmentView(ctx, id),
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
