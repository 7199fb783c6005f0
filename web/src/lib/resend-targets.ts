import type { AgentMessage } from './types.ts';

/** A request the chat can send again in a fork (resend_from): the person's own, to one servant. */
export function isResendable(message: AgentMessage): boolean {
  return message.from.kind === 'user' && message.to.kind === 'agent';
}

/**
 * The last servant reply of the conversation and the request that led to it: the latest resendable
 * request before that reply (a reply after a chain of servant hops still goes back to the person's
 * request that started the chain). Null when the log has no reply or no request before it.
 */
export function lastReplyAndRequest(
  messages: readonly AgentMessage[],
): { replyId: string; requestId: string } | null {
  let replyIndex = -1;
  for (let i = messages.length - 1; i >= 0; i -= 1) {
    const from = messages[i]!.from.kind;
    // A newer request without a reply yet: the last reply no longer ends the conversation.
    if (from === 'user') return null;
    if (from === 'agent') {
      replyIndex = i;
      break;
    }
  }
  if (replyIndex < 0) return null;
  for (let i = replyIndex - 1; i >= 0; i -= 1) {
    if (isResendable(messages[i]!)) return { replyId: messages[replyIndex]!.id, requestId: messages[i]!.id };
  }
  return null;
}

/**
 * The request a stop line (a budget stop) ended: the latest resendable request before it, or null
 * when the line is not loaded or no request of the person's comes before it.
 */
export function requestBefore(messages: readonly AgentMessage[], lineId: string): string | null {
  const at = messages.findIndex((m) => m.id === lineId);
  for (let i = at - 1; i >= 0; i -= 1) if (isResendable(messages[i]!)) return messages[i]!.id;
  return null;
}
