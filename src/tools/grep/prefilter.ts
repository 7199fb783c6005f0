/**
 * Cheap tests that tell a file cannot have a matching line before it is decoded or split into lines
 * (issue 24: decoding and splitting were most of a scan). Each is sound: it passes over a file only
 * when no line of it could match, so the scan's results are those of testing every line.
 */
export interface Prefilter {
  /** ASCII bytes every match contains: a file whose bytes lack them has no match. */
  bytes: Buffer | null;
  /** The pattern is a plain literal: testing the whole text says exactly whether a line matches. */
  wholeText: boolean;
}

const SYNTAX = new Set('\\^$.|?*+()[]{}');
const QUANTIFIERS = new Set('?*+{');
/** Shorter required text is too common to pass many files over. */
const MIN_REQUIRED = 2;

export function prefilterFor(pattern: RegExp): Prefilter {
  // test() with g or y keeps state between calls; such a pattern is never filtered.
  if (/[gy]/u.test(pattern.flags)) return { bytes: null, wholeText: false };
  const source = pattern.source;
  let end = 0;
  while (end < source.length && !SYNTAX.has(source[end]!)) end += 1;
  const plain = end === source.length && end > 0;
  const bytes = requiredBytes(pattern, end, plain);
  // An ASCII literal's bytes already decide exactly; testing the text again would only cost.
  return { bytes, wholeText: plain && bytes === null };
}

/**
 * The literal text the pattern starts with, which every match then contains, as bytes. Only without
 * `i` (bytes do not fold case), with no `|` anywhere (an alternative need not start with it), and in
 * ASCII: an ASCII character of decoded text, even read with U+FFFD, always comes from that same byte.
 */
function requiredBytes(pattern: RegExp, end: number, plain: boolean): Buffer | null {
  if (pattern.flags.includes('i') || pattern.source.includes('|')) return null;
  // A quantifier after the run makes its last character optional or repeated: it is not required as is.
  const required = plain || !QUANTIFIERS.has(pattern.source[end]!) ? end : end - 1;
  const text = pattern.source.slice(0, required);
  if (text.length < MIN_REQUIRED || !/^[\x20-\x7e]*$/u.test(text)) return null;
  return Buffer.from(text, 'latin1');
}
