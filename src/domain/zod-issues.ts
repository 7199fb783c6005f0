/**
 * Zod issues as one bounded line for a person. Arguments and files come from outside: a body with
 * 40,000 unknown keys makes zod's own message 40,000 names long, and a record key can be any length,
 * so the line lists a few issues, a few keys and short path segments, and says how much it left out.
 */
import type { z } from 'zod';
import { boundedText } from './chars.ts';

/** Issues listed, keys listed per unknown-keys issue, and characters per piece and in all. */
const MAX_ISSUES = 3;
const MAX_KEYS = 5;
const SEGMENT_CHARS = 40;
const ISSUE_CHARS = 200;
export const MAX_ISSUES_LINE_CHARS = 600;

/** `a.b.0.c`, each segment cut; "" for the root. */
export function issuePath(path: readonly PropertyKey[]): string {
  return path.map((segment) => boundedText(String(segment), SEGMENT_CHARS)).join('.');
}

/** The issue's message, with unknown keys named from the issue (a few) rather than zod's full list. */
export function issueMessage(issue: z.core.$ZodIssue): string {
  if (issue.code === 'unrecognized_keys') {
    const keys = issue.keys.slice(0, MAX_KEYS).map((key) => JSON.stringify(boundedText(key, SEGMENT_CHARS)));
    const more = issue.keys.length > MAX_KEYS ? ` and ${issue.keys.length - MAX_KEYS} more` : '';
    return `unknown key${issue.keys.length === 1 ? '' : 's'} ${keys.join(', ')}${more}`;
  }
  return boundedText(issue.message, ISSUE_CHARS);
}

/** `where: message; where: message (and N more problems)`, at most MAX_ISSUES_LINE_CHARS long. */
export function describeIssues(issues: readonly z.core.$ZodIssue[], root = 'arguments'): string {
  const parts = issues.slice(0, MAX_ISSUES).map((issue) => {
    const where = issue.path.length > 0 ? issuePath(issue.path) : root;
    return `${where}: ${issueMessage(issue)}`;
  });
  if (parts.length === 0) return `${root}: invalid`;
  const left = issues.length - MAX_ISSUES;
  const more = left > 0 ? ` (and ${left} more problem${left === 1 ? '' : 's'})` : '';
  return boundedText(parts.join('; '), MAX_ISSUES_LINE_CHARS - more.length) + more;
}
