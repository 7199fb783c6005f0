/**
 * The short excerpt of streamed text a progress notification carries: the tail (what the servant is
 * writing now), on one line, bounded, so a client's status line shows life without the whole answer.
 */

/** The longest excerpt, in characters (code points), the cut mark included. */
export const EXCERPT_MAX_CHARS = 120;

/** Control characters (a terminal escape in a model's text must not reach the client's status line). */
const CONTROLS = /\p{Cc}/gu;

/** The tail of `text`: whitespace collapsed to single spaces, controls dropped, `…` when cut. */
export function streamExcerpt(text: string, max: number = EXCERPT_MAX_CHARS): string {
  const line = text.replace(/\s+/gu, ' ').replace(CONTROLS, '').trim();
  const chars = Array.from(line);
  if (chars.length <= max) return line;
  return `…${chars
    .slice(chars.length - (max - 1))
    .join('')
    .trimStart()}`;
}

/**
 * Keeps only the end of a growing text: enough for an excerpt after whitespace collapses, never
 * the whole reply (a long answer streams for minutes).
 */
export function keepTail(text: string, max: number = EXCERPT_MAX_CHARS * 4): string {
  return text.length <= max ? text : text.slice(text.length - max);
}
