import { describe, expect, it } from 'vitest';
import { FIELD_VALUE_MAX_CHARS, charCount, clipChars, fieldValue, oneLine } from './fields.ts';

describe('charCount', () => {
  it('counts code points, not UTF-16 units', () => {
    expect(charCount('abc')).toBe(3);
    expect(charCount('日本語')).toBe(3);
    expect(charCount('😀x')).toBe(2);
    expect(charCount('')).toBe(0);
  });
});

describe('clipChars', () => {
  it('keeps the first n code points and never splits a surrogate pair', () => {
    expect(clipChars('😀😀😀', 2)).toBe('😀😀');
    expect(clipChars('abc', 10)).toBe('abc');
    expect(clipChars('abc', 0)).toBe('');
  });
});

describe('oneLine', () => {
  it('folds newlines, tabs and control characters into single spaces', () => {
    expect(oneLine('  a\r\n\tb\u0000c  ')).toBe('a b c');
    expect(oneLine('x\u2028y')).toBe('x y');
  });
});

describe('fieldValue', () => {
  it('writes - for empty or absent values', () => {
    expect(fieldValue('')).toBe('-');
    expect(fieldValue(undefined)).toBe('-');
    expect(fieldValue(null)).toBe('-');
    expect(fieldValue(' \n ')).toBe('-');
  });

  it('never lets a value split the field', () => {
    expect(fieldValue('gpt 4\nmini')).toBe('gpt_4_mini');
  });

  it('clips long values', () => {
    expect(charCount(fieldValue('x'.repeat(500)))).toBe(FIELD_VALUE_MAX_CHARS);
  });
});
