import { describe, expect, it } from 'vitest';
import { charCount } from '../../domain/chars.ts';
import { appendixText, failureExcerpt } from './output-text.ts';

describe('appendixText', () => {
  it('keeps lines 2+ verbatim when short', () => {
    expect(appendixText('a\n  b\r\n', false, 'ja')).toBe('a\n  b\r\n');
  });

  it('is null when lines 2+ hold only whitespace', () => {
    expect(appendixText('', false, 'ja')).toBeNull();
    expect(appendixText('\n \n', false, 'ja')).toBeNull();
  });

  it('cuts at 4,000 characters (not bytes) and notes the original total outside the limit', () => {
    const rest = 'あ'.repeat(4_001);
    const text = appendixText(rest, false, 'ja');
    expect(text).toBe(`${'あ'.repeat(4_000)}\n(全 4,001 字)`);
  });

  it('keeps exactly 4,000 characters whole', () => {
    const rest = 'あ'.repeat(4_000);
    expect(appendixText(rest, false, 'ja')).toBe(rest);
  });

  it('never claims a total it does not know once the capture was cut', () => {
    const text = appendixText('x'.repeat(5_000), true, 'ja') ?? '';
    expect(text.endsWith('\n(全 65,536 字以上)')).toBe(true);
    expect(charCount(text.split('\n')[0] ?? '')).toBe(4_000);
  });

  it('writes the note in English for an English village', () => {
    expect(appendixText('x'.repeat(4_002), false, 'en')?.endsWith('\n(4,002 characters in total)')).toBe(
      true,
    );
  });
});

describe('failureExcerpt', () => {
  it('is the first 500 characters of stdout, newlines kept', () => {
    const stdout = `FAIL\n${'い'.repeat(600)}`;
    const excerpt = failureExcerpt(stdout, 'ignored');
    expect(charCount(excerpt)).toBe(500);
    expect(excerpt.startsWith('FAIL\nい')).toBe(true);
  });

  it('falls back to stderr when stdout is empty after a trim', () => {
    expect(failureExcerpt(' \n', 'test_x failed')).toBe('test_x failed');
  });
});
