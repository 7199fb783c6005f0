import { clipLine } from '../grep/lines.ts';
import type { Language } from '../../domain/enums.ts';
import { MAX_OUTPUT_CHARS } from '../work-dir/limits.ts';
import type { FileDiff } from '../work-dir/unified-diff.ts';
import { DIFF_TEXTS } from './diff-texts.ts';

interface Hunks {
  header: string[];
  hunks: string[][];
  clipped: boolean;
}

/** unifiedDiff's text as header lines and hunks, each line cut to MAX_LINE_CHARS. */
export function splitDiff(text: string): Hunks {
  const lines = text.endsWith('\n') ? text.slice(0, -1).split('\n') : text.split('\n');
  const header: string[] = [];
  const hunks: string[][] = [];
  let clipped = false;
  for (const raw of lines) {
    const line = clipLine(raw, null);
    if (line !== raw) clipped = true;
    if (line.startsWith('@@')) hunks.push([line]);
    else if (hunks.length === 0) header.push(line);
    else hunks[hunks.length - 1]!.push(line);
  }
  return { header, hunks, clipped };
}

/**
 * The diff and its stats within MAX_OUTPUT_CHARS. Whole hunks are kept while they fit; only when not
 * even the first one does is it cut between lines, so that something is shown. The stats count the
 * whole diff, shown or not.
 */
export function renderDiff(diff: FileDiff, language: Language): string {
  const t = DIFF_TEXTS[language];
  const diffTruncatedNotice = t.truncated;
  const statsLine = (d: FileDiff) => t.stats(d.stats.hunks, d.stats.added, d.stats.removed);
  const { header, hunks, clipped } = splitDiff(diff.text);
  const tailFor = (notice: string | null): string =>
    [statsLine(diff), ...(clipped ? [t.clipped] : []), ...(notice === null ? [] : [notice])].join('\n');
  const join = (lines: string[], tail: string): string => `${lines.join('\n')}\n\n${tail}`;
  const all = [...header, ...hunks.flat()];
  const whole = join(all, tailFor(null));
  if (whole.length <= MAX_OUTPUT_CHARS) return whole;
  const reserve = Math.max(
    tailFor(diffTruncatedNotice(hunks.length, hunks.length, false)).length,
    tailFor(diffTruncatedNotice(0, hunks.length, true)).length,
  );
  const budget = MAX_OUTPUT_CHARS - reserve - 2;
  const shown = [...header];
  let chars = header.join('\n').length;
  let shownHunks = 0;
  for (const hunk of hunks) {
    const cost = hunk.join('\n').length + 1;
    if (chars + cost > budget) break;
    shown.push(...hunk);
    chars += cost;
    shownHunks += 1;
  }
  if (shownHunks > 0) return join(shown, tailFor(diffTruncatedNotice(shownHunks, hunks.length, false)));
  for (const line of hunks[0] ?? []) {
    if (chars + line.length + 1 > budget) break;
    shown.push(line);
    chars += line.length + 1;
  }
  return join(shown, tailFor(diffTruncatedNotice(0, hunks.length, true)));
}
