/**
 * The attachments of one turn (ledger part 2, attachment freeze 3): the bytes of the incoming
 * message's files are loaded once and ride on the turn's user message in every call of THIS turn;
 * history (`Exchange.sent`) never holds them, only the marker line that they existed.
 */
import type { AttachmentRef } from '../domain/attachment.ts';
import type { Language } from '../domain/enums.ts';
import type { AttachmentData } from '../llm/canonical.ts';
import type { AttachmentPort } from './attachment-port.ts';
import { attachmentMarker } from './prompt/index.ts';

export interface TurnAttachments {
  /** What the wire sends (the files still on disk); empty: the user message goes out as before. */
  data: AttachmentData[];
  /** The marker line for the folded turn; "" when the message had no attachment. */
  marker: string;
}

export const NO_TURN_ATTACHMENTS: TurnAttachments = { data: [], marker: '' };

/** A file gone before the turn (deleted, collected, unreadable) sends no bytes and says so. */
export async function loadTurnAttachments(
  port: Pick<AttachmentPort, 'read'>,
  refs: readonly AttachmentRef[] | undefined,
  language: Language,
): Promise<TurnAttachments> {
  if (!refs || refs.length === 0) return NO_TURN_ATTACHMENTS;
  const loaded = await Promise.all(
    refs.map(async (ref) => ({ ref, data: await port.read(ref).catch(() => null) })),
  );
  return {
    data: loaded.flatMap((l) => (l.data === null ? [] : [l.data])),
    marker: attachmentMarker(
      loaded.map((l) => ({ ref: l.ref, delivered: l.data !== null })),
      language,
    ),
  };
}
