import { structuredPatch } from 'diff';

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
}

/** A unified diff with 3 lines of context (the `similar` crate's default in the old implementation). */
export function unifiedDiff(oldName: string, newName: string, before: string, after: string): FileDiff {
  if (before === after) return { text: '', stats: { hunks: 0, added: 0, removed: 0 } };
  const patch = structuredPatch(oldName, newName, before, after, '', '', { context: DIFF_CONTEXT_LINES });
  const lines = [`--- ${oldName}`, `+++ ${newName}`];
  let added = 0;
  let removed = 0;
  for (const hunk of patch.hunks) {
    lines.push(`@@ -${hunk.oldStart},${hunk.oldLines} +${hunk.newStart},${hunk.newLines} @@`);
    for (const line of hunk.lines) {
      if (line.startsWith('+')) added += 1;
      else if (line.startsWith('-')) removed += 1;
      lines.push(line);
    }
  }
  return { text: `${lines.join('\n')}\n`, stats: { hunks: patch.hunks.length, added, removed } };
}
