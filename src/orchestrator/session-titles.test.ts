import { describe, expect, it } from 'vitest';
import { charCount } from '../domain/chars.ts';
import { SESSION_RENAME_MAX_CHARS } from '../domain/session.ts';
import { forkTitle } from './session-titles.ts';

describe('forkTitle', () => {
  it('adds one suffix, counted, in an English village', () => {
    expect(forkTitle('show me markdown', 'en')).toBe('show me markdown (fork)');
    expect(forkTitle('show me markdown (fork)', 'en')).toBe('show me markdown (fork 2)');
    expect(forkTitle('show me markdown (fork 2)', 'en')).toBe('show me markdown (fork 3)');
  });

  it('uses full-width brackets in a Japanese village, and counts the same way', () => {
    expect(forkTitle('京都への旅行を計画して', 'ja')).toBe('京都への旅行を計画して（分岐）');
    expect(forkTitle('京都への旅行を計画して（分岐）', 'ja')).toBe('京都への旅行を計画して（分岐 2）');
    expect(forkTitle('京都への旅行を計画して（分岐 2）', 'ja')).toBe('京都への旅行を計画して（分岐 3）');
  });

  it('counts a suffix of the other language or of the older half-width Japanese form', () => {
    expect(forkTitle('旅行 (分岐)', 'ja')).toBe('旅行（分岐 2）');
    expect(forkTitle('trip (fork 4)', 'ja')).toBe('trip（分岐 5）');
    expect(forkTitle('旅行（分岐）', 'en')).toBe('旅行 (fork 2)');
  });

  it('leaves brackets that are not a fork suffix to the title', () => {
    expect(forkTitle('budget (draft)', 'en')).toBe('budget (draft) (fork)');
    expect(forkTitle('fork (fork 1234567)', 'en')).toBe('fork (fork 1234567) (fork)');
  });

  it('cuts the source words, never the suffix, inside the rename limit', () => {
    const title = forkTitle(`${'x'.repeat(SESSION_RENAME_MAX_CHARS)} (fork 9)`, 'en');
    expect(title.endsWith(' (fork 10)')).toBe(true);
    expect(charCount(title)).toBe(SESSION_RENAME_MAX_CHARS);
  });

  it('gives an untitled fork of an untitled source', () => {
    expect(forkTitle('', 'en')).toBe('');
  });
});
