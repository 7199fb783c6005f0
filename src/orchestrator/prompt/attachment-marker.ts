/**
 * The two lines a model reads about an attachment it does not (or no longer) see (ledger part 2,
 * attachment freezes 3 and 5, read as one pair):
 * - the "existed" marker, one line in the folded user turn of the turn the message arrives in. It
 *   is part of the sent string, so history keeps it: a later turn knows there was a file even
 *   though its bytes reached the model only once ("removing a thing must not remove the fact that
 *   it was there");
 * - the forwarding note on an ask / plan task / transfer body, only when the CURRENT turn's
 *   incoming message had the attachment (forwarding never carries it, whatever the target's wire).
 * Both are new strings a model reads, so both exist in the two village languages (Spec 35).
 */
import type { AttachmentRef } from '../../domain/attachment.ts';
import { headChars } from '../../domain/chars.ts';
import type { Language } from '../../domain/enums.ts';
import { kindCount, kindCounts } from './attachment-note.ts';
import { stripLabel } from './envelope.ts';

/** Longest file name a marker quotes (code points). */
export const MARKER_FILE_NAME_MAX_CHARS = 80;

// The quotes the marker writes the name in, so a name cannot close them and go on as prose.
const QUOTES = /[「」『』"“”]/gu;

/** A file name as a label: no envelope brackets, no quotes, no line breaks, at most 80 chars. */
export function markerFileName(fileName: string): string {
  return headChars(stripLabel(fileName).replace(QUOTES, ''), MARKER_FILE_NAME_MAX_CHARS).trim();
}

/** One attachment of the incoming message and whether its file could still be read for this turn. */
export interface MarkedAttachment {
  ref: AttachmentRef;
  /** false: the file was gone (deleted, collected) before the turn, so the model got no bytes. */
  delivered: boolean;
}

const MARKER: Record<Language, (what: string, delivered: boolean) => string> = {
  ja: (what, delivered) =>
    delivered
      ? `（添付: ${what}。中身はこの発話のターンにだけモデルへ渡されます）`
      : `（添付: ${what}。ファイルが削除されていたため、中身はモデルへ渡されていません）`,
  en: (what, delivered) =>
    delivered
      ? `(Attached: ${what}. Its content reaches the model only in the turn it was sent.)`
      : `(Attached: ${what}. The file had been deleted, so its content did not reach the model.)`,
};

function described(ref: AttachmentRef, language: Language): string {
  const name = markerFileName(ref.fileName);
  const what = kindCount(ref.kind, 1, language);
  if (name === '') return what;
  return language === 'ja' ? `${what}「${name}」` : `${what} "${name}"`;
}

/** The marker lines (one per attachment; a message has at most one), or "" when there is none. */
export function attachmentMarker(attachments: readonly MarkedAttachment[], language: Language): string {
  return attachments.map((a) => MARKER[language](described(a.ref, language), a.delivered)).join('\n');
}

/** The marker after the enveloped incoming text: where both the folded turn and a failed turn's record put it. */
export function withAttachmentMarker(envelopeText: string, marker: string): string {
  return marker === '' ? envelopeText : `${envelopeText}\n\n${marker}`;
}

/** 「（画像 1 枚は転送されません）」 / "(1 image is not forwarded)"; "" without attachments. */
export function forwardingNote(
  attachments: readonly AttachmentRef[] | undefined,
  language: Language,
): string {
  if (!attachments || attachments.length === 0) return '';
  const parts = kindCounts(attachments).map(([kind, count]) => kindCount(kind, count, language));
  if (language === 'ja') return `（${parts.join('・')}は転送されません）`;
  return `(${parts.join(', ')} ${attachments.length === 1 ? 'is' : 'are'} not forwarded)`;
}

/** A forwarded body with the note appended when the current turn's incoming message had attachments. */
export function withForwardingNote(
  body: string,
  incomingAttachments: readonly AttachmentRef[] | undefined,
  language: Language,
): string {
  const note = forwardingNote(incomingAttachments, language);
  return note === '' ? body : `${body}\n\n${note}`;
}
