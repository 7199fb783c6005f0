/**
 * The bond map's automatic layout (issue 25), pure so it can be tested without a browser.
 *
 * Each group (and "no group") is one block: its bonded parts laid out by dagre, left to right along
 * the bonds (a part too large for dagre in a grid, breadth-first); its unbonded servants in a grid. Blocks are packed in rows, so a group's members sit
 * together and its region (GroupRegions.vue) holds no other servant. One compound dagre graph of the
 * whole village was tried first: dagre 3.1 throws on some compound graphs ("Not possible to find
 * intersection inside of the rectangle") and took 2 s for 200 servants and 400 random bonds.
 *
 * `placeUnplaced` keeps every stored position and finds room for the others: next to their group's
 * placed members when it has some, otherwise to the right of everything already on the map.
 */
import dagre from '@dagrejs/dagre';
import {
  boundingBox,
  gridBlock,
  overlaps,
  packRows,
  type Block,
  type Point,
  type Rect,
  type Size,
} from './layout-rects.ts';

export type { Point, Size } from './layout-rects.ts';

export interface LayoutNode {
  id: string;
  groupId: string | null;
}

export interface LayoutEdge {
  source: string;
  target: string;
}

export interface LayoutInput {
  nodes: readonly LayoutNode[];
  edges: readonly LayoutEdge[];
  /** The village's group order: blocks follow it, "no group" first (as the servant list's headings). */
  groupOrder?: readonly string[];
  /** Stored positions, kept as they are (top-left corners, as Vue Flow places nodes). */
  placed?: Readonly<Record<string, Point>>;
  /** A node's drawn size; the default is a little larger than a servant node with a short name. */
  size?: (id: string) => Size;
}

export const NODE_SIZE: Size = { width: 200, height: 56 };
/** Between two nodes of one block. */
export const NODE_GAP = 32;
/** A region's padding around its members, and the room above them for its name. */
export const REGION_PADDING = 16;
export const REGION_LABEL = 24;
/** Between blocks: two regions' padding and a label, so neighbouring regions never touch. */
export const BLOCK_GAP = 2 * REGION_PADDING + REGION_LABEL + NODE_GAP;
/**
 * Components with more servants and bonds than this go in a grid in breadth-first order (bonded
 * servants near each other) instead of dagre, whose time grows fast with bonds: 40 servants with 80
 * random bonds took it 140 ms, 60 with 120 took 380 ms, 200 with 400 took 1-2.5 s (the UI waits for
 * it), and came out 77 ranks and 18,000 px wide, no easier to read than the grid.
 */
const DAGRE_MAX_WORK = 100;

const defaultSize = (): Size => NODE_SIZE;

/** Every node laid out afresh ("Tidy"). */
export function tidyLayout(input: Omit<LayoutInput, 'placed'>): Record<string, Point> {
  const size = input.size ?? defaultSize;
  return rounded(villageBlock(input.nodes, input.edges, input.groupOrder ?? [], size).at);
}

/** Stored positions kept; the rest placed where they overlap nothing. */
export function placeUnplaced(input: LayoutInput): Record<string, Point> {
  const size = input.size ?? defaultSize;
  const placed: Record<string, Point> = {};
  for (const n of input.nodes) {
    const p = input.placed?.[n.id];
    if (p) placed[n.id] = p;
  }
  const unplaced = input.nodes.filter((n) => !placed[n.id]);
  if (unplaced.length === 0) return placed;
  if (Object.keys(placed).length === 0) return tidyLayout(input);

  const groupOf = new Map(input.nodes.map((n) => [n.id, n.groupId ?? '']));
  const rectOf = (id: string, p: Point): Rect => ({ ...p, ...size(id) });
  const out: Record<string, Point> = { ...placed };
  const rest: LayoutNode[] = [];
  for (const group of orderedGroups(unplaced, input.groupOrder ?? [])) {
    const members = unplaced.filter((n) => (n.groupId ?? '') === group);
    const hasPlaced = group !== '' && Object.keys(out).some((id) => groupOf.get(id) === group);
    const spot = hasPlaced
      ? besideGroup(setBlock(members, input.edges, size), group, out, groupOf, rectOf)
      : null;
    if (!spot) {
      rest.push(...members);
      continue;
    }
    Object.assign(out, spot);
  }
  if (rest.length > 0) {
    const all = boundingBox(Object.entries(out).map(([id, p]) => rectOf(id, p)))!;
    const block = villageBlock(rest, input.edges, input.groupOrder ?? [], size);
    for (const [id, p] of Object.entries(block.at))
      out[id] = { x: p.x + all.x + all.width + BLOCK_GAP, y: p.y + all.y };
  }
  // Only the new positions are rounded: stored ones are kept exactly as they are.
  return { ...rounded(out), ...placed };
}

