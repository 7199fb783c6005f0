import { describe, expect, it } from 'vitest';
import { buildRoleSnapshot } from './role-refs.ts';

const ARIA = [
  '- document:',
  '  - heading "Title" [level=1]',
  '  - button "Go"',
  '  - button "Go"',
  '  - link "Link":',
  '    - /url: "#x"',
  '  - textbox',
  '  - textbox "Name"',
  '  - img "pic"',
  '  - list:',
  '    - listitem: one',
  '  - paragraph: para text',
  '  - button "say \\"hi\\"": k',
].join('\n');

describe('buildRoleSnapshot', () => {
  it('numbers refs e1..eN in document order, interactive roles always, content roles when named', () => {
    const { refs } = buildRoleSnapshot(ARIA);
    expect(Object.keys(refs)).toEqual(['e1', 'e2', 'e3', 'e4', 'e5', 'e6', 'e7', 'e8']);
    expect(refs.e1).toEqual({ role: 'heading', name: 'Title' });
    expect(refs.e4).toEqual({ role: 'link', name: 'Link' });
    expect(refs.e5).toEqual({ role: 'textbox', name: '' });
    expect(refs.e7).toEqual({ role: 'img', name: 'pic' });
    expect(refs.e8).toEqual({ role: 'button', name: 'say "hi"' });
  });

  it('keeps nth only for a role and name that repeat', () => {
    const { refs } = buildRoleSnapshot(ARIA);
    expect(refs.e2).toEqual({ role: 'button', name: 'Go', nth: 0 });
    expect(refs.e3).toEqual({ role: 'button', name: 'Go', nth: 1 });
    expect(refs.e6).not.toHaveProperty('nth');
  });

  it('starts the counter again for every snapshot', () => {
    expect(Object.keys(buildRoleSnapshot('- button "A"').refs)).toEqual(['e1']);
    expect(Object.keys(buildRoleSnapshot('- button "B"\n- button "C"').refs)).toEqual(['e1', 'e2']);
  });

  it('marks the lines, keeping attributes and the text after the colon', () => {
    const { text } = buildRoleSnapshot(ARIA);
    const lines = text.split('\n');
    expect(lines[1]).toBe('  - heading "Title" [level=1] [ref=e1]');
    expect(lines[2]).toBe('  - button "Go" [ref=e2] [nth=0]');
    expect(lines[4]).toBe('  - link "Link" [ref=e4]:');
    expect(lines[6]).toBe('  - textbox [ref=e5]');
    expect(lines[10]).toBe('    - listitem: one');
    expect(lines[12]).toBe('  - button "say \\"hi\\"" [ref=e8]: k');
  });

  it('records the scope of a selector-scoped snapshot on every ref', () => {
    const { refs } = buildRoleSnapshot('- main:\n  - button "Inner"', 'main');
    expect(refs.e1).toEqual({ role: 'button', name: 'Inner', scope: 'main' });
  });
});
