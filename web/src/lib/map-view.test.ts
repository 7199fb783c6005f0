import { describe, expect, it } from 'vitest';
import {
  defaultPosition,
  edgeId,
  positionsFor,
  visibleEdges,
  withConnection,
  withoutConnection,
} from './map-view.ts';

describe('bond map', () => {
  it('keeps stored positions and lays the rest on a circle', () => {
    expect(positionsFor(['a', 'b'], { b: { x: 5, y: 6 } })).toEqual({
      a: defaultPosition(0, 2),
      b: { x: 5, y: 6 },
    });
    const three = [0, 1, 2].map((i) => defaultPosition(i, 3));
    const radius = (p: { x: number; y: number }) => Math.round(Math.hypot(p.x, p.y));
    expect(new Set(three.map(radius)).size).toBe(1);
    // Not on one line: an edge from the first to the third never runs through the second.
    const [a, b, c] = three as [{ x: number; y: number }, { x: number; y: number }, { x: number; y: number }];
    expect(Math.abs((b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x))).toBeGreaterThan(1000);
    expect(defaultPosition(0, 1)).toEqual({ x: 0, y: 0 });
  });

  it('places unplaced nodes by id (a reorder moves nothing) and never on top of a placed one', () => {
    const stored = { c: defaultPosition(0, 4) };
    const one = positionsFor(['a', 'b', 'c', 'd'], stored);
    const reordered = positionsFor(['d', 'c', 'b', 'a'], stored);
    expect(reordered).toEqual(one);
    const points = Object.values(one);
    for (let i = 0; i < points.length; i++) {
      for (let j = i + 1; j < points.length; j++) {
        expect(Math.hypot(points[i]!.x - points[j]!.x, points[i]!.y - points[j]!.y)).toBeGreaterThanOrEqual(
          120,
        );
      }
    }
  });

  it('draws an edge only when both ends are visible and counts the rest', () => {
    const edges = [
      { source: 'a', target: 'b' },
      { source: 'b', target: 'c' },
      { source: 'c', target: 'a' },
    ];
    const { visible, hidden } = visibleEdges(edges, new Set(['a', 'b']));
    expect(visible.map(edgeId)).toEqual(['a->b']);
    expect(hidden).toBe(2);
  });

  it('adds and removes out-edges without duplicates or self-loops', () => {
    expect(withConnection(['b'], 'a', 'c')).toEqual(['b', 'c']);
    expect(withConnection(['b'], 'a', 'b')).toBeNull();
    expect(withConnection([], 'a', 'a')).toBeNull();
    expect(withoutConnection(['b', 'c'], 'b')).toEqual(['c']);
    expect(withoutConnection(['c'], 'b')).toBeNull();
  });
});
