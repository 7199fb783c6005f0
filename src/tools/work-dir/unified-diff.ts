import { structuredPatch } from 'diff';
import { MAX_OUTPUT_CHARS } from './limits.ts';

export const DIFF_CONTEXT_LINES = 3;

export interface DiffStats {
  hunks: number;
  added: number;
  removed: number;
}

export interface FileDiff {
  /** `--- a` / `+++ b` headers then the hunks; '' when the texts are identical. */
  text: string;
  stats: DiffStats;
  /**
   * The edit is longer than any diff that could be shown (each changed line costs at least two
   * characters of the 12,000), so it was not computed: the search is quadratic on the event loop.
   */
  oversized: boolean;
}

/** Changed lines past which no diff fits MAX_OUTPUT_CHARS; the search stops there. */
export const MAX_EDIT_LINES = MAX_OUTPUT_CHARS / 2;
/** And a ceiling on the search time whatever the edit length (ms). */
const DIFF_TIMEOUT_MS = 1_000;

/** A unified diff with 3 lines of context (the `similar` crate's default in the old implementation). */
export function unifiedDiff(oldName: string, newName: string, before: string, after: string): FileDiff {
  const none = { hunks: 0, added: 0, removed: 0 };
  if (before === after) return { text: '', stats: none, oversized: false };
  const patch = structuredPatch(oldName, newName, before, after, '', '', {
    context: DIFF_CONTEXT_LINES,
    maxEditLength: MAX_EDIT_LINES,
    timeout: DIFF_TIMEOUT_MS,
  });
  if (patch === undefined) return { text: '', stats: none, oversized: true };
  const lines = [`--- ${oldName}`, `+++ ${newName}`];
  let added = 0;
  let removed = 0;
  for (const hunk of patch.hunks) {
    // An empty range names the line before it (`@@ -0,0 +1,1 @@` for a file that was empty).
    const oldStart = hunk.oldLines === 0 ? hunk.oldStart - 1 : hunk.oldStart;
    const newStart = hunk.newLines === 0 ? hunk.newStart - 1 : hunk.newStart;
    lines.push(`@@ -${oldStart},${hunk.oldLines} +${newStart},${hunk.newLines} @@`);
    for (const line of hunk.lines) {
      if (line.startsWith('+')) added += 1;
      else if (line.startsWith('-')) removed += 1;
      lines.push(line);
    }
  }
  return {
    text: `${lines.join('\n')}\n`,
    stats: { hunks: patch.hunks.length, added, removed },
    oversized: false,
  };
}
