/**
 * Request body limits. Every command takes at most MAX_BODY_BYTES, except `send_user_message`,
 * whose one attachment arrives as base64 inside the JSON (ledger part 2 §8 limits): it alone takes
 * enough for the largest attachment plus the longest text, so a big file never opens the door to
 * big bodies on every other command.
 */
import { ATTACHMENT_MAX_BASE64_CHARS } from '../domain/attachment.ts';

/** Large enough for a 512 KB icon in base64 plus JSON framing. */
export const MAX_BODY_BYTES = 1024 * 1024;

/** The longest message text `send_user_message` takes. */
export const SEND_CONTENT_MAX_CHARS = 200_000;

/** A JSON string escape is at most 6 bytes per UTF-16 unit (`\uXXXX`). */
const JSON_ESCAPED_BYTES_PER_CHAR = 6;
const FRAMING_BYTES = 64 * 1024;

/** ATTACHMENT_MAX_BASE64_CHARS (base64 is ASCII: one byte each) + the text, escaped + framing. */
export const SEND_USER_MESSAGE_MAX_BODY_BYTES =
  ATTACHMENT_MAX_BASE64_CHARS + SEND_CONTENT_MAX_CHARS * JSON_ESCAPED_BYTES_PER_CHAR + FRAMING_BYTES;

/** The commands with their own limit (by route path). */
export const BODY_LIMIT_BY_PATH: Readonly<Record<string, number>> = {
  '/api/send_user_message': SEND_USER_MESSAGE_MAX_BODY_BYTES,
};
