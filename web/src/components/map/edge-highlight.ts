/**
 * Which bonds the map draws out: those of one servant (both directions), the rest dimmed. Pure, so
 * the rule is tested without a browser. The map applies it as one style rule (emphasisCss) rather
 * than a class per edge: a new class list would hand Vue Flow a new list of 400 edges on every hover.
 */
import type { Edge } from '../../lib/map-view.ts';

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

/** Edge elements carry `data-source` / `data-target`; an id is quoted as a CSS string. */
export const cssString = (text: string) =>
  `"${text.replace(/["\\]/g, (c) => `\\${c}`).replace(/\n/g, '\\a ')}"`;

/**
 * The selectors of the focus's edges (either end) and of all the others, inside `scope`. An edge
 * selected to be cut keeps its own look (neither list takes it).
 */
export function emphasisSelectors(focus: string, scope: string): { active: string[]; dimmed: string[] } {
  const edge = `${scope} .vue-flow__edge:not(.edge-selected)`;
  const source = `[data-source=${cssString(focus)}]`;
  const target = `[data-target=${cssString(focus)}]`;
  return {
    active: [`${edge}${source}`, `${edge}${target}`],
    dimmed: [`${edge}:not(${source}):not(${target})`],
  };
}

/**
 * The style rules for a focus (none without one): its own bonds thick in the accent colour, the rest
 * thinner and greyer but still 3:1 against the map in both themes (WCAG 1.4.11).
 */
export function emphasisCss(focus: string | null, scope: string): string {
  if (focus === null) return '';
  const { active, dimmed } = emphasisSelectors(focus, scope);
  const paths = (list: string[]) => list.map((s) => `${s} .vue-flow__edge-path`).join(', ');
  return [
    `${paths(dimmed)} { stroke: color-mix(in srgb, var(--fg-muted) 78%, var(--bg)); stroke-width: 1.5; }`,
    `${paths(active)} { stroke: var(--accent); stroke-width: 3; }`,
  ].join('\n');
}
