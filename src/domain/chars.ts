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
