/**
 * The attachments of one turn (ledger part 2, attachment freeze 3): the bytes of the incoming
 * message's files are loaded once and ride on the turn's user message in every call of THIS turn;
 * history (`Exchange.sent`) never holds them, only the marker line that they existed.
 */
import type { AttachmentRef } from '../domain/attachment.ts';
import type { DiagLog } from '../diag/log.ts';
import type { Language, Provider } from '../domain/enums.ts';
import { isCoreError } from '../domain/errors.ts';
import type { AttachmentData } from '../llm/canonical.ts';
import { carries } from '../llm/provider.ts';
import type { AttachmentPort } from './attachment-port.ts';
import { attachmentUnreadableLine } from './lines/index.ts';
import { attachmentMarker, type MarkedAttachment } from './prompt/index.ts';

export interface TurnAttachments {
  /** What the wire sends (the files still on disk); empty: the user message goes out as before. */
  data: AttachmentData[];
  /** The marker line for the folded turn; "" when the message had no attachment. */
  marker: string;
}

export const NO_TURN_ATTACHMENTS: TurnAttachments = { data: [], marker: '' };

/**
 * A file gone before the turn (deleted, collected) or unreadable sends no bytes and says so; so does a kind the
 * turn's wire cannot carry (the template changed between the send and the turn: the send entry's
 * carries() held for the wire of that moment only), which is never read nor claimed as delivered.
 */
export async function loadTurnAttachments(
  port: Pick<AttachmentPort, 'read'>,
  refs: readonly AttachmentRef[] | undefined,
  turn: { language: Language; provider: Provider; log: Pick<DiagLog, 'warn'> },
): Promise<TurnAttachments> {
  if (!refs || refs.length === 0) return NO_TURN_ATTACHMENTS;
  const language = turn.language;
  const loaded = await Promise.all(refs.map((ref) => loadOne(port, ref, turn)));
  return {
    data: loaded.flatMap((l) => (l.data === null ? [] : [l.data])),
    marker: attachmentMarker(loaded, language),
  };
}

/**
 * Only "not found" is "deleted": any other failure (CONFIG_IO for a link, a hard link or a FIFO
 * planted under the stored name; INVALID_ATTACHMENT for a file larger than its kind) is a WARN line
 * and the marker says the file could not be read. The turn goes on with the text.
 */
async function loadOne(
  port: Pick<AttachmentPort, 'read'>,
  ref: AttachmentRef,
  turn: { provider: Provider; log: Pick<DiagLog, 'warn'> },
): Promise<MarkedAttachment & { data: AttachmentData | null }> {
  if (!carries(turn.provider, ref.kind)) return { ref, outcome: 'not_carried', data: null };
  try {
    const data = await port.read(ref);
    return { ref, outcome: data === null ? 'deleted' : 'delivered', data };
  } catch (error) {
    const code = isCoreError(error) ? error.code : 'INTERNAL';
    turn.log.warn(attachmentUnreadableLine({ id: ref.id, code }));
    return { ref, outcome: 'unreadable', data: null };
  }
}
