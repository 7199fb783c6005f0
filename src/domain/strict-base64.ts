/**
 * Strict base64 (RFC 4648 §4, padded), as attachments travel in `send_user_message` and the door:
 * no whitespace, no URL alphabet, no missing padding, no stray bits in the last character.
 *
 * Checked as "alphabet, then at most two `=`" plus a length that is a multiple of 4 and a re-encode
 * that gives the same text, never with a grouped pattern like `^(?:[A-Za-z0-9+/]{4})*…$`: V8 runs that
 * one out of stack ("Maximum call stack size exceeded") somewhere past 4 million characters, well
 * under the 16,000,000 of the largest attachment (ATTACHMENT_MAX_BASE64_CHARS).
 */
const ALPHABET_THEN_PADDING = /^[A-Za-z0-9+/]*={0,2}$/;

/** The bytes, or null when the text is not exactly canonical padded base64. */
export function decodeStrictBase64(text: string): Buffer | null {
  if (text.length % 4 !== 0 || !ALPHABET_THEN_PADDING.test(text)) return null;
  const bytes = Buffer.from(text, 'base64');
  // A misplaced `=` or non-zero unused bits in the last character: a decoder would silently drop them.
  return bytes.toString('base64') === text ? bytes : null;
}
