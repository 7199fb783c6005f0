import '../../test-dom.ts';
import { describe, expect, it } from 'vitest';
import {
  bondNeighbours,
  edgeEmphasis,
  emphasisCss,
  emphasisFocus,
  emphasisSelectors,
} from './edge-highlight.ts';

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
    expect(edges.map((e) => edgeEmphasis(e, 'a'))).toEqual(['active', 'active', 'dimmed', 'dimmed']);
  });

  it('leaves every edge plain without a focus', () => {
    expect(edges.map((e) => edgeEmphasis(e, null))).toEqual(['plain', 'plain', 'plain', 'plain']);
  });

  it('dims everything for a servant without bonds (none of these edges is its own)', () => {
    expect(edges.map((e) => edgeEmphasis(e, 'z'))).toEqual(['dimmed', 'dimmed', 'dimmed', 'dimmed']);
  });

  it('names the neighbours in either direction, never the focus itself', () => {
    expect([...bondNeighbours(edges, 'a')].sort()).toEqual(['b', 'c']);
    expect([...bondNeighbours([...edges, { source: 'a', target: 'a' }], 'a')].sort()).toEqual(['b', 'c']);
    expect(bondNeighbours(edges, null).size).toBe(0);
  });

  /** Edge elements as Vue Flow draws them (the data-* attributes BondMap gives each edge). */
  function drawn(list: { source: string; target: string }[], selected: string | null = null) {
    const map = document.createElement('div');
    map.className = 'bond-map';
    for (const e of list) {
      const g = document.createElement('g');
      g.className = `vue-flow__edge${selected === `${e.source}->${e.target}` ? ' edge-selected' : ''}`;
      g.dataset.source = e.source;
      g.dataset.target = e.target;
      map.append(g);
    }
    document.body.append(map);
    return [...map.children];
  }
  const lookOf = (el: Element, focus: string) => {
    const { active, dimmed } = emphasisSelectors(focus, '.bond-map');
    const inActive = active.some((s) => el.matches(s));
    const inDimmed = dimmed.some((s) => el.matches(s));
    if (inActive && inDimmed) return 'both';
    return inActive ? 'active' : inDimmed ? 'dimmed' : 'plain';
  };

  it('styles through selectors that pick exactly the edges the rule says', () => {
    const els = drawn(edges);
    for (const focus of ['a', 'b', 'c', 'd', 'z'])
      expect(
        els.map((el) => lookOf(el, focus)),
        focus,
      ).toEqual(edges.map((e) => edgeEmphasis(e, focus)));
  });

  it('leaves the edge selected for cutting to its own style', () => {
    const els = drawn(edges, 'a->b');
    expect(els.map((el) => lookOf(el, 'a'))).toEqual(['plain', 'active', 'dimmed', 'dimmed']);
  });

  it('quotes ids safely inside the selectors', () => {
    const odd = [
      { source: 'x"] , *', target: 'y' },
      { source: 'y', target: 'back\\slash' },
    ];
    const els = drawn(odd);
    expect(els.map((el) => lookOf(el, 'x"] , *'))).toEqual(['active', 'dimmed']);
    expect(els.map((el) => lookOf(el, 'back\\slash'))).toEqual(['dimmed', 'active']);
  });

  it('writes no rule without a focus, and thicker accent rules for the focus', () => {
    expect(emphasisCss(null, '.bond-map')).toBe('');
    const [dimmed, active] = emphasisCss('a', '.bond-map').split('\n');
    expect(active).toContain('stroke: var(--accent); stroke-width: 3;');
    expect(dimmed).toContain('stroke-width: 1.5;');
    expect(active!.split(', ').every((s) => s.trim().startsWith('.bond-map .vue-flow__edge'))).toBe(true);
  });
});
