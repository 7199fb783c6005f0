import { describe, expect, it } from 'vitest';
import { applyMention, filterCandidates, mentionAt } from './mention.ts';

describe('@ completion', () => {
  it('opens after whitespace or at the start and closes at whitespace', () => {
    expect(mentionAt('@src', 4)).toEqual({ start: 0, query: 'src' });
    expect(mentionAt('read @sr', 8)).toEqual({ start: 5, query: 'sr' });
    expect(mentionAt('mail a@b', 8)).toBeNull();
    expect(mentionAt('@src done', 9)).toBeNull();
    expect(mentionAt('no mention', 10)).toBeNull();
  });

  it('ranks prefix matches (path or file name) first and caps the list', () => {
    const files = ['docs/readme.md', 'src/main.ts', 'src/readme.txt', 'README'];
    expect(filterCandidates(files, 'read')).toEqual(['docs/readme.md', 'src/readme.txt', 'README']);
    expect(filterCandidates(files, 'ain')).toEqual(['src/main.ts']);
    expect(
      filterCandidates(
        Array.from({ length: 200 }, (_, i) => `f${i}`),
        'f',
        50,
      ),
    ).toHaveLength(50);
  });

  it('replaces the typed token with the path only', () => {
    expect(applyMention('look at @ma please', { start: 8, query: 'ma' }, 11, 'src/main.ts')).toEqual({
      text: 'look at src/main.ts  please',
      caret: 20,
    });
  });
});
