/**
 * The user turn a model receives (ledger part 6 `prompt_cache`, part 4 `broadcast_note`, part 1
 * summary). Everything that changes per turn — the conversation summary, the presence notices, the
 * room-log excerpt, the broadcast note — is folded into ONE user message with the current incoming
 * message, never into the system prompt (System is for stable content; separate user messages would
 * break role alternation). The exact string built here is what history stores and replays.
 *
 * Order: 「## これまでの経緯（要約）」 first, then presence, then the room log; then the current message
 * under its own heading (so the model cannot read it as part of the room log), the broadcast note
 * right before the enveloped message.
 */
import type { Language } from '../../domain/enums.ts';
import { withAttachmentMarker } from './attachment-marker.ts';
import { defuse } from './envelope.ts';
import { formatCount } from './text.ts';

export interface UserTurnParts {
  /** The active conversation summary; null or blank: none. */
  summary: string | null;
  /** presenceSection(...) */
  presence: string | null;
  /** composeRoomLog(...); null when the agent does not hear the room log or nothing is visible. */
  roomLog: string | null;
  /** broadcastNote(...) */
  broadcastNote: string | null;
  /** attributeSender(...): the incoming message with its envelope. */
  envelopeText: string;
  /**
   * attachmentMarker(...): that the incoming message had an attachment, right after it. It is part
   * of the folded string, so history keeps it after the bytes are gone (attachment freeze 3).
   */
  attachmentMarker?: string;
  language: Language;
}

export const SUMMARY_HEADING: Record<Language, string> = {
  ja: '## これまでの経緯（要約）',
  en: '## The story so far (summary)',
};

export const INCOMING_HEADING: Record<Language, string> = {
  ja: '## 今回の受信',
  en: '## The message you received now',
};

/**
 * Tells a recipient that the same message reached `count` agents at once (count includes the
 * recipient), so forwarding it has no reason. Information, not a prohibition. null below 2: a
 * one-to-one message is never called a broadcast.
 */
export function broadcastNote(count: number, language: Language): string | null {
  if (count < 2) return null;
  const n = formatCount(count);
  return language === 'ja'
    ? `（この発言は ${n} 体へ同時に届いています。受け取った全員が同じ内容を読んでいるので、転送は不要です）`
    : `(This message reached ${n} agents at the same time. Everyone who received it has read the same content, so there is no need to forward it.)`;
}

export function foldUserTurn(parts: UserTurnParts): string {
  const context: string[] = [];
  const summary = parts.summary?.trim() ?? '';
  if (summary !== '') context.push(`${SUMMARY_HEADING[parts.language]}\n${defuse(summary)}`);
  if (parts.presence) context.push(parts.presence);
  if (parts.roomLog) context.push(parts.roomLog);
  const incoming = withAttachmentMarker(parts.envelopeText, parts.attachmentMarker ?? '');
  const current = parts.broadcastNote ? `${parts.broadcastNote}\n\n${incoming}` : incoming;
  if (context.length === 0) return current;
  return [...context, `${INCOMING_HEADING[parts.language]}\n${current}`].join('\n\n');
}
