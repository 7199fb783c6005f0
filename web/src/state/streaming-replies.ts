/**
 * Replies as they stream in (issue 23), before their final `messageSent`: one entry per message id,
 * grown by `messageDelta`, replaced by the stored message, or kept and marked when the stream stops.
 * Pure functions over a plain array, so the village state and the tests share them.
 */

import type { StreamStop, StreamingReply } from '../lib/streaming-reply.ts';

export type { StreamStop, StreamingReply };

/**
 * About 1 MB of text kept per reply (and as much of thinking): a runaway stream cannot eat the page's
 * memory, and a reply that long is read from its final message, which holds every character.
 */
export const STREAM_TEXT_MAX_CHARS = 1_000_000;

/**
 * Stopped replies kept for the open conversation: each can hold a megabyte, and the oldest of a long
 * day of interrupts is not worth that.
 */
export const STOPPED_REPLIES_KEPT = 20;

/** `text` with `more` appended, up to `max` characters; whether anything was left out. */
function appendBounded(text: string, more: string, max: number): { text: string; capped: boolean } {
  if (more.length === 0) return { text, capped: false };
  const room = max - text.length;
  if (room >= more.length) return { text: text + more, capped: false };
  if (room <= 0) return { text, capped: true };
  // Never split a surrogate pair at the cut: half a character would show as a replacement box.
  let end = room;
  const last = more.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end -= 1;
  return { text: text + more.slice(0, end), capped: true };
}

/**
 * A delta appended to its reply (a new entry for the first one). A delta for a stopped reply, or for
 * one dropped with its conversation (`dropped`, see dropReplies), is ignored.
 */
export function appendDelta(
  replies: StreamingReply[],
  delta: { agentId: string; messageId: string; text: string; thinking?: string },
  nowMs: number,
  max = STREAM_TEXT_MAX_CHARS,
  dropped: readonly string[] = [],
): void {
  if (dropped.includes(delta.messageId)) return;
  let reply = replies.find((r) => r.messageId === delta.messageId);
  if (!reply) {
    reply = { agentId: delta.agentId, messageId: delta.messageId, text: '', thinking: '', tsMs: nowMs };
    replies.push(reply);
  }
  if (reply.stopped) return;
  // Once cut at the bound a text stops for good: a later short delta would leave a hole in it.
  if (!reply.capped) {
    const text = appendBounded(reply.text, delta.text, max);
    if (text.text !== reply.text) reply.text = text.text;
    if (text.capped) reply.capped = true;
  }
  if (!reply.thinkingCapped) {
    const thinking = appendBounded(reply.thinking, delta.thinking ?? '', max);
    if (thinking.text !== reply.thinking) reply.thinking = thinking.text;
    if (thinking.capped) reply.thinkingCapped = true;
  }
}

/** The final message arrived: its reply is the stored message from now on. */
export function finishReply(replies: StreamingReply[], messageId: string): void {
  const at = replies.findIndex((r) => r.messageId === messageId);
  if (at >= 0) replies.splice(at, 1);
}

/**
 * The stream ended without a final message: the partial reply stays, marked. A stop for a message
 * with no delta shown is nothing to show. The oldest stopped replies beyond the bound go.
 */
export function stopReply(
  replies: StreamingReply[],
  messageId: string,
  reason: StreamStop,
  keep = STOPPED_REPLIES_KEPT,
): void {
  const reply = replies.find((r) => r.messageId === messageId);
  if (!reply) return;
  if (reply.text.length === 0 && reply.thinking.length === 0) {
    finishReply(replies, messageId);
    return;
  }
  reply.stopped = reason;
  const stopped = replies.filter((r) => r.stopped);
  for (const old of stopped.slice(0, Math.max(0, stopped.length - keep))) {
    finishReply(replies, old.messageId);
  }
}

/**
 * The servant's run ended (typing off, or it left `running`) and a reply of its is still open: no
 * final message and no stop came for it, so the stream was lost with the run. It is shown as cut,
 * not left growing at the end of the list forever; a `messageSent` still replaces it if it comes late.
 */
export function closeOpenReplies(replies: StreamingReply[], agentId: string): void {
  for (const reply of [...replies]) {
    if (reply.agentId === agentId && !reply.stopped) stopReply(replies, reply.messageId, 'cut');
  }
}

/** Message ids remembered by dropReplies: a few servants' replies at once, never a long list. */
export const DROPPED_REPLIES_KEPT = 50;

/**
 * The conversation was switched or cleared: its replies go. One still streaming is remembered, so its
 * later deltas do not start a reply of their own (its tail alone) in the conversation now open.
 */
export function dropReplies(replies: StreamingReply[], dropped: string[]): void {
  for (const reply of replies) if (!reply.stopped) dropped.push(reply.messageId);
  if (dropped.length > DROPPED_REPLIES_KEPT) dropped.splice(0, dropped.length - DROPPED_REPLIES_KEPT);
  replies.splice(0);
}

/** The events socket opened again: every reply still open may have missed deltas meanwhile. */
export function markGaps(replies: StreamingReply[]): void {
  for (const reply of replies) if (!reply.stopped && !reply.gap) reply.gap = true;
}

/**
 * After the fetch that follows a reconnect (typing is then the snapshot plus every event since): a
 * reply open from before the drop whose servant no longer types ended while the socket was away
 * (its final message, if any, is in the fetched page). It is shown as cut, not left growing.
 */
export function closeIdleGaps(replies: StreamingReply[], typing: Readonly<Record<string, boolean>>): void {
  for (const reply of [...replies]) {
    if (reply.gap && !reply.stopped && !typing[reply.agentId]) stopReply(replies, reply.messageId, 'cut');
  }
}

/** Servants with a reply streaming now (their "typing…" line is the reply itself). */
export function streamingAgents(replies: readonly StreamingReply[]): Set<string> {
  return new Set(replies.filter((r) => !r.stopped).map((r) => r.agentId));
}
