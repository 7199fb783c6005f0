/**
 * Checks for what the user types on the System settings pages, run before anything is sent.
 * They mirror the core's own checks (src/world/settings.ts, src/world/validate.ts) so that a value
 * the core would refuse or silently change never leaves the page.
 */

/** USER_NAME_MAX_CHARS in src/domain/village.ts (a test keeps them equal). */
export const USER_NAME_MAX_CHARS = 32;
/** ASK_TIMEOUT_RANGE and DEFAULT_ASK_TIMEOUT_SECS in src/domain/village.ts. */
export const ASK_TIMEOUT_MIN_SECS = 30;
export const ASK_TIMEOUT_MAX_SECS = 3600;
export const DEFAULT_ASK_TIMEOUT_SECS = 600;

export type Parsed<T, P extends string> = { ok: true; value: T } | { ok: false; problem: P };

/** Full-width digits (an IME), thousands separators and spaces are accepted and dropped. */
function digitsOf(text: string): string {
  return text.normalize('NFKC').replace(/[\s,_]/g, '');
}

export type TokenLimitProblem = 'empty' | 'zero' | 'notWhole' | 'tooLarge';

/**
 * The token limit in whole effective tokens. 0 is refused here (the core would store it as "no
 * limit": a saved value must never silently become another); so are negatives and fractions.
 */
export function parseTokenLimit(text: string): Parsed<number, TokenLimitProblem> {
  const clean = digitsOf(text);
  if (clean === '') return { ok: false, problem: 'empty' };
  if (!/^\d+$/.test(clean)) return { ok: false, problem: 'notWhole' };
  const value = Number(clean);
  if (!Number.isSafeInteger(value)) return { ok: false, problem: 'tooLarge' };
  if (value === 0) return { ok: false, problem: 'zero' };
  return { ok: true, value };
}

export type AskTimeoutProblem = 'empty' | 'notWhole' | 'outOfRange';

/** Seconds a delegation waits for its answer: a whole number from 30 to 3600. */
export function parseAskTimeout(text: string): Parsed<number, AskTimeoutProblem> {
  const clean = digitsOf(text);
  if (clean === '') return { ok: false, problem: 'empty' };
  if (!/^\d+$/.test(clean)) return { ok: false, problem: 'notWhole' };
  const value = Number(clean);
  if (value < ASK_TIMEOUT_MIN_SECS || value > ASK_TIMEOUT_MAX_SECS)
    return { ok: false, problem: 'outOfRange' };
  return { ok: true, value };
}

export type UserNameProblem = 'closingBracket' | 'control' | 'tooLong';

/**
 * The user's name goes into the sender envelope `【送り手: X】`: `】` would let one message carry a
 * forged second envelope, a line break would end the envelope early, and a long name is paid for on
 * every turn. Empty (after trimming) means "unset" and is sent as null.
 */
export function parseUserName(text: string): Parsed<string | null, UserNameProblem> {
  const trimmed = text.trim();
  if (trimmed === '') return { ok: true, value: null };
  if (trimmed.includes('】')) return { ok: false, problem: 'closingBracket' };
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/u.test(text)) return { ok: false, problem: 'control' };
  if ([...trimmed].length > USER_NAME_MAX_CHARS) return { ok: false, problem: 'tooLong' };
  return { ok: true, value: trimmed };
}

/** Characters as the core counts them (code points of the trimmed name). */
export function userNameLength(text: string): number {
  return [...text.trim()].length;
}

/** `1,000,000`: grouping makes the order of magnitude readable at a glance. */
export function formatWholeNumber(value: number, language: 'ja' | 'en'): string {
  return value.toLocaleString(language === 'ja' ? 'ja-JP' : 'en-US');
}
