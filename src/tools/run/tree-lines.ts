/**
 * What the tree kill did, as lines of the run result after the ending line. Issue 17 extends ledger
 * part 5 §5, which only says the tree is killed: the result names every process killed and every one
 * that could not be, and states the tracker's limit whenever it had something to kill.
 *
 * Killed processes are named without their pids, grouped and sorted: the same command killed the
 * same way gives the same text, so RepeatGuard's exact match still sees a repeated call (a pid in
 * every result would hide a model looping on a command that times out). A process still running is
 * named with its pid, which a person needs to find it.
 */
import type { RunEnding } from './process-tree.ts';
import type { RunResultTexts } from './result-texts.ts';
import type { NamedProcess, TreeReport, UnkilledProcess } from './tree-tracker.ts';

/** At most this many different names (or still running processes) per line; the rest are counted. */
export const NAMED_PROCESSES_MAX = 20;

/** The first items, and how many processes the rest stand for. */
function listed(R: RunResultTexts, items: readonly string[], hiddenProcesses: number): string {
  const shown = items.slice(0, NAMED_PROCESSES_MAX);
  return (hiddenProcesses > 0 ? [...shown, R.moreProcesses(hiddenProcesses)] : shown).join(', ');
}

/** `sh, sleep ×2`: names sorted, a count where a name repeats. */
function namesOf(R: RunResultTexts, killed: readonly NamedProcess[]): string {
  const counts = new Map<string, number>();
  for (const p of killed) counts.set(p.name, (counts.get(p.name) ?? 0) + 1);
  const names = [...counts.keys()].sort();
  const hidden = names.slice(NAMED_PROCESSES_MAX).reduce((sum, name) => sum + counts.get(name)!, 0);
  return listed(
    R,
    names.map((name) => (counts.get(name) === 1 ? name : `${name} ×${counts.get(name)}`)),
    hidden,
  );
}

function stillRunning(R: RunResultTexts, unkilled: readonly UnkilledProcess[]): string {
  const items = unkilled.map((p) => R.unkilledItem(p.pid, p.name, R.unkilledReason(p.reason, p.state)));
  return listed(R, items, Math.max(0, unkilled.length - NAMED_PROCESSES_MAX));
}

export function treeLines(R: RunResultTexts, ending: RunEnding, tree: TreeReport | null): string[] {
  if (tree === null || (tree.killed.length === 0 && tree.unkilled.length === 0)) return [];
  const lines: string[] = [];
  if (tree.killed.length > 0) {
    const names = namesOf(R, tree.killed);
    const killedByUs = ending.kind === 'timeout' || ending.kind === 'interrupted';
    lines.push(killedByUs ? R.killed(tree.killed.length, names) : R.leftovers(tree.killed.length, names));
  }
  if (tree.unkilled.length > 0) lines.push(R.unkilled(tree.unkilled.length, stillRunning(R, tree.unkilled)));
  lines.push(R.trackingLimit);
  return lines;
}
