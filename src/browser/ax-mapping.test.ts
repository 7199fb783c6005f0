import { describe, expect, it } from 'vitest';
import { axNodesByRoleName, mergeBackendIds, normaliseName, type AxNode } from './ax-mapping.ts';
import { buildRoleSnapshot, refKey } from './role-refs.ts';

/** A flat AX list in CDP's own (not document) order; the tree is given by childIds. */
function tree(): AxNode[] {
  const node = (
    nodeId: string,
    role: string,
    name: string,
    backend: number,
    childIds: string[] = [],
    extra = {},
  ) => ({
    nodeId,
    role: { value: role },
    name: { value: name },
    backendDOMNodeId: backend,
    childIds,
    ...extra,
  });
  return [
    node('1', 'RootWebArea', '', 1, ['10', '11', '12', '3', '15', '20']),
    node('12', 'button', 'Go', 12, ['40']),
    node('10', 'heading', 'Title', 10),
    node('11', 'button', 'Go', 11),
    node('3', 'textbox', ' A   b ', 3),
    node('15', 'image', 'pic', 15),
    node('20', 'button', 'Hidden', 20, [], { ignored: true }),
    node('40', 'StaticText', 'Go', 40),
  ].map((n) => (n.nodeId === '1' ? n : { ...n, parentId: '1' }));
}

describe('axNodesByRoleName', () => {
  it('walks the tree in document order, maps Chromium role names, skips ignored nodes', () => {
    const map = axNodesByRoleName(tree());
    expect(map.get(refKey('button', 'Go'))).toEqual([11, 12]);
    expect(map.get(refKey('img', 'pic'))).toEqual([15]);
    expect(map.get(refKey('textbox', 'A b'))).toEqual([3]);
    expect(map.has(refKey('button', 'Hidden'))).toBe(false);
  });

  it('normalises names like Playwright prints them', () => {
    expect(normaliseName('  A \n  b ')).toBe('A b');
  });
});

describe('mergeBackendIds', () => {
  it('gives each ref the node of the same role, name and nth', () => {
    const { refs } = buildRoleSnapshot(
      '- heading "Title" [level=1]\n- button "Go"\n- button "Go"\n- textbox "A b"\n- img "pic"',
    );
    expect(mergeBackendIds(refs, tree())).toBe(5);
    expect(refs.e1?.backendDOMNodeId).toBe(10);
    expect(refs.e2?.backendDOMNodeId).toBe(11);
    expect(refs.e3?.backendDOMNodeId).toBe(12);
    expect(refs.e4?.backendDOMNodeId).toBe(3);
    expect(refs.e5?.backendDOMNodeId).toBe(15);
  });

  it('leaves a pair undefined when the counts differ (ambiguous)', () => {
    const { refs } = buildRoleSnapshot('- heading "Title"\n- button "Go"');
    expect(mergeBackendIds(refs, tree())).toBe(1);
    expect(refs.e1?.backendDOMNodeId).toBe(10);
    expect(refs.e2).not.toHaveProperty('backendDOMNodeId');
  });

  it('leaves a ref undefined when the tree has no such node (missing)', () => {
    const { refs } = buildRoleSnapshot('- button "Nowhere"');
    expect(mergeBackendIds(refs, tree())).toBe(0);
    expect(refs.e1).toEqual({ role: 'button', name: 'Nowhere' });
  });

  it('maps nothing from an empty tree', () => {
    const { refs } = buildRoleSnapshot('- button "Go"');
    expect(mergeBackendIds(refs, [])).toBe(0);
  });
});
