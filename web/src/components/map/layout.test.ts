import { describe, expect, it } from 'vitest';
import {
  NODE_SIZE,
  placeUnplaced,
  tidyLayout,
  type LayoutEdge,
  type LayoutNode,
  type Point,
} from './layout.ts';
import { boundingBox, overlaps, type Rect } from './layout-rects.ts';

/** A small deterministic generator, so a failing village can be rebuilt from its seed. */
function random(seed: number): () => number {
  let s = seed;
  return () => (s = (s * 1103515245 + 12345) % 2147483648) / 2147483648;
}

function village(count: number, bonds: number, groups: number, seed = 1) {
  const next = random(seed);
  const groupOrder = Array.from({ length: groups }, (_, g) => `group-${g}`);
  const nodes: LayoutNode[] = Array.from({ length: count }, (_, i) => ({
    id: `agent_${i + 1}`,
    // About a third with no group.
    groupId: groups > 0 && next() > 0.33 ? groupOrder[Math.floor(next() * groups)]! : null,
  }));
  const edges: LayoutEdge[] = [];
  for (let e = 0; e < bonds; e++) {
    const a = nodes[Math.floor(next() * count)]!.id;
    const b = nodes[Math.floor(next() * count)]!.id;
    if (a !== b) edges.push({ source: a, target: b });
  }
  return { nodes, edges, groupOrder };
}

/** Names of different lengths draw nodes of different widths. */
const size = (id: string) => ({ width: 140 + (id.length % 5) * 30, height: 48 });
const rect = (id: string, p: Point): Rect => ({ ...p, ...size(id) });

function expectAllPlaced(nodes: readonly LayoutNode[], positions: Record<string, Point>) {
  expect(Object.keys(positions).sort()).toEqual(nodes.map((n) => n.id).sort());
  for (const p of Object.values(positions)) {
    expect(Number.isFinite(p.x) && Number.isFinite(p.y)).toBe(true);
  }
}

function overlapsOf(positions: Record<string, Point>): string[] {
  const entries = Object.entries(positions);
  const found: string[] = [];
  for (let i = 0; i < entries.length; i++) {
    for (let j = i + 1; j < entries.length; j++) {
      const [a, pa] = entries[i]!;
      const [b, pb] = entries[j]!;
      if (overlaps(rect(a, pa), rect(b, pb))) found.push(`${a}/${b}`);
    }
  }
  return found;
}

/** For each group, the servants of other groups (or none) whose node enters the group's bounding box. */
function intruders(nodes: readonly LayoutNode[], positions: Record<string, Point>): string[] {
  const found: string[] = [];
  for (const group of new Set(nodes.map((n) => n.groupId).filter((g) => g !== null))) {
    const members = nodes.filter((n) => n.groupId === group);
    const box = boundingBox(members.map((n) => rect(n.id, positions[n.id]!)))!;
    for (const n of nodes)
      if (n.groupId !== group && overlaps(box, rect(n.id, positions[n.id]!)))
        found.push(`${n.id} in ${group}`);
  }
  return found;
}

describe('tidyLayout', () => {
  it.each([
    [20, 40, 3, 1],
    [100, 200, 8, 2],
    [200, 400, 12, 3],
    [200, 400, 0, 4],
    [60, 0, 5, 5],
  ])(
    '%i servants, %i bonds, %i groups: every node placed, none overlapping, groups contiguous',
    (n, e, g, seed) => {
      const input = village(n, e, g, seed);
      const positions = tidyLayout({ ...input, size });
      expectAllPlaced(input.nodes, positions);
      expect(overlapsOf(positions)).toEqual([]);
      expect(intruders(input.nodes, positions)).toEqual([]);
    },
  );

  it('is the same whatever order the servants and bonds come in', () => {
    const input = village(40, 60, 4, 9);
    const once = tidyLayout({ ...input, size });
    const shuffled = tidyLayout({
      ...input,
      nodes: [...input.nodes].reverse(),
      edges: [...input.edges].reverse(),
      size,
    });
    expect(shuffled).toEqual(once);
  });

  it('lays bonded servants along the bond, left to right, and keeps a 200-servant village about 16:10', () => {
    const chain = ['a', 'b', 'c'].map((id) => ({ id, groupId: null }));
    const positions = tidyLayout({
      nodes: chain,
      edges: [
        { source: 'a', target: 'b' },
        { source: 'b', target: 'c' },
      ],
    });
    expect(positions.a!.x).toBeLessThan(positions.b!.x);
    expect(positions.b!.x).toBeLessThan(positions.c!.x);

    // No bonds, and 400 random bonds (one component too large for dagre, laid out as a grid).
    for (const bonds of [0, 400]) {
      const big = village(200, bonds, 0, 6);
      const box = boundingBox(
        Object.entries(tidyLayout(big)).map(([id, p]) => ({ ...p, ...NODE_SIZE, id })),
      )!;
      expect(box.width / box.height, `${bonds} bonds`).toBeGreaterThan(1);
      expect(box.width / box.height, `${bonds} bonds`).toBeLessThan(3);
    }
  });
});

describe('placeUnplaced', () => {
  it('keeps every stored position exactly and places the rest clear of them', () => {
    const input = village(100, 200, 6, 7);
    const placed: Record<string, Point> = {};
    // Half placed somewhere, fractional coordinates included.
    input.nodes.forEach((n, i) => {
      if (i % 2 === 0) placed[n.id] = { x: (i % 10) * 260 + 0.5, y: Math.floor(i / 10) * 90 - 3.25 };
    });
    const positions = placeUnplaced({ ...input, placed, size });
    expectAllPlaced(input.nodes, positions);
    for (const [id, p] of Object.entries(placed)) expect(positions[id]).toEqual(p);
    expect(overlapsOf(positions)).toEqual([]);
  });

  it('puts a new member next to its group, the region still holding no other servant', () => {
    const input = village(30, 30, 3, 8);
    const tidy = tidyLayout({ ...input, size });
    const newcomer = { id: 'agent_new', groupId: 'group-1' };
    const nodes = [...input.nodes, newcomer];
    const positions = placeUnplaced({ ...input, nodes, placed: tidy, size });
    expectAllPlaced(nodes, positions);
    expect(overlapsOf(positions)).toEqual([]);
    expect(intruders(nodes, positions)).toEqual([]);
    for (const n of input.nodes) expect(positions[n.id]).toEqual(tidy[n.id]);
  });

  it('lays a village with nothing placed out as tidy does, and changes nothing when all are placed', () => {
    const input = village(25, 30, 2, 10);
    expect(placeUnplaced({ ...input, size })).toEqual(tidyLayout({ ...input, size }));
    const placed = tidyLayout({ ...input, size });
    expect(placeUnplaced({ ...input, placed, size })).toEqual(placed);
  });

  it('ignores stored positions of servants no longer in the village', () => {
    const positions = placeUnplaced({
      nodes: [{ id: 'a', groupId: null }],
      edges: [],
      placed: { gone: { x: 0, y: 0 }, a: { x: 5, y: 6 } },
    });
    expect(positions).toEqual({ a: { x: 5, y: 6 } });
  });
});
