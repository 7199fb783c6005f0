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

const MIN_GAP = 120;

/**
 * Stored positions as they are; the others in a stable order (by id, so a reorder of the list never
 * moves them) on circle slots that keep clear of every node already placed.
 */
export function positionsFor(
  ids: readonly string[],
  stored: Readonly<Record<string, Point>>,
): Record<string, Point> {
  const out: Record<string, Point> = {};
  const taken: Point[] = [];
  for (const id of ids) {
    const p = stored[id];
    if (p) {
      out[id] = p;
      taken.push(p);
    }
  }
  const slots = Math.max(ids.length, 2);
  let slot = 0;
  for (const id of ids.filter((i) => !stored[i]).sort()) {
    let p = defaultPosition(0, slots);
    for (let tries = 0; tries < 8 * slots; tries++, slot++) {
      const ring = 1 + Math.floor(slot / slots) * 0.6;
      const base = defaultPosition(slot % slots, slots);
      p = { x: Math.round(base.x * ring), y: Math.round(base.y * ring) };
      if (taken.every((q) => Math.hypot(p.x - q.x, p.y - q.y) >= MIN_GAP)) break;
    }
    slot++;
    out[id] = p;
    taken.push(p);
  }
  return out;
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
