import { describe, expect, it } from 'vitest';
import { inScope, resolveScopes, shownPath } from './scope.ts';

const a = { declared: '/docs/a/', real: '/real/a' };
const b = { declared: '/docs/b', real: '/docs/b' };

describe('resolveScopes', () => {
  it('takes every root when path is absent or blank', () => {
    expect(resolveScopes([a, b], undefined)).toEqual({
      ok: true,
      scopes: [
        { root: a, rel: '' },
        { root: b, rel: '' },
      ],
    });
    expect(resolveScopes([a], '  ')).toEqual({ ok: true, scopes: [{ root: a, rel: '' }] });
  });

  it('places an absolute path in its root by declared or canonical spelling', () => {
    expect(resolveScopes([a, b], '/docs/b/x/y.md')).toEqual({
      ok: true,
      scopes: [{ root: b, rel: 'x/y.md' }],
    });
    expect(resolveScopes([a, b], '/real/a/z')).toEqual({ ok: true, scopes: [{ root: a, rel: 'z' }] });
    expect(resolveScopes([a, b], '/docs/a')).toEqual({ ok: true, scopes: [{ root: a, rel: '' }] });
  });

  it('refuses an absolute path outside every root, and .. climbing out', () => {
    expect(resolveScopes([a, b], '/docs/c/x.md')).toEqual({ ok: false, outside: true });
    expect(resolveScopes([a, b], '/docs/a/../c')).toEqual({ ok: false, outside: true });
    expect(resolveScopes([a], '../a/x.md')).toEqual({ ok: false, outside: true });
    expect(resolveScopes([a], 'x/../../y')).toEqual({ ok: false, outside: true });
  });

  it('normalises a relative path for every root', () => {
    expect(resolveScopes([a, b], './x\\y/')).toEqual({
      ok: true,
      scopes: [
        { root: a, rel: 'x/y' },
        { root: b, rel: 'x/y' },
      ],
    });
    expect(resolveScopes([a], 'x/..')).toEqual({ ok: true, scopes: [{ root: a, rel: '' }] });
  });
});

describe('inScope and shownPath', () => {
  it('matches the prefix by whole segments', () => {
    expect(inScope('notes/a.md', 'notes')).toBe(true);
    expect(inScope('notes2/a.md', 'notes')).toBe(false);
    expect(inScope('a.md', '')).toBe(true);
    expect(shownPath(a, 'x.md')).toBe('/docs/a/x.md');
  });
});
