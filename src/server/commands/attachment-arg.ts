/**
 * The `attachment` argument of `send_user_message`: exactly one object `{fileName, bytes}` with
 * `bytes` in strict base64. Everything else is INVALID_ATTACHMENT with a message that says what to
 * send instead: a list (the "second attachment" the ledger freezes as refused, whatever its length),
 * extra fields, bad base64, a text longer than the largest file any kind may be.
 */
import { z } from 'zod';
import {
  ATTACHMENT_FILE_NAME_MAX_CHARS,
  ATTACHMENT_LARGEST_MAX_BYTES,
  ATTACHMENT_MAX_BASE64_CHARS,
  type AttachmentInput,
  type AttachmentKind,
} from '../../domain/attachment.ts';
import { detectAttachment } from '../../domain/attachment-detect.ts';
import { CoreError } from '../../domain/errors.ts';
import { decodeStrictBase64 as strictBase64Bytes } from '../../domain/strict-base64.ts';
import { describeIssues } from '../../domain/zod-issues.ts';
import { attachmentSizeRefusal } from '../../world/attachments/index.ts';

const attachmentArg = z.strictObject({
  fileName: z.string().max(ATTACHMENT_FILE_NAME_MAX_CHARS),
  bytes: z.string(),
});

/** A refused argument, with the kind its first bytes start like (for the entry's one line). */
export class AttachmentArgRefusal extends CoreError {
  readonly kind: AttachmentKind | 'unknown';

  constructor(message: string, kind: AttachmentKind | 'unknown' = 'unknown', detail?: string) {
    super('INVALID_ATTACHMENT', message, detail === undefined ? {} : { detail });
    this.kind = kind;
  }
}

function refused(message: string): AttachmentArgRefusal {
  return new AttachmentArgRefusal(message);
}

/** Base64 characters decoded to tell a kind by its first bytes (48 bytes: every magic we read). */
const HEAD_BASE64_CHARS = 64;

/**
 * The kind a base64 text starts like, from its first characters only (a text too long to decode
 * whole still names its kind); 'unknown' when they match none or are not base64.
 */
export function kindOfBase64Head(text: string): AttachmentKind | 'unknown' {
  const head = strictBase64Bytes(text.slice(0, HEAD_BASE64_CHARS - (HEAD_BASE64_CHARS % 4)));
  return (head === null ? null : detectAttachment(head)?.kind) ?? 'unknown';
}

/** The bytes a base64 text of this length decodes to (its padding counted out). */
function decodedLength(text: string): number {
  const padding = text.endsWith('==') ? 2 : text.endsWith('=') ? 1 : 0;
  return Math.floor(text.length / 4) * 3 - padding;
}

/** The refusal of a file larger than every kind's limit (also the oversize body's, body-limits.ts). */
export const LARGER_THAN_ANY_KIND = `the attachment is larger than the largest file any kind may be (${
  ATTACHMENT_LARGEST_MAX_BYTES / 1_000_000
} MB)`;

/**
 * A text longer than the largest file: refused without decoding it, with the limit of the kind its
 * head starts like ("PDFs are limited to 10 MB; this file is 12.5 MB"), or the largest of all.
 */
function tooLong(text: string): AttachmentArgRefusal {
  const kind = kindOfBase64Head(text);
  const size = kind === 'unknown' ? null : attachmentSizeRefusal(kind, decodedLength(text));
  if (size !== null) return new AttachmentArgRefusal(size.message, kind, size.detail ?? undefined);
  return new AttachmentArgRefusal(LARGER_THAN_ANY_KIND, kind);
}

/** Strict base64 to bytes; INVALID_ATTACHMENT for anything that is not exactly that. */
export function decodeStrictBase64(text: string): Buffer {
  if (text.length > ATTACHMENT_MAX_BASE64_CHARS) throw tooLong(text);
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
