import { describe, expect, it } from 'vitest';
import {
  classifyStatus,
  fnvUnit,
  hintTooLongPrefix,
  inVillageLanguage,
  mergeHints,
  parseDurationSeconds,
  parseRetryAfter,
  planWait,
  verdictOf,
  type RetryClass,
} from './retry.ts';

describe('classifyStatus and verdicts (Spec 52)', () => {
  const cases: [number, string | null, boolean, RetryClass, 'retry' | 'stop'][] = [
    [429, null, true, 'RateLimit', 'retry'],
    [429, 'rate_limit_exceeded', true, 'RateLimit', 'retry'],
    [429, 'insufficient_quota', true, 'Billing', 'stop'],
    [429, 'insufficient_quota', false, 'RateLimit', 'retry'],
    [429, 'RESOURCE_EXHAUSTED', false, 'RateLimit', 'retry'],
    [529, null, false, 'Overloaded', 'retry'],
    [500, null, true, 'ServerError', 'retry'],
    [503, null, true, 'ServerError', 'retry'],
    [401, null, true, 'Auth', 'stop'],
    [403, null, false, 'Auth', 'stop'],
    [408, null, true, 'ClientError', 'stop'],
    [404, null, true, 'ClientError', 'stop'],
    [400, null, true, 'ClientError', 'stop'],
    [400, 'context_length_exceeded', true, 'ContextLength', 'stop'],
    [413, 'context_length_exceeded', false, 'ContextLength', 'stop'],
    [413, null, false, 'ClientError', 'stop'],
  ];
  it.each(cases)('%i code=%s billingAware=%s -> %s (%s)', (status, code, aware, cls, verdict) => {
    expect(classifyStatus(status, code, aware)).toBe(cls);
    expect(verdictOf(cls)).toBe(verdict);
  });

  it('Timeout and Network are retried', () => {
    expect(verdictOf('Timeout')).toBe('retry');
    expect(verdictOf('Network')).toBe('retry');
  });
});

describe('planWait', () => {
  it('doubles from 200 ms and caps the exponential part at 5 s', () => {
    expect([0, 1, 2, 3, 4, 5, 10].map((a) => planWait(a, null, 0))).toEqual(
      [200, 400, 800, 1600, 3200, 5000, 5000].map((ms) => ({ kind: 'wait', ms })),
    );
  });

  it('takes the hint as a floor and jitters upward by at most 10 %', () => {
    expect(planWait(0, 3000, 0)).toEqual({ kind: 'wait', ms: 3000 });
    expect(planWait(0, 3000, 1)).toEqual({ kind: 'wait', ms: 3300 });
    expect(planWait(5, 1000, 0.5)).toEqual({ kind: 'wait', ms: 5250 });
    expect(planWait(0, 0, 0)).toEqual({ kind: 'wait', ms: 200 });
  });

  it('stops when the provider asks for more than 60 s; 60 s itself is honoured (max 66 s)', () => {
    expect(planWait(0, 60_001, 0)).toEqual({ kind: 'stop_hint_too_long', hintMs: 60_001 });
    expect(planWait(0, 60_000, 1)).toEqual({ kind: 'wait', ms: 66_000 });
    expect(hintTooLongPrefix(61_000)).toBe('プロバイダは 61 秒後の再試行を求めています');
  });

  it('says the hint prefix in English for an English village, the rest of the message kept', () => {
    const message = `${hintTooLongPrefix(120_000)}: later`;
    expect(inVillageLanguage(message, 120_000, 'en')).toBe(
      'The provider asks to retry in 120 seconds: later',
    );
    expect(inVillageLanguage(message, 120_000, 'ja')).toBe(message);
    expect(inVillageLanguage('HTTP 500', 120_000, 'en')).toBe('HTTP 500');
    expect(inVillageLanguage(message, null, 'en')).toBe(message);
  });
});

describe('hints', () => {
  const now = Date.parse('2026-11-30T00:00:00Z');
  it('reads Retry-After as seconds or an HTTP-date (past dates are 0)', () => {
    expect(parseRetryAfter('7', now)).toBe(7000);
    expect(parseRetryAfter('1.5', now)).toBe(1500);
    expect(parseRetryAfter('Mon, 30 Nov 2026 00:00:20 GMT', now)).toBe(20_000);
    expect(parseRetryAfter('Sun, 29 Nov 2026 23:00:00 GMT', now)).toBe(0);
    expect(parseRetryAfter(null, now)).toBeNull();
    expect(parseRetryAfter('soon', now)).toBeNull();
  });

  it('reads Gemini retryDelay durations', () => {
    expect(parseDurationSeconds('56s')).toBe(56_000);
    expect(parseDurationSeconds('34.4s')).toBe(34_400);
    expect(parseDurationSeconds('5m')).toBeNull();
    expect(parseDurationSeconds(5)).toBeNull();
  });

  it('merges header and body hints: the larger wins, the source is named', () => {
    expect(mergeHints(null, null)).toEqual({ hintMs: null, src: 'none' });
    expect(mergeHints(1000, null)).toEqual({ hintMs: 1000, src: 'header' });
    expect(mergeHints(null, 2000)).toEqual({ hintMs: 2000, src: 'body' });
    expect(mergeHints(3000, 2000)).toEqual({ hintMs: 3000, src: 'both' });
  });

  it('folds FNV-1a into [0, 1], deterministic per input', () => {
    const a = fnvUnit([1n, 0, 'http://x']);
    expect(a).toBe(fnvUnit([1n, 0, 'http://x']));
    expect(a).toBeGreaterThanOrEqual(0);
    expect(a).toBeLessThanOrEqual(1);
    const spread = new Set(Array.from({ length: 50 }, (_, i) => fnvUnit([i])));
    expect(spread.size).toBeGreaterThan(40);
  });
});
