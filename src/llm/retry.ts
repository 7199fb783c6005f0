/**
 * Retry decisions (Spec 52), pure: no I/O, no clock, no randomness (the caller passes `u`).
 */
import type { Language } from '../domain/enums.ts';

/** Nine closed classes; the verdict follows from the class alone. */
export type RetryClass =
  | 'RateLimit'
  | 'Overloaded'
  | 'ServerError'
  | 'Timeout'
  | 'Network'
  | 'Auth'
  | 'ClientError'
  | 'ContextLength'
  | 'Billing';

export type Verdict = 'retry' | 'stop';

export function verdictOf(cls: RetryClass): Verdict {
  switch (cls) {
    case 'RateLimit':
    case 'Overloaded':
    case 'ServerError':
    case 'Timeout':
    case 'Network':
      return 'retry';
    case 'Auth':
    case 'ClientError':
    case 'ContextLength':
    case 'Billing':
      return 'stop';
  }
}

/** Provider codes that say the input is too long for the model. */
const CONTEXT_LENGTH_CODES = new Set(['context_length_exceeded', 'string_above_max_length']);
/** Read as Billing only on the OpenAI-compatible and Responses wires. */
export const BILLING_CODE = 'insufficient_quota';

/**
 * Class of an HTTP error answer. `billingAware` is true for the wires whose `insufficient_quota`
 * means billing (Anthropic and Gemini have no such code: Gemini's RESOURCE_EXHAUSTED is a rate limit).
 */
export function classifyStatus(status: number, code: string | null, billingAware: boolean): RetryClass {
  if (billingAware && code === BILLING_CODE) return 'Billing';
  if (status === 429) return 'RateLimit';
  if (status === 529) return 'Overloaded';
  if (status >= 500) return 'ServerError';
  if (status === 401 || status === 403) return 'Auth';
  if ((status === 400 || status === 413) && code !== null && CONTEXT_LENGTH_CODES.has(code))
    return 'ContextLength';
  return 'ClientError';
}

export const EXP_BASE_MS = 200;
export const EXP_CAP_MS = 5_000;
/** A provider asking for more than this is not retried (MAX_HONORED_RETRY_AFTER). */
export const MAX_HONORED_RETRY_AFTER_MS = 60_000;

export type WaitPlan = { kind: 'wait'; ms: number } | { kind: 'stop_hint_too_long'; hintMs: number };

/**
 * How long to wait before retry number `attempt + 1` (attempt starts at 0), given the provider's
 * hint and a uniform `u` in [0, 1]: the hint is a floor, jitter goes up only, by at most 10 %.
 */
export function planWait(attempt: number, hintMs: number | null, u: number): WaitPlan {
  const exp = Math.min(EXP_BASE_MS * 2 ** attempt, EXP_CAP_MS);
  if (hintMs !== null && hintMs > MAX_HONORED_RETRY_AFTER_MS) return { kind: 'stop_hint_too_long', hintMs };
  const base = Math.max(exp, hintMs ?? 0);
  const jitter = Math.min(Math.max(u, 0), 1);
  return { kind: 'wait', ms: Math.round(base * (1 + 0.1 * jitter)) };
}

/**
 * The ledger's prefix for an error whose provider asked for too long a wait. The backend knows no
 * village language, so it writes the ledger's Japanese; a turn in an English village says it in
 * English (inVillageLanguage) before the person reads it (issue 22).
 */
export function hintTooLongPrefix(hintMs: number): string {
  return `プロバイダは ${Math.ceil(hintMs / 1000)} 秒後の再試行を求めています`;
}

function hintTooLongPrefixEn(hintMs: number): string {
  const secs = Math.ceil(hintMs / 1000);
  return `The provider asks to retry in ${secs} ${secs === 1 ? 'second' : 'seconds'}`;
}

/** The message with the hint prefix in the village language (unchanged without the prefix, or in Japanese). */
export function inVillageLanguage(message: string, hintMs: number | null, language: Language): string {
  if (language === 'ja' || hintMs === null) return message;
  const prefix = hintTooLongPrefix(hintMs);
  return message.startsWith(prefix) ? hintTooLongPrefixEn(hintMs) + message.slice(prefix.length) : message;
}

/**
 * `Retry-After` as delay-seconds or an HTTP-date; a date in the past is 0. Null when absent or
 * unreadable.
 */
export function parseRetryAfter(value: string | null, nowMs: number): number | null {
  if (value === null) return null;
  const text = value.trim();
  if (/^\d+(\.\d+)?$/.test(text)) return Math.round(Number(text) * 1000);
  const date = Date.parse(text);
  if (Number.isNaN(date)) return null;
  return Math.max(0, date - nowMs);
}

/** Gemini's RetryInfo `retryDelay` ("56s", "1.5s"). */
export function parseDurationSeconds(value: unknown): number | null {
  if (typeof value !== 'string') return null;
  const match = /^(\d+(?:\.\d+)?)s$/.exec(value.trim());
  return match ? Math.round(Number(match[1]) * 1000) : null;
}

/** The larger of the two hints, and where it came from. */
export function mergeHints(
  header: number | null,
  body: number | null,
): { hintMs: number | null; src: 'none' | 'header' | 'body' | 'both' } {
  if (header === null && body === null) return { hintMs: null, src: 'none' };
  if (header !== null && body !== null) return { hintMs: Math.max(header, body), src: 'both' };
  return header !== null ? { hintMs: header, src: 'header' } : { hintMs: body, src: 'body' };
}

/** FNV-1a over the given parts, folded to u in [0, 1]; the production source of jitter. */
export function fnvUnit(parts: readonly (string | number | bigint)[]): number {
  let hash = 0x811c9dc5;
  for (const part of parts) {
    for (const ch of String(part)) {
      hash ^= ch.charCodeAt(0);
      hash = Math.imul(hash, 0x01000193) >>> 0;
    }
  }
  return (hash % 1001) / 1000;
}
