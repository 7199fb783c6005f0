import { describe, expect, it } from 'vitest';
import { edgeId, visibleEdges, withConnection, withoutConnection } from './map-view.ts';

describe('bond map', () => {
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
