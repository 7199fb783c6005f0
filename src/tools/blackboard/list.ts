import type { ToolContext } from '../../orchestrator/tool.ts';
import { MAX_OUTPUT_CHARS } from '../work-dir/limits.ts';
import { locationLabel, type Board, type BoardNote } from './board-scan.ts';
import type { BlackboardTexts } from './texts.ts';

/** `list` stays within one tool result (freeze 5 f). */
export const LIST_MAX_CHARS = MAX_OUTPUT_CHARS;

function line(ctx: ToolContext, t: BlackboardTexts, note: BoardNote): string {
  if (note.owner === null || note.task === null) return `- ${t.listOrphan(note.rel)}`;
  const name = ctx.agentNames.get(note.owner);
  const who = name === undefined || name === note.owner ? note.owner : `${name} (${note.owner})`;
  return `- ${who} - ${note.task}`;
}

/**
 * The board without bodies, in board order, one heading per location. Cut only at line boundaries;
 * what is left out is counted per location, so the model knows the board goes on.
 */
export function listBoard(board: Board, ctx: ToolContext, t: BlackboardTexts): string {
  if (board.notes.length === 0) return t.listEmpty;
  const out: string[] = [];
  const dropped = new Map<string, number>();
  let used = 0;
  let heading: string | null = null;
  // Room kept for the dropped-counts footer, so the whole answer stays under the bound.
  const budget = LIST_MAX_CHARS - 400;
  for (const note of board.notes) {
    const label = locationLabel(note.location);
    const lines = label === heading ? [line(ctx, t, note)] : [`[${label}]`, line(ctx, t, note)];
    const size = lines.reduce((sum, l) => sum + [...l].length + 1, 0);
    if (dropped.size > 0 || used + size > budget) {
      dropped.set(label, (dropped.get(label) ?? 0) + 1);
      continue;
    }
    out.push(...lines);
    used += size;
    heading = label;
  }
  if (dropped.size > 0) {
    out.push(t.listDropped([...dropped].map(([label, n]) => `${label} ${n}`).join(', ')));
  }
  return out.join('\n');
}
