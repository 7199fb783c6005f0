/**
 * The bond map's pure parts: visible edges, connection edits. Positions for unplaced servants are
 * components/map/layout.ts (issue 25: the circle it replaced left a 100-servant map unreadable).
 */
export interface Edge {
  source: string;
  target: string;
}

/** Edges are drawn only when both ends are visible; the rest are counted for the summary row. */
export function visibleEdges(
  edges: readonly Edge[],
  visibleIds: ReadonlySet<string>,
): { visible: Edge[]; hidden: number } {
  const visible = edges.filter((e) => visibleIds.has(e.source) && visibleIds.has(e.target));
  return { visible, hidden: edges.length - visible.length };
}

/** The source's new out-edges after drawing source → target (no self-loop, no duplicate); null: no change. */
export function withConnection(current: readonly string[], source: string, target: string): string[] | null {
  if (source === target || current.includes(target)) return null;
  return [...current, target];
}

/** The source's out-edges without target; null when there was no such edge. */
export function withoutConnection(current: readonly string[], target: string): string[] | null {
  return current.includes(target) ? current.filter((id) => id !== target) : null;
}

export const edgeId = (e: Edge) => `${e.source}->${e.target}`;
