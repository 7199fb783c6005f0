import { charCount, headChars } from '../chars.ts';

/**
 * Small helpers shared by the diagnostic line formatters. Every line is `prefix: key=value key=value…`;
 * values are ids, counts and closed enums, so one value must never contain a space (it would split
 * the field) and an empty value is written `-`.
 */

/** Longest value written for one field; a backstop against unbounded names (e.g. a tool name a model made up). */
export const FIELD_VALUE_MAX_CHARS = 128;

export { charCount };
/** The first `max` code points of `text` (never splits a surrogate pair). */
export const clipChars = headChars;

// Control characters (C0, DEL, C1) plus the line and paragraph separators.
// eslint-disable-next-line no-control-regex
const CONTROL_OR_SPACE = /[\s\u0000-\u001f\u007f-\u009f\u2028\u2029]+/gu;

/** Text folded onto one line: runs of whitespace and control characters become one space; trimmed. */
export function oneLine(text: string): string {
  return text.replace(CONTROL_OR_SPACE, ' ').trim();
}

/**
 * One `key=value` value: `-` when empty, blank or absent; inner whitespace and control characters become `_`
 * so the field never splits, clipped to {@link FIELD_VALUE_MAX_CHARS}.
 */
export function fieldValue(value: string | null | undefined): string {
  if (value === null || value === undefined) return '-';
  const trimmed = oneLine(value);
  if (trimmed === '') return '-';
  return clipChars(trimmed.replace(/ /g, '_'), FIELD_VALUE_MAX_CHARS);
}
