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
  ATTACHMENT_MAX_BASE64_CHARS,
  ATTACHMENT_MAX_BYTES,
  type AttachmentInput,
} from '../../domain/attachment.ts';
import { decodeStrictBase64 } from '../../domain/strict-base64.ts';

/** The file name is display only (its extension is never read). */
export const DOOR_ATTACHMENT_NAME_MAX_CHARS = ATTACHMENT_FILE_NAME_MAX_CHARS;

/** The largest file of any kind (video), the bound the base64 length stands for. */
const LARGEST_ATTACHMENT_BYTES = Math.max(...Object.values(ATTACHMENT_MAX_BYTES));
const LARGEST_MB = LARGEST_ATTACHMENT_BYTES / 1_000_000;

/** The tool's input schema entry: bounded in the schema too, so a client sees the limit in tools/list. */
export const doorAttachmentSchema = z
  .object({
    fileName: z
      .string()
      .max(DOOR_ATTACHMENT_NAME_MAX_CHARS)
      .describe('The file name, shown to the people in the village (e.g. "photo.png").'),
    bytes: z
      .string()
      .max(ATTACHMENT_MAX_BASE64_CHARS)
      .describe(
        `The file's bytes in base64. One file: an image (PNG, JPEG, WebP, static GIF; up to 10 MB), ` +
          `audio (mp3, wav; 10 MB), video (mp4; ${LARGEST_MB} MB) or a PDF (10 MB).`,
      ),
  })
  .strict()
  .optional()
  .describe(
    "One file for the reception servant to see with the message. Whether its model can take the kind depends on the servant's provider.",
  );

export type DoorAttachmentArgument = z.infer<typeof doorAttachmentSchema>;

export type DoorAttachmentRead =
  { ok: true; attachment: AttachmentInput | undefined } | { ok: false; text: string };

/** The argument as an AttachmentInput, or the INVALID_ATTACHMENT answer the caller gets instead. */
export function readDoorAttachment(argument: DoorAttachmentArgument): DoorAttachmentRead {
  if (argument === undefined) return { ok: true, attachment: undefined };
  const fileName = argument.fileName.trim();
  if (fileName === '') return refuse('attachment.fileName is empty: give the file its name.');
  const bytes = decodeStrictBase64(argument.bytes);
  if (bytes === null) return refuse('attachment.bytes is not base64 (standard alphabet, padded, no spaces).');
  if (bytes.length === 0) return refuse('attachment.bytes is empty: the file has no content.');
  if (bytes.length > LARGEST_ATTACHMENT_BYTES) {
    return refuse(`the file is larger than ${LARGEST_MB} MB, the largest attachment of any kind.`);
  }
  return { ok: true, attachment: { fileName, bytes } };
}

function refuse(why: string): DoorAttachmentRead {
  return { ok: false, text: `INVALID_ATTACHMENT: ${why}` };
}
