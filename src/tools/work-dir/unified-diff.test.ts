import { expect, it } from 'vitest';
import { MAX_EDIT_LINES, unifiedDiff } from './unified-diff.ts';

it('writes 3 lines of context and counts the change', () => {
  const before = 'a\nb\nc\nd\ne\nf\ng\n';
  const after = 'a\nb\nc\nD\ne\nf\ng\n';
  expect(unifiedDiff('x', 'x', before, after)).toEqual({
    text: '--- x\n+++ x\n@@ -1,7 +1,7 @@\n a\n b\n c\n-d\n+D\n e\n f\n g\n',
    stats: { hunks: 1, added: 1, removed: 1 },
    oversized: false,
  });
});

it('names the line before an empty range, as unified diffs do', () => {
  expect(unifiedDiff('x', 'x', '', 'new\n').text).toBe('--- x\n+++ x\n@@ -0,0 +1,1 @@\n+new\n');
  expect(unifiedDiff('x', 'x', 'old\n', '').text).toBe('--- x\n+++ x\n@@ -1,1 +0,0 @@\n-old\n');
});

it('gives up, without computing, on an edit too long for any diff that could be shown', () => {
  const lines = (prefix: string) =>
    Array.from({ length: MAX_EDIT_LINES + 10 }, (_, i) => `${prefix}${i}`).join('\n');
  const result = unifiedDiff('x', 'x', lines('a'), lines('b'));
  expect(result.oversized).toBe(true);
  expect(result.text).toBe('');
  expect(unifiedDiff('x', 'x', 'same', 'same').oversized).toBe(false);
});
