/** The bond map's pure parts: default positions, visible edges, connection edits. */
export interface Point {
  x: number;
  y: number;
}

/**
 * A circle for agents the village has no position for yet (ledger part 4: auto-placement on a
 * circle), so no edge is drawn straight through a third node as on a line.
 */
export function defaultPosition(index: number, count: number): Point {
  if (count <= 1) return { x: 0, y: 0 };
  const radius = Math.max(160, count * 45);
  const angle = -Math.PI / 2 + (2 * Math.PI * index) / count;
  return { x: Math.round(radius * Math.cos(angle)), y: Math.round(radius * Math.sin(angle)) };
}

export function positionsFor(
  ids: readonly string[],
  stored: Readonly<Record<string, Point>>,
): Record<string, Point> {
  return Object.fromEntries(ids.map((id, i) => [id, stored[id] ?? defaultPosition(i, ids.length)]));
}

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
