import { describe, expect, it } from 'vitest';
import { EXCERPT_MAX_CHARS, keepTail, streamExcerpt } from './excerpt.ts';

describe('streamExcerpt', () => {
  it('keeps a short text whole, on one line, whitespace collapsed', () => {
    expect(streamExcerpt('  Looking at\n\n the   notes\t now ')).toBe('Looking at the notes now');
    expect(streamExcerpt('')).toBe('');
    expect(streamExcerpt(' \n ')).toBe('');
  });

  it('keeps the tail of a long text, bounded, with a cut mark', () => {
    const text = `${'a'.repeat(300)} the end of it`;
    const excerpt = streamExcerpt(text);
    expect(Array.from(excerpt)).toHaveLength(EXCERPT_MAX_CHARS);
    expect(excerpt.startsWith('…')).toBe(true);
    expect(excerpt.endsWith('the end of it')).toBe(true);
    expect(streamExcerpt('x'.repeat(EXCERPT_MAX_CHARS))).toBe('x'.repeat(EXCERPT_MAX_CHARS));
  });

  it('counts characters, not UTF-16 units, and never splits one', () => {
    const excerpt = streamExcerpt('🙂'.repeat(200), 10);
    expect(excerpt).toBe(`…${'🙂'.repeat(9)}`);
    expect(streamExcerpt('日本語の文章です'.repeat(30), 20)).toHaveLength(20);
  });

  it('drops control characters (a terminal escape never reaches the status line)', () => {
    expect(streamExcerpt('red \u001b[31mtext\u0007 done')).toBe('red [31mtext done');
  });
});

describe('keepTail', () => {
  it('bounds the kept text to its end', () => {
    expect(keepTail('abcdef', 3)).toBe('def');
    expect(keepTail('ab', 3)).toBe('ab');
  });
});
