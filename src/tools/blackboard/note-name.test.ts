import { describe, expect, it } from 'vitest';
import { isSafeNoteName } from './note-name.ts';

describe('isSafeNoteName', () => {
  it('takes one plain component, whatever its script or spaces', () => {
    for (const name of ['agent-1 - Survey.md', '調査.md', 'doing', 'on-hold', 'a..b', 'x.', 'まとめ.md'])
      expect(isSafeNoteName(name)).toBe(true);
  });

  it('refuses separators, dot names, empty, control characters and non-strings', () => {
    for (const name of [
      '',
      '.',
      '..',
      '../x',
      '.hidden',
      'a/b',
      'a\\b',
      '/abs',
      'C:\\x',
      'nul\u0000byte',
      'tab\there',
      'line\nbreak',
      'del\u007f',
      'next\u0085line',
      'csi\u009b',
      null,
      undefined,
      3,
    ])
      expect(isSafeNoteName(name)).toBe(false);
  });
});
