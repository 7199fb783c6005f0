/**
 * The door's one optional attachment (issue 20: "the door and the CLI accept one attachment too"):
 * `attachment: {fileName, bytes}` with `bytes` in base64, as `send_user_message` takes it. The door
 * only reads the argument (strict base64, the size bound); what the bytes are (kind by magic bytes,
 * the per-kind limit, whether the reception's wire carries it) is decided where every attachment is,
 * at the send entry behind `askExternal`.
 */
import { z } from 'zod';
import {
  ATTACHMENT_FILE_NAME_MAX_CHARS,
  ATTACHMENT_LARGEST_MAX_BYTES,
  ATTACHMENT_MAX_BASE64_CHARS,
  type AttachmentInput,
} from '../../domain/attachment.ts';
import type { Language } from '../../domain/enums.ts';
import { decodeStrictBase64 } from '../../domain/strict-base64.ts';
import { DOOR_TEXTS } from './door-texts.ts';

/** The file name is display only (its extension is never read). */
export const DOOR_ATTACHMENT_NAME_MAX_CHARS = ATTACHMENT_FILE_NAME_MAX_CHARS;

const LARGEST_MB = ATTACHMENT_LARGEST_MAX_BYTES / 1_000_000;

/**
 * The tool's input schema entry. The limits are in the description (a client sees them in
 * tools/list) but checked in readDoorAttachment, not by the schema: the SDK would answer a schema
 * refusal as "MCP error -32602 … Too big", where every attachment refusal is INVALID_ATTACHMENT with
 * the entry's rejected line. Loose for the same reason: an unknown key reaches readDoorAttachment.
 */
export const doorAttachmentSchema = z
  .looseObject({
    fileName: z
      .string()
      .describe(
        `The file name, shown to the people in the village (e.g. "photo.png"; at most ${DOOR_ATTACHMENT_NAME_MAX_CHARS} characters).`,
      ),
    bytes: z
      .string()
      .describe(
        `The file's bytes in base64 (at most ${ATTACHMENT_MAX_BASE64_CHARS} characters). One file: an image ` +
          `(PNG, JPEG, WebP, static GIF; up to 10 MB), audio (mp3, wav; 10 MB), video (mp4; ${LARGEST_MB} MB) or a PDF (10 MB).`,
      ),
  })
  .optional()
  .describe(
    "One file for the reception servant to see with the message. Whether its model can take the kind depends on the servant's provider.",
  );

/**
 * `attachments` is not an argument of the tool, but a schema without it would let the SDK strip it
 * and answer ok without the file; it is taken in so the ledger's "a second one is refused" holds.
 */
export const doorAttachmentsPluralSchema = z
  .unknown()
  .optional()
  .describe('Not taken: a message carries at most one file, as `attachment`.');

export type DoorAttachmentArgument = z.infer<typeof doorAttachmentSchema>;

export type DoorAttachmentRead =
  { ok: true; attachment: AttachmentInput | undefined } | { ok: false; text: string };

const KEYS = new Set(['fileName', 'bytes']);

/** The argument as an AttachmentInput, or the INVALID_ATTACHMENT answer the caller gets instead. */
export function readDoorAttachment(
  argument: DoorAttachmentArgument,
  plural: unknown,
  language: Language,
): DoorAttachmentRead {
  const t = DOOR_TEXTS[language];
  if (plural !== undefined) return refuse(t.oneAttachment);
  if (argument === undefined) return { ok: true, attachment: undefined };
  const extra = Object.keys(argument).filter((key) => !KEYS.has(key));
  if (extra.length > 0) {
    return refuse(t.attachmentKeys(extra.slice(0, 3).join(', ')));
  }
  if (argument.fileName.length > DOOR_ATTACHMENT_NAME_MAX_CHARS) {
    return refuse(t.nameTooLong(DOOR_ATTACHMENT_NAME_MAX_CHARS));
  }
  const fileName = argument.fileName.trim();
  if (fileName === '') return refuse(t.nameEmpty);
  if (argument.bytes.length > ATTACHMENT_MAX_BASE64_CHARS) return refuse(t.tooLarge(LARGEST_MB));
  const bytes = decodeStrictBase64(argument.bytes);
  if (bytes === null) return refuse(t.notBase64);
  if (bytes.length === 0) return refuse(t.noContent);
  if (bytes.length > ATTACHMENT_LARGEST_MAX_BYTES) return refuse(t.tooLarge(LARGEST_MB));
  return { ok: true, attachment: { fileName, bytes } };
}

function refuse(why: string): DoorAttachmentRead {
  return { ok: false, text: `INVALID_ATTACHMENT: ${why}` };
}