/** Groups present in `nodes`: "no group" first, then the village's order, then any others by id. */
function orderedGroups(nodes: readonly LayoutNode[], order: readonly string[]): string[] {
  const present = new Set(nodes.map((n) => n.groupId ?? ''));
  const known = ['', ...order].filter((g) => present.has(g));
  const others = [...present].filter((g) => !known.includes(g)).sort();
  return [...known, ...others];
}

function villageBlock(
  nodes: readonly LayoutNode[],
  edges: readonly LayoutEdge[],
  order: readonly string[],
  size: (id: string) => Size,
): Block {
  const blocks = orderedGroups(nodes, order).map((group) =>
    setBlock(
      nodes.filter((n) => (n.groupId ?? '') === group),
      edges,
      size,
    ),
  );
  return packRows(blocks, BLOCK_GAP);
}

/** One group's block: each bonded component by dagre, the unbonded ones in a grid, packed in rows. */
function setBlock(
  nodes: readonly LayoutNode[],
  edges: readonly LayoutEdge[],
  size: (id: string) => Size,
): Block {
  const ids = nodes.map((n) => n.id).sort();
  const inSet = new Set(ids);
  const inner = edges.filter((e) => e.source !== e.target && inSet.has(e.source) && inSet.has(e.target));
  const parts = components(ids, inner);
  const singles = parts.filter((c) => c.length === 1).map((c) => c[0]!);
  const blocks = parts
    .filter((c) => c.length > 1)
    .map((c) => {
      const members = new Set(c);
      const bonds = inner.filter((e) => members.has(e.source)).length;
      return c.length + bonds > DAGRE_MAX_WORK
        ? gridBlock(breadthFirst(c, inner), size, NODE_GAP)
        : dagreBlock(c, inner, size);
    });
  if (singles.length > 0) blocks.push(gridBlock(singles, size, NODE_GAP));
  return packRows(blocks, 2 * NODE_GAP);
}

/** Weakly connected components, each sorted, largest first (ties by first id) so the result is stable. */
function components(ids: readonly string[], edges: readonly LayoutEdge[]): string[][] {
  const parent = new Map(ids.map((id) => [id, id]));
  const find = (id: string): string => {
    let root = id;
    while (parent.get(root) !== root) root = parent.get(root)!;
    parent.set(id, root);
    return root;
  };
  for (const e of edges) parent.set(find(e.source), find(e.target));
  const byRoot = new Map<string, string[]>();
  for (const id of ids) byRoot.set(find(id), [...(byRoot.get(find(id)) ?? []), id]);
  return [...byRoot.values()].sort((a, b) => b.length - a.length || a[0]!.localeCompare(b[0]!));
}

/** A component's ids from its best-connected servant outwards, neighbours in id order. */
function breadthFirst(ids: readonly string[], edges: readonly LayoutEdge[]): string[] {
  const next = new Map(ids.map((id) => [id, [] as string[]]));
  for (const e of edges) {
    next.get(e.source)?.push(e.target);
    next.get(e.target)?.push(e.source);
  }
  for (const list of next.values()) list.sort();
  const start = [...ids].sort((a, b) => next.get(b)!.length - next.get(a)!.length || a.localeCompare(b))[0]!;
  const order = [start];
  const seen = new Set(order);
  for (let i = 0; i < order.length; i++) {
    for (const n of next.get(order[i]!)!) {
      if (!seen.has(n)) {
        seen.add(n);
        order.push(n);
      }
    }
  }
  return order;
}

