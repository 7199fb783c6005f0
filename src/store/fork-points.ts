import type { ForkPoint } from '../domain/session.ts';
import { FORK_PREVIEW_CHARS } from '../domain/session.ts';
import type { AgentMessage } from '../domain/message.ts';
import { headChars, oneLine } from './text.ts';

/**
 * The fork point a message offers, or null. Only user messages are candidates, and never the one at
 * seq 0 (forking before it would be an empty session: that is "new chat"). The cut is just before the
 * message (`atSeq = seq - 1`): the request itself is not copied, its text goes back into the input.
 * `preview` is the first 60 characters with line breaks as spaces; `text` is the original, untouched.
 */
export function forkPointOf(seq: number, message: AgentMessage): ForkPoint | null {
  if (seq <= 0 || message.from.kind !== 'user') return null;
  return {
    atSeq: seq - 1,
    preview: headChars(oneLine(message.content), FORK_PREVIEW_CHARS),
    text: message.content,
    ...(message.to.kind === 'agent' ? { to: message.to.id } : {}),
    tsMs: message.tsMs,
    // The reference only (never the bytes): an attachment-only request is a point too.
    ...(message.attachments?.length ? { attachments: message.attachments } : {}),
  };
}
