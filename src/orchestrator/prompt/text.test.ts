import { describe, expect, it } from 'vitest';
import { charCount, formatCount, headChars, oneLine } from './text.ts';

describe('text helpers', () => {
  it('counts code points, not UTF-16 units', () => {
    expect(charCount('ザリ')).toBe(2);
    expect(charCount('😀a')).toBe(2);
    expect(headChars('😀😀😀', 2)).toBe('😀😀');
    expect(headChars('abc', 10)).toBe('abc');
    expect(headChars('abc', 0)).toBe('');
  });

  it('groups thousands with commas', () => {
    expect(formatCount(12)).toBe('12');
    expect(formatCount(20000)).toBe('20,000');
    expect(formatCount(1234567)).toBe('1,234,567');
  });

  it('folds every kind of line break into one space', () => {
    expect(oneLine('a\r\nb\nc\rd\u2028e')).toBe('a b c d e');
  });
});
