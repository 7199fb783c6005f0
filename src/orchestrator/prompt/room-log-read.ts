/**
 * The `room_log` tool's reading (ledger part 4 `room_log_pull`, Spec 22): the full text of one message
 * from the excerpt, by a prefix of its id, among the messages the reader may see. The reply is an
 * envelope 【送り手: A → B】 plus the content as it was, capped at ROOM_LOG_READ_MAX_CHARS with the
 * total stated. A message the reader may not see gets exactly the not-found wording (its existence
 * must not leak through an error); an ambiguous prefix lists no candidates.
 */
import type { Language } from '../../domain/enums.ts';
import type { AgentId } from '../../domain/ids.ts';
import type { AgentMessage } from '../../domain/message.ts';
import { attachmentNote } from './attachment-note.ts';
import { envelopeLine } from './envelope.ts';
import { isVisibleInRoomLog, routeLabel, type EndpointLabel } from './room-log.ts';
import { charCount, formatCount, headChars } from './text.ts';

export const ROOM_LOG_READ_MAX_CHARS = 20_000;

export type RoomLogReadOutcome = 'ok' | 'truncated' | 'not_found' | 'ambiguous';

export interface RoomLogRead {
  text: string;
  /**
   * The leading part of `text` this reader wrote itself (the envelope line and attachment note): the
   * rest is the message as someone said it, which the turn defuses like any outside text.
   */
  ownHead: string;
  outcome: RoomLogReadOutcome;
  /** The message's full length in characters; 0 when nothing was read. */
  chars: number;
}

interface ReadTexts {
  notFound: string;
  ambiguous: string;
  truncated: (total: string, shown: string) => string;
}

export const ROOM_LOG_READ_TEXTS: Record<Language, ReadTexts> = {
  ja: {
    notFound:
      'その ID の発言は見つかりません。古い発言は読めなくなっていることがあります。内容が要るなら発言した相手へ ask で尋ねてください。',
    ambiguous:
      'その ID に当たる発言が複数あります。抜粋に表示されている ID をそのまま使うと 1 件に決まります。',
    truncated: (total, shown) =>
      `（全 ${total} 字中 ${shown} 字までを表示。続きが要るなら発言した相手へ ask で尋ねてください）`,
  },
  en: {
    notFound:
      'No message was found for that ID. Older messages may no longer be readable. If you need the content, ask the speaker directly.',
    ambiguous:
      'More than one message matches that ID. Use the ID exactly as shown in the excerpt; it always points to one message.',
    truncated: (total, shown) =>
      `(Showing ${shown} of ${total} characters. If you need the rest, ask the speaker directly.)`,
  },
};

/** What the model typed: surrounding spaces and one pair of [ ] (as shown in the excerpt) are ignored. */
function normalizeQuery(id: string): string {
  const trimmed = id.trim();
  const unwrapped = trimmed.startsWith('[') && trimmed.endsWith(']') ? trimmed.slice(1, -1) : trimmed;
  return unwrapped.trim().toLowerCase();
}

export function readRoomLog(
  log: readonly AgentMessage[],
  reader: AgentId,
  id: string,
  labelOf: EndpointLabel,
  language: Language,
  maxChars: number = ROOM_LOG_READ_MAX_CHARS,
): RoomLogRead {
  const texts = ROOM_LOG_READ_TEXTS[language];
  const query = normalizeQuery(id);
  const matches =
    query === ''
      ? []
      : log.filter((m) => isVisibleInRoomLog(reader, m) && m.id.toLowerCase().startsWith(query));
  const [message] = matches;
  if (message === undefined) return { text: texts.notFound, ownHead: '', outcome: 'not_found', chars: 0 };
  if (matches.length > 1) return { text: texts.ambiguous, ownHead: '', outcome: 'ambiguous', chars: 0 };

  const total = charCount(message.content);
  const truncated = total > maxChars;
  const note = attachmentNote(message.attachments, language);
  const head = `${envelopeLine(routeLabel(message, labelOf), language)}\n${note === '' ? '' : `${note}\n`}`;
  if (!truncated) return { text: `${head}${message.content}`, ownHead: head, outcome: 'ok', chars: total };
  const shown = headChars(message.content, maxChars);
  const tail = texts.truncated(formatCount(total), formatCount(maxChars));
  return { text: `${head}${shown}\n\n${tail}`, ownHead: head, outcome: 'truncated', chars: total };
}
