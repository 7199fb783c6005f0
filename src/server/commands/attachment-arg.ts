/**
 * The `attachment` argument of `send_user_message`: exactly one object `{fileName, bytes}` with
 * `bytes` in strict base64. Everything else is INVALID_ATTACHMENT with a message that says what to
 * send instead: a list (the "second attachment" the ledger freezes as refused, whatever its length),
 * extra fields, bad base64, a text longer than the largest file any kind may be.
 */
import { z } from 'zod';
import {
  ATTACHMENT_FILE_NAME_MAX_CHARS,
  ATTACHMENT_MAX_BASE64_CHARS,
  type AttachmentInput,
} from '../../domain/attachment.ts';
import { CoreError } from '../../domain/errors.ts';
import { decodeStrictBase64 as strictBase64Bytes } from '../../domain/strict-base64.ts';
import { describeIssues } from '../../domain/zod-issues.ts';

const attachmentArg = z.strictObject({
  fileName: z.string().max(ATTACHMENT_FILE_NAME_MAX_CHARS),
  bytes: z.string(),
});

function refused(message: string): CoreError {
  return new CoreError('INVALID_ATTACHMENT', message);
}

/** Strict base64 to bytes; INVALID_ATTACHMENT for anything that is not exactly that. */
export function decodeStrictBase64(text: string): Buffer {
  if (text.length > ATTACHMENT_MAX_BASE64_CHARS) {
    throw refused(`attachment.bytes is longer than ${ATTACHMENT_MAX_BASE64_CHARS} base64 characters`);
  }
  // Canonical base64 only (domain/strict-base64.ts), checked without a regex that overflows at this size.
  const bytes = strictBase64Bytes(text);
  if (bytes === null) {
    throw refused('attachment.bytes is not valid base64 (the standard alphabet, padded, no whitespace)');
  }
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
