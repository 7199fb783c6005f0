/**
 * Which bonds the map draws out: those of one servant (both directions), the rest dimmed. Pure, so
 * the rule is tested without a browser; BondMap turns the result into edge classes.
 */
import { edgeId, type Edge } from '../../lib/map-view.ts';

export type EdgeEmphasis = 'active' | 'dimmed' | 'plain';

/**
 * The servant whose bonds stand out: the first of the candidates, in the caller's order (BondMap:
 * under the pointer, the open node menu's, keyboard focus on the map, the one selected for the chat). An id that is not on the map (a hidden group, a
 * servant just deleted) counts as none, so the map is never dimmed for a node nobody can see.
 */
export function emphasisFocus(
  candidates: readonly (string | null | undefined)[],
  onMap: ReadonlySet<string>,
): string | null {
  for (const id of candidates) if (id && onMap.has(id)) return id;
  return null;
}

/** One edge's look: touching the focus (either end) is active, any other edge dimmed; no focus, plain. */
export function edgeEmphasis(edge: Edge, focus: string | null): EdgeEmphasis {
  if (focus === null) return 'plain';
  return edge.source === focus || edge.target === focus ? 'active' : 'dimmed';
}

/** Every edge's look by its id (`source->target`). */
export function emphasisByEdge(edges: readonly Edge[], focus: string | null): Map<string, EdgeEmphasis> {
  return new Map(edges.map((e) => [edgeId(e), edgeEmphasis(e, focus)]));
}

/** The servants bonded to the focus in either direction (their nodes are drawn out with it). */
export function bondNeighbours(edges: readonly Edge[], focus: string | null): Set<string> {
  const out = new Set<string>();
  if (focus === null) return out;
  for (const e of edges) {
    if (e.source === focus) out.add(e.target);
    if (e.target === focus) out.add(e.source);
  }
  out.delete(focus);
  return out;
}
