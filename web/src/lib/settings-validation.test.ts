import { describe, expect, it } from 'vitest';
import {
  ASK_TIMEOUT_MAX_SECS,
  ASK_TIMEOUT_MIN_SECS,
  DEFAULT_ASK_TIMEOUT_SECS,
  formatWholeNumber,
  parseAskTimeout,
  parseTokenLimit,
  parseUserName,
  USER_NAME_MAX_CHARS,
  userNameLength,
} from './settings-validation.ts';
import * as village from '../../../src/domain/village.ts';
import { userNameProblem } from '../../../src/world/validate.ts';

describe('token limit input', () => {
  it('takes whole effective tokens, with separators and full-width digits', () => {
    expect(parseTokenLimit('1000000')).toEqual({ ok: true, value: 1_000_000 });
    expect(parseTokenLimit(' 1,000,000 ')).toEqual({ ok: true, value: 1_000_000 });
    expect(parseTokenLimit('１０００')).toEqual({ ok: true, value: 1000 });
    expect(parseTokenLimit('1')).toEqual({ ok: true, value: 1 });
  });

  it('rejects 0 before sending (the core would turn it into "no limit")', () => {
    expect(parseTokenLimit('0')).toEqual({ ok: false, problem: 'zero' });
    expect(parseTokenLimit('000')).toEqual({ ok: false, problem: 'zero' });
  });

  it('rejects empty, negative, fractional and oversized values', () => {
    expect(parseTokenLimit('')).toEqual({ ok: false, problem: 'empty' });
    expect(parseTokenLimit('-5')).toEqual({ ok: false, problem: 'notWhole' });
    expect(parseTokenLimit('1.5')).toEqual({ ok: false, problem: 'notWhole' });
    expect(parseTokenLimit('1e6')).toEqual({ ok: false, problem: 'notWhole' });
    expect(parseTokenLimit('abc')).toEqual({ ok: false, problem: 'notWhole' });
    expect(parseTokenLimit('99999999999999999999')).toEqual({ ok: false, problem: 'tooLarge' });
  });
});

describe('ask timeout input', () => {
  it('matches the core range and default', () => {
    expect(ASK_TIMEOUT_MIN_SECS).toBe(village.ASK_TIMEOUT_RANGE.min);
    expect(ASK_TIMEOUT_MAX_SECS).toBe(village.ASK_TIMEOUT_RANGE.max);
    expect(DEFAULT_ASK_TIMEOUT_SECS).toBe(village.DEFAULT_ASK_TIMEOUT_SECS);
  });

  it('takes whole seconds from 30 to 3600', () => {
    expect(parseAskTimeout('30')).toEqual({ ok: true, value: 30 });
    expect(parseAskTimeout('3600')).toEqual({ ok: true, value: 3600 });
    expect(parseAskTimeout('29')).toEqual({ ok: false, problem: 'outOfRange' });
    expect(parseAskTimeout('3601')).toEqual({ ok: false, problem: 'outOfRange' });
    expect(parseAskTimeout('60.5')).toEqual({ ok: false, problem: 'notWhole' });
    expect(parseAskTimeout(' ')).toEqual({ ok: false, problem: 'empty' });
  });
});

describe('user name input', () => {
  it('has the core limit', () => {
    expect(USER_NAME_MAX_CHARS).toBe(village.USER_NAME_MAX_CHARS);
  });

  it('treats empty as unset (null) and trims', () => {
    expect(parseUserName('')).toEqual({ ok: true, value: null });
    expect(parseUserName('   ')).toEqual({ ok: true, value: null });
    expect(parseUserName(' 村長 ')).toEqual({ ok: true, value: '村長' });
  });

  it('refuses what the core refuses, and only that', () => {
    const cases = [
      'a】b',
      'a\nb',
      'tab\there',
      'x'.repeat(32),
      'x'.repeat(33),
      '😀'.repeat(32),
      'ザリ',
      'a\u2028b',
    ];
    for (const name of cases) {
      expect(parseUserName(name).ok, name).toBe(userNameProblem(name) === null);
    }
    expect(parseUserName('a】')).toEqual({ ok: false, problem: 'closingBracket' });
    expect(parseUserName('a\u0007')).toEqual({ ok: false, problem: 'control' });
    expect(parseUserName('x'.repeat(33))).toEqual({ ok: false, problem: 'tooLong' });
  });

  it('counts code points, as the core does', () => {
    expect(userNameLength(' 😀😀 ')).toBe(2);
  });
});

describe('formatWholeNumber', () => {
  it('groups digits', () => {
    expect(formatWholeNumber(1_000_000, 'ja')).toBe('1,000,000');
    expect(formatWholeNumber(1_000_000, 'en')).toBe('1,000,000');
  });
});
