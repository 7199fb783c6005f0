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
  it('keeps stored positions and lays the rest on a grid', () => {
    expect(positionsFor(['a', 'b'], { b: { x: 5, y: 6 } })).toEqual({
      a: defaultPosition(0),
      b: { x: 5, y: 6 },
    });
    expect(defaultPosition(4).y).toBeGreaterThan(defaultPosition(3).y);
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
