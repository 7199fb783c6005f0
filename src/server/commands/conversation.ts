import { z } from 'zod';
import { agentIdSchema } from '../../domain/schemas.ts';
import { listWorkDirFiles } from '../../tools/completion/work-dir-files.ts';
import { requireAgent } from '../../world/validate.ts';
import type { AttachmentKind } from '../../domain/attachment.ts';
import type { AgentId } from '../../domain/ids.ts';
import { attachmentKindLine } from '../../orchestrator/lines/index.ts';
import { pageMessages } from '../../orchestrator/message-page.ts';
import { command, type CommandTable } from '../command.ts';
import type { AppContext } from '../context.ts';
import { AttachmentArgRefusal, kindOfBase64Head, readAttachmentArg } from './attachment-arg.ts';
import { readAttachmentView } from './read-attachment.ts';
import { SEND_CONTENT_MAX_CHARS } from '../body-limits.ts';

const agentArg = z.strictObject({ agentId: agentIdSchema });

const messagesArgs = z
  .strictObject({
    before: z.union([z.string().min(1).max(64), z.int().min(0)]).optional(),
    limit: z.int().min(1).max(5000).optional(),
    page: z.literal(true).optional(),
    toolCalls: z.strictObject({ beforeMs: z.int().optional() }).optional(),
  })
  .refine((args) => (args.before === undefined && args.page === undefined) || (args.limit ?? 100) <= 500, {
    path: ['limit'],
    message: 'a page holds at most 500 messages',
  })
  .refine((args) => args.toolCalls === undefined || args.before !== undefined || args.page !== undefined, {
    path: ['toolCalls'],
    message: 'tool calls come with a page of messages',
  });

/** The tool rows that come with one page (as many as `list_tool_calls` gives at most). */
const PAGE_TOOL_CALLS_MAX = 2000;

/** The entry's one `attachment kind: … outcome=rejected` line, with the target's wire when known. */
function noteRejected(ctx: AppContext, to: AgentId, kind: AttachmentKind | 'unknown'): void {
  let provider: string | null = null;
  try {
    provider = ctx.orchestrator.sendTarget(to).provider();
  } catch {
    // An unknown target: the line says `provider=-`.
  }
  ctx.log.note(attachmentKindLine({ kind, provider, outcome: 'rejected' }));
}

/**
 * The target's checks come first (ledger §5.3 validation order), before the argument is even
 * decoded: a stopped or unknown target answers NOT_RUNNING / AGENT_NOT_FOUND whatever the file is.
 * The refusal writes the entry's one line, with the kind the bytes' head starts like.
 */
function checkTargetFirst(ctx: AppContext, to: AgentId, raw: unknown): void {
  try {
    ctx.orchestrator.sendTarget(to).check();
  } catch (error) {
    const bytes = (raw as { bytes?: unknown } | null)?.bytes;
    noteRejected(ctx, to, typeof bytes === 'string' ? kindOfBase64Head(bytes) : 'unknown');
    throw error;
  }
}

/**
 * A refused `attachment` argument (a list, extra fields, bad base64, too long) is a send refusal too:
 * it writes the entry's one `attachment kind: … outcome=rejected` line, with the kind the first bytes
 * start like when the text was too long to decode (`kind=unknown` otherwise: the bytes were never read).
 */
function readAttachmentArgOrNote(ctx: AppContext, to: AgentId, raw: unknown, plural: unknown) {
  const sent = (raw !== undefined && raw !== null) || plural !== undefined;
  if (sent) checkTargetFirst(ctx, to, raw);
  try {
    return readAttachmentArg(raw, plural);
  } catch (error) {
    noteRejected(ctx, to, error instanceof AttachmentArgRefusal ? error.kind : 'unknown');
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
    z
      .strictObject({
        to: agentIdSchema,
        // May be left out when a file is sent alone (the contract: content may be empty then).
        content: z.string().max(SEND_CONTENT_MAX_CHARS).optional(),
        // Read by readAttachmentArg: its refusals are INVALID_ATTACHMENT, not a generic argument error.
        attachment: z.unknown().optional(),
        attachments: z.unknown().optional(),
      })
      .superRefine((args, issues) => {
        const withFile = args.attachment != null || args.attachments !== undefined;
        if (args.content === undefined && !withFile) {
          issues.addIssue({
            code: 'custom',
            path: ['content'],
            message: 'required: the message text (it may be left out only when an attachment is sent)',
          });
        }
      }),
    (ctx, { to, content, attachment, attachments }) =>
      ctx.orchestrator.sendUserMessageWithAttachment(
        to,
        content ?? '',
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
  /**
   * Without `before` or `page`: the old shape, a bare array of the last `limit` (<= 5,000) messages.
   * With either: one page `{messages, hasMore}` of at most 500, older than `before` (a message id or a
   * store seq), served from the in-memory log and then the store (issue 22: the screen pages).
   * `toolCalls` adds the page's stored tool rows (`list_tool_calls` of the page's time range).
   */
  list_messages: command(messagesArgs, (ctx, { before, limit, page, toolCalls }) => {
    if (before === undefined && page === undefined) return ctx.orchestrator.messages.list(limit);
    const messages = pageMessages(
      ctx.orchestrator.messages.list(),
      { before, limit: limit ?? 100 },
      (cursor, n) => ctx.sessions.olderMessages(cursor, n),
    );
    if (toolCalls === undefined) return messages;
    // The page's stored tool rows in the same answer (issue 22's open figure: one round trip, and
    // only the rows the page shows): from its oldest message (all older ones when it is the first)
    // up to `beforeMs`, the time of the message just newer than the page, which the screen holds.
    const fromMs = messages.hasMore ? (messages.messages[0]?.tsMs ?? null) : null;
    const range = { fromMs, beforeMs: toolCalls.beforeMs ?? null };
    return { ...messages, toolCalls: ctx.sessions.toolCalls(range, PAGE_TOOL_CALLS_MAX) };
  }),
};
