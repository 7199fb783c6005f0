import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { boundedText } from './chars.ts';
import { describeIssues, MAX_ISSUES_LINE_CHARS } from './zod-issues.ts';

const issuesOf = (schema: z.ZodType, value: unknown) => {
  const result = schema.safeParse(value);
  if (result.success) throw new Error('expected a failure');
  return result.error.issues;
};

describe('boundedText', () => {
  it('keeps short text, cuts long text to the limit with an ellipsis, counting code points', () => {
    expect(boundedText('abc', 3)).toBe('abc');
    expect(boundedText('abcd', 3)).toBe('ab…');
    expect(boundedText('😀😀😀', 3)).toBe('😀😀😀');
    expect(boundedText('😀😀😀😀', 3)).toBe('😀😀…');
  });
});

describe('describeIssues', () => {
  it('names a few unknown keys, never all of them', () => {
    const keys = Object.fromEntries(Array.from({ length: 40_000 }, (_, i) => [`k${i}`, 1]));
    expect(describeIssues(issuesOf(z.strictObject({}), keys))).toBe(
      'arguments: unknown keys "k0", "k1", "k2", "k3", "k4" and 39995 more',
    );
  });

  it('lists three issues and counts the rest; record keys in paths are cut', () => {
    const long = 'p'.repeat(10_000);
    const issues = issuesOf(z.record(z.string(), z.number()), {
      a: 'x',
      b: 'y',
      [long]: 'z',
      d: 'w',
      e: 'v',
    });
    const line = describeIssues(issues);
    expect(line).toMatch(/^a: .+; b: .+; p{39}…: .+ \(and 2 more problems\)$/);
    expect(line.length).toBeLessThanOrEqual(MAX_ISSUES_LINE_CHARS);
  });

  it('stays within the line limit whatever the messages say', () => {
    const shout = z.string().refine(() => false, { message: 'm'.repeat(10_000) });
    const line = describeIssues(
      issuesOf(z.object({ a: shout, b: shout, c: shout, d: shout }), { a: '', b: '', c: '', d: '' }),
    );
    expect(line.length).toBeLessThanOrEqual(MAX_ISSUES_LINE_CHARS);
    expect(line.endsWith(' (and 1 more problem)')).toBe(true);
  });
});
