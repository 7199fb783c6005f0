import { z } from 'zod';
import type { AttachmentInput } from '../../domain/attachment.ts';
import { CoreError } from '../../domain/errors.ts';
import type { AgentMessage } from '../../domain/message.ts';
import type { SessionSummary } from '../../domain/session.ts';
import { readAttachmentFile } from '../../world/attachments/index.ts';
import { SEND_CONTENT_MAX_CHARS } from '../body-limits.ts';
import { command, type CommandTable } from '../command.ts';
import type { AppContext } from '../context.ts';

const resendArgs = z.strictObject({
  sessionId: z.string().min(1).max(100),
  messageId: z.string().min(1).max(64),
  // Left out: the request's own text again (Regenerate). Given: the edited text (Edit).
  content: z.string().max(SEND_CONTENT_MAX_CHARS).optional(),
});

export interface ResendResult {
  session: SessionSummary;
  message: AgentMessage;
}

/** The request's stored file as a send input; a file no longer stored is refused before anything moves. */
async function storedAttachment(ctx: AppContext, request: AgentMessage): Promise<AttachmentInput | null> {
  const ref = request.attachments?.[0];
  if (ref === undefined) return null;
  const file = await readAttachmentFile(ctx.paths, ref.id);
  if (file === null) {
    throw new CoreError(
      'ATTACHMENT_NOT_FOUND',
      `the request cannot be resent with its file ${JSON.stringify(ref.fileName)}: the file is no longer stored (it may have been removed after its retention period); send it again with the file attached`,
    );
  }
  return { fileName: ref.fileName, bytes: file.bytes };
}

/**
 * Edit and Regenerate (issue 22, past the ledger: the ledger has fork_session and send_user_message
 * only; the issue asks that one command do both so the screen never sees a fork without its request).
 * Every refusal comes before the fork: a turn running (SESSION_SWITCH_BLOCKED), a message that is not
 * the person's own request to one servant (INVALID_ARGUMENT), an empty text, a stopped or full
 * target, a file no longer stored. Then the session is forked just before the request (the request
 * first in its session: a new chat) and the text goes to the same servant in the fork. The source
 * session is not touched. A send that fails after the fork takes the fork back: it is deleted, the
 * conversation the person was in (normally the source) is shown again and the send's own error is
 * thrown.
 */
export async function resendFrom(
  ctx: AppContext,
  args: { sessionId: string; messageId: string; content?: string | undefined },
): Promise<ResendResult> {
  const found = ctx.sessions.messageById(args.sessionId, args.messageId);
  ctx.sessions.assertIdle();
  if (found === null) {
    throw new CoreError(
      'INVALID_ARGUMENT',
      `no message ${JSON.stringify(args.messageId)} in this conversation`,
    );
  }
  const { seq, message: request } = found;
  if (request.from.kind !== 'user' || request.to.kind !== 'agent') {
    throw new CoreError('INVALID_ARGUMENT', 'only your own request to a servant can be edited or sent again');
  }
  const to = request.to.id;
  const content = args.content ?? request.content;
  const attachment = await storedAttachment(ctx, request);
  if (attachment === null && content.trim() === '') {
    throw new CoreError('INVALID_ARGUMENT', 'the message is empty');
  }
  ctx.orchestrator.sendTarget(to).check();
  // The file check is async: a turn may have started meanwhile, so the idle check is made again.
  ctx.sessions.assertIdle();
  // Where the person was: the source in the UI, but the API may name another conversation.
  const wasIn = ctx.sessions.currentSession()?.id;
  const session = seq === 0 ? ctx.sessions.newChat() : await ctx.sessions.fork(args.sessionId, seq - 1);
  if (session === null) throw new CoreError('SESSION_STORE_FAILED', 'conversations are not being saved');
  let message: AgentMessage;
  try {
    message = await ctx.orchestrator.sendUserMessageWithAttachment(to, content, attachment);
  } catch (error) {
    // All or nothing: a send refused after the fork (the file could not be stored, the target stopped
    // or its wire changed meanwhile) must not leave the person in a fork without its request. Back
    // where the person was; if that was an empty chat the fork pruned, to the source.
    await ctx.sessions.discardMade(
      session.id,
      wasIn === undefined ? [args.sessionId] : [wasIn, args.sessionId],
    );
    throw error;
  }
  return { session: ctx.sessions.currentSession() ?? session, message };
}

export const resendCommands: CommandTable = {
  resend_from: command(resendArgs, (ctx, args) => resendFrom(ctx, args)),
};