function dagreBlock(ids: readonly string[], edges: readonly LayoutEdge[], size: (id: string) => Size): Block {
  const g = new dagre.graphlib.Graph();
  g.setGraph({ rankdir: 'LR', nodesep: NODE_GAP, ranksep: 3 * NODE_GAP });
  g.setDefaultEdgeLabel(() => ({}));
  for (const id of ids) g.setNode(id, { ...size(id) });
  const inSet = new Set(ids);
  // Sorted: dagre's result depends on the order edges are added, and the bonds' order means nothing.
  const inner = edges
    .filter((e) => inSet.has(e.source) && inSet.has(e.target))
    .map((e) => [e.source, e.target] as const)
    .sort(([a, b], [c, d]) => a.localeCompare(c) || b.localeCompare(d));
  for (const [source, target] of inner) g.setEdge(source, target);
  dagre.layout(g);
  const rects = ids.map((id) => {
    const n = g.node(id) as { x: number; y: number; width: number; height: number };
    return { id, x: n.x - n.width / 2, y: n.y - n.height / 2, width: n.width, height: n.height };
  });
  const box = boundingBox(rects)!;
  const at: Record<string, Point> = {};
  for (const r of rects) at[r.id] = { x: r.x - box.x, y: r.y - box.y };
  return { width: box.width, height: box.height, at };
}

const STEP = 40;
const TRIES = 60;

/**
 * Room for a group's new members next to its placed ones: below them or to their right, nearest
 * first. Strict first (the grown region holds no other servant and touches no other region), then
 * only clear of every node; null when neither fits nearby.
 */
function besideGroup(
  block: Block,
  group: string,
  out: Readonly<Record<string, Point>>,
  groupOf: ReadonlyMap<string, string>,
  rectOf: (id: string, p: Point) => Rect,
): Record<string, Point> | null {
  const rects = Object.entries(out).map(([id, p]) => ({
    id,
    group: groupOf.get(id) ?? '',
    ...rectOf(id, p),
  }));
  const own = boundingBox(rects.filter((r) => r.group === group))!;
  const others = rects.filter((r) => r.group !== group);
  const regions = [...new Set(others.map((r) => r.group).filter((g) => g !== ''))].map((g) =>
    boundingBox(others.filter((r) => r.group === g))!,
  );
  const candidates: Point[] = [];
  for (let k = 0; k < TRIES; k++) {
    candidates.push({ x: own.x, y: own.y + own.height + NODE_GAP + k * STEP });
    candidates.push({ x: own.x + own.width + NODE_GAP + k * STEP, y: own.y });
  }
  const clearOfNodes = (r: Rect) => rects.every((o) => !overlaps(r, o, NODE_GAP));
  const strict = (r: Rect) => {
    const grown = boundingBox([own, r])!;
    const pad = REGION_PADDING + REGION_LABEL;
    return (
      clearOfNodes(r) &&
      others.every((o) => !overlaps(grown, o, pad)) &&
      regions.every((o) => !overlaps(grown, o, BLOCK_GAP - NODE_GAP))
    );
  };
  for (const fits of [strict, clearOfNodes]) {
    const at = candidates.find((c) => fits({ ...c, width: block.width, height: block.height }));
    if (!at) continue;
    const spot: Record<string, Point> = {};
    for (const [id, p] of Object.entries(block.at)) spot[id] = { x: p.x + at.x, y: p.y + at.y };
    return spot;
  }
  return null;
}

function rounded(positions: Record<string, Point>): Record<string, Point> {
  const out: Record<string, Point> = {};
  for (const [id, p] of Object.entries(positions)) out[id] = { x: Math.round(p.x), y: Math.round(p.y) };
  return out;
}
