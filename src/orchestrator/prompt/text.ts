/**
 * Small text helpers shared by the prompt builders. Lengths are counted in code points (the ledger's
 * 「字」, Rust's `chars().count()`), never in UTF-16 units, so a surrogate pair is one character.
 */

export { charCount, headChars } from '../chars.ts';

/** `20345` -> `20,345`: the ledger writes counts with thousands separators (「全 65,536 字以上」). */
export function formatCount(value: number): string {
  return String(value).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** Every line break (CRLF, CR, LF, NEL, U+2028, U+2029) becomes one space: one entry, one line. */
export function oneLine(text: string): string {
  return text.replace(/\r\n|[\r\n\u0085\u2028\u2029]/gu, ' ');
}
