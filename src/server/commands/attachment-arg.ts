/**
 * The `attachment` argument of `send_user_message`: exactly one object `{fileName, bytes}` with
 * `bytes` in strict base64. Everything else is INVALID_ATTACHMENT with a message that says what to
 * send instead: a list (the "second attachment" the ledger freezes as refused, whatever its length),
 * extra fields, bad base64, a text longer than the largest file any kind may be.
 */
import { z } from 'zod';
import { ATTACHMENT_MAX_BASE64_CHARS, type AttachmentInput } from '../../domain/attachment.ts';
import { CoreError } from '../../domain/errors.ts';
import { describeIssues } from '../../domain/zod-issues.ts';

/** Longest original file name kept for display (it is never read for the kind). */
export const ATTACHMENT_FILE_NAME_MAX_CHARS = 255;

const attachmentArg = z.strictObject({
  fileName: z.string().max(ATTACHMENT_FILE_NAME_MAX_CHARS),
  bytes: z.string(),
});

// Canonical base64 only (RFC 4648 §4, padded): no whitespace, no URL alphabet, no missing padding.
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

function refused(message: string): CoreError {
  return new CoreError('INVALID_ATTACHMENT', message);
}

/** Strict base64 to bytes; INVALID_ATTACHMENT for anything that is not exactly that. */
export function decodeStrictBase64(text: string): Buffer {
  if (text.length > ATTACHMENT_MAX_BASE64_CHARS) {
    throw refused(`attachment.bytes is longer than ${ATTACHMENT_MAX_BASE64_CHARS} base64 characters`);
  }
  if (!BASE64.test(text)) throw refused('attachment.bytes is not valid base64');
  const bytes = Buffer.from(text, 'base64');
  // Non-zero bits in the last character's unused part: a decoder would silently drop them.
  if (bytes.toString('base64') !== text) throw refused('attachment.bytes is not canonical base64');
  if (bytes.length === 0) throw refused('attachment.bytes is empty');
  return bytes;
}

/** null when no attachment was sent; the one attachment otherwise. */
export function readAttachmentArg(raw: unknown, plural: unknown): AttachmentInput | null {
  if (plural !== undefined) {
    throw refused(
      'a message takes at most one attachment: send `attachment` as one object {fileName, bytes}',
    );
  }
  if (raw === undefined || raw === null) return null;
  if (Array.isArray(raw)) {
    throw refused(
      'a message takes at most one attachment: `attachment` is one object {fileName, bytes}, not a list',
    );
  }
  const parsed = attachmentArg.safeParse(raw);
  if (!parsed.success) throw refused(`attachment: ${describeIssues(parsed.error.issues)}`);
  return { fileName: parsed.data.fileName, bytes: decodeStrictBase64(parsed.data.bytes) };
}
