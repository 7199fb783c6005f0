import { describe, expect, it } from 'vitest';
import { bondNeighbours, edgeEmphasis, emphasisByEdge, emphasisFocus } from './edge-highlight.ts';

const edges = [
  { source: 'a', target: 'b' },
  { source: 'c', target: 'a' },
  { source: 'b', target: 'c' },
  { source: 'd', target: 'e' },
];
const onMap = new Set(['a', 'b', 'c', 'd', 'e']);

describe('edge highlight', () => {
  it('takes the hovered servant first, then the focused one, then the selected one', () => {
    expect(emphasisFocus(['b', 'c', 'a'], onMap)).toBe('b');
    expect(emphasisFocus([null, 'c', 'a'], onMap)).toBe('c');
    expect(emphasisFocus([null, null, 'a'], onMap)).toBe('a');
    expect(emphasisFocus([null, undefined, null], onMap)).toBeNull();
  });

  it('skips a servant that is not on the map (hidden group, just deleted)', () => {
    expect(emphasisFocus(['gone', null, 'a'], onMap)).toBe('a');
    expect(emphasisFocus([null, null, 'hidden'], onMap)).toBeNull();
  });

  it('draws out both directions of the focus and dims every other edge', () => {
    const look = emphasisByEdge(edges, 'a');
    expect(look.get('a->b')).toBe('active');
    expect(look.get('c->a')).toBe('active');
    expect(look.get('b->c')).toBe('dimmed');
    expect(look.get('d->e')).toBe('dimmed');
    expect(look.size).toBe(4);
  });

  it('leaves every edge plain without a focus', () => {
    expect(edges.map((e) => edgeEmphasis(e, null))).toEqual(['plain', 'plain', 'plain', 'plain']);
  });

  it('dims everything for a servant without bonds (none of these edges is its own)', () => {
    expect([...emphasisByEdge(edges, 'z').values()]).toEqual(['dimmed', 'dimmed', 'dimmed', 'dimmed']);
  });

  it('names the neighbours in either direction, never the focus itself', () => {
    expect([...bondNeighbours(edges, 'a')].sort()).toEqual(['b', 'c']);
    expect([...bondNeighbours([...edges, { source: 'a', target: 'a' }], 'a')].sort()).toEqual(['b', 'c']);
    expect(bondNeighbours(edges, null).size).toBe(0);
  });
});
