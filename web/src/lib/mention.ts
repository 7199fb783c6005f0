/** The `@` token being typed at the caret, or null (completion closes). */
export interface MentionQuery {
  /** Index of the `@`. */
  start: number;
  /** What follows the `@` up to the caret. */
  query: string;
}

/** `@` starts a mention at the start of the text or after whitespace; whitespace ends it. */
export function mentionAt(text: string, caret: number): MentionQuery | null {
  const before = text.slice(0, caret);
  const at = before.lastIndexOf('@');
  if (at < 0) return null;
  if (at > 0 && !/\s/.test(before[at - 1]!)) return null;
  const query = before.slice(at + 1);
  if (/\s/.test(query)) return null;
  return { start: at, query };
}

/** Candidates containing the query (case-insensitive), those starting with it first; capped for display. */
export function filterCandidates(files: readonly string[], query: string, limit = 50): string[] {
  const q = query.toLowerCase();
  const prefix: string[] = [];
  const inner: string[] = [];
  for (const file of files) {
    const lower = file.toLowerCase();
    const base = lower.slice(lower.lastIndexOf('/') + 1);
    if (lower.startsWith(q) || base.startsWith(q)) prefix.push(file);
    else if (lower.includes(q)) inner.push(file);
    if (prefix.length >= limit) break;
  }
  return [...prefix, ...inner].slice(0, limit);
}

/** Inserts only the relative path (never the file's contents) in place of `@query`. */
export function applyMention(
  text: string,
  mention: MentionQuery,
  caret: number,
  path: string,
): { text: string; caret: number } {
  const inserted = `${path} `;
  const next = text.slice(0, mention.start) + inserted + text.slice(caret);
  return { text: next, caret: mention.start + inserted.length };
}
