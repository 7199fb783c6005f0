/**
 * Lengths as the ledger counts them (「字」, Rust's `chars().count()`): code points, never UTF-16 units
 * or bytes, so a surrogate pair is one character.
 */

export function charCount(text: string): number {
  let count = 0;
  for (const _ of text) count += 1;
  return count;
}

/** The first `limit` code points (the whole text when it is shorter; never splits a pair). */
export function headChars(text: string, limit: number): string {
  if (limit <= 0) return '';
  let out = '';
  let count = 0;
  for (const ch of text) {
    if (count === limit) break;
    out += ch;
    count += 1;
  }
  return out;
}

/**
 * At most `limit` code points; a cut text ends with "…" inside the limit. For echoing text that came
 * from outside (a request, a file, a server) into a message: the echo stays bounded.
 */
export function boundedText(text: string, limit: number): string {
  // UTF-16 units are never fewer than code points: a text this short is short enough.
  if (text.length <= limit) return text;
  // The first `limit` code points are the whole text: nothing to cut.
  if (headChars(text, limit).length === text.length) return text;
  return `${headChars(text, Math.max(0, limit - 1))}…`;
}
