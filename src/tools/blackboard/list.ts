import type { ToolContext } from '../../orchestrator/tool.ts';
import { MAX_OUTPUT_CHARS } from '../work-dir/limits.ts';
import { locationLabel, type Board, type BoardNote } from './board-scan.ts';
import { oneLine, ownerLabel } from './shown.ts';
import type { BlackboardTexts } from './texts.ts';

/** `list` stays within one tool result (freeze 5 f). */
export const LIST_MAX_CHARS = MAX_OUTPUT_CHARS;

const chars = (text: string): number => [...text].length;

/**
 * One note's line. A file that claims no owner of this village (no ` - `, or a first half that is no
 * agent's id: an old display-name note, or a deleted agent's) is shown by its path with the advice to
 * read it with `file` read (freeze 5 f): the tool's ops address notes by the caller's own id.
 */
function line(ctx: ToolContext, t: BlackboardTexts, note: BoardNote): string {
  if (note.noOwnerWhy === 'not_md') return `- ${t.listNotMd(note.rel)}`;
  if (note.owner === null || note.task === null) return `- ${t.listOrphan(note.rel)}`;
  if (!ctx.agentNames.has(note.owner) && note.owner !== ctx.agentId) {
    return `- ${t.listUnknownOwner(note.rel)}`;
  }
  return `- ${ownerLabel(ctx, note.owner)} - ${note.task}`;
}

interface Shown {
  label: string;
  lines: string[];
}

/**
 * The board without bodies, in board order, one heading per location. Cut only at line boundaries;
 * what is left out is counted per location, so the model knows the board goes on. The whole answer,
 * the counts line included, stays within LIST_MAX_CHARS.
 */
export function listBoard(board: Board, ctx: ToolContext, t: BlackboardTexts): string {
  if (board.notes.length === 0) return t.listEmpty;
  const shown: Shown[] = [];
  const dropped = new Map<string, number>();
  const drop = (label: string) => dropped.set(label, (dropped.get(label) ?? 0) + 1);
  const footer = () => t.listDropped([...dropped].map(([label, n]) => `${label} ${n}`).join(', '));
  let used = 0;
  for (const note of board.notes) {
    const label = locationLabel(note.location);
    // Once one note is left out, every later one is too: the listing never skips a note and goes on.
    if (dropped.size > 0) {
      drop(label);
      continue;
    }
    const entry = oneLine(line(ctx, t, note));
    const last = shown.at(-1);
    const lines = last?.label === label ? [entry] : [`[${label}]`, entry];
    const size = lines.reduce((sum, l) => sum + chars(l) + 1, 0);
    if (used + size - 1 > LIST_MAX_CHARS) {
      drop(label);
      continue;
    }
    if (last?.label === label) last.lines.push(entry);
    else shown.push({ label, lines });
    used += size;
  }
  // Make room for the counts line by giving back notes from the end (a heading goes with its last note).
  while (dropped.size > 0 && used + chars(footer()) > LIST_MAX_CHARS && shown.length > 0) {
    const last = shown.at(-1)!;
    const removed = last.lines.pop()!;
    used -= chars(removed) + 1;
    if (last.lines.length === 1) {
      used -= chars(last.lines.pop()!) + 1;
      shown.pop();
    }
    dropped.set(last.label, (dropped.get(last.label) ?? 0) + 1);
    // Keep the counts in board order: the place given back comes first.
    const reordered = new Map([[last.label, dropped.get(last.label)!], ...dropped]);
    dropped.clear();
    for (const [label, n] of reordered) dropped.set(label, n);
  }
  const out = shown.flatMap((s) => s.lines);
  if (dropped.size > 0) out.push(footer());
  return out.join('\n');
}
