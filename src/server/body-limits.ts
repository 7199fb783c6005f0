/**
 * Request body limits. Every command takes at most MAX_BODY_BYTES, except `send_user_message`,
 * whose one attachment arrives as base64 inside the JSON (ledger part 2 §8 limits): it alone takes
 * enough for the largest attachment plus the longest text, so a big file never opens the door to
 * big bodies on every other command.
 */
import type { DiagLog } from '../diag/log.ts';
import { ATTACHMENT_MAX_BASE64_CHARS } from '../domain/attachment.ts';
import { CoreError } from '../domain/errors.ts';
import { MESSAGE_CONTENT_MAX_CHARS } from '../domain/message.ts';
import { attachmentKindLine } from '../orchestrator/lines/index.ts';
import { LARGER_THAN_ANY_KIND } from './commands/attachment-arg.ts';

/** Large enough for a 512 KB icon in base64 plus JSON framing. */
export const MAX_BODY_BYTES = 1024 * 1024;

/** The longest message text `send_user_message` takes. */
export const SEND_CONTENT_MAX_CHARS = MESSAGE_CONTENT_MAX_CHARS;

/** A JSON string escape is at most 6 bytes per UTF-16 unit (`\uXXXX`). */
const JSON_ESCAPED_BYTES_PER_CHAR = 6;
const FRAMING_BYTES = 64 * 1024;

/** ATTACHMENT_MAX_BASE64_CHARS (base64 is ASCII: one byte each) + the text, escaped + framing. */
export const SEND_USER_MESSAGE_MAX_BODY_BYTES =
  ATTACHMENT_MAX_BASE64_CHARS + SEND_CONTENT_MAX_CHARS * JSON_ESCAPED_BYTES_PER_CHAR + FRAMING_BYTES;

/** A route's own body limit and how a larger body is refused (PAYLOAD_TOO_LARGE when not said). */
export interface RouteBodyLimit {
  maxBytes: number;
  /** The refusal of a larger body; `log` takes the line the refusal owes. */
  refuse?: (log: DiagLog) => CoreError;
}

/**
 * A `send_user_message` body over its limit can only be an attachment over every kind's limit: it is
 * the entry's INVALID_ATTACHMENT (with its one rejected line; the body is unread, so the kind and
 * the target are unknown), not a transport error the screen cannot explain.
 */
function refuseOversizeAttachment(log: DiagLog): CoreError {
  log.note(attachmentKindLine({ kind: 'unknown', provider: null, outcome: 'rejected' }));
  return new CoreError('INVALID_ATTACHMENT', LARGER_THAN_ANY_KIND, {
    detail: `request bodies of send_user_message are limited to ${SEND_USER_MESSAGE_MAX_BODY_BYTES} bytes`,
  });
}

/** The commands with their own limit (by route path). */
export const BODY_LIMIT_BY_PATH: Readonly<Record<string, RouteBodyLimit>> = {
  '/api/send_user_message': { maxBytes: SEND_USER_MESSAGE_MAX_BODY_BYTES, refuse: refuseOversizeAttachment },
};
