import { isAbsolute, posix, relative, resolve, sep } from 'node:path';

export interface Root {
  declared: string;
  real: string;
}

/** Where an op looks: one root and a relative prefix in it ('' = the whole root). */
export interface Scope {
  root: Root;
  rel: string;
}

export type ScopeResult = { ok: true; scopes: Scope[] } | { ok: false; outside: true };

/**
 * The scopes a `path` argument names. Absent: every valid root. Absolute: the root it lies in (by
 * the declared or the canonical spelling). Relative: that path in every root (the op then keeps the
 * roots where it exists). `..` never climbs out of a root. Only the index's files are ever read, and
 * the index never follows a link, so a prefix is all that needs checking here.
 */
export function resolveScopes(roots: readonly Root[], path: string | undefined): ScopeResult {
  if (path === undefined || path.trim() === '')
    return { ok: true, scopes: roots.map((root) => ({ root, rel: '' })) };
  const text = path.trim();
  if (isAbsolute(text)) {
    for (const root of roots) {
      for (const base of [root.declared, root.real]) {
        const rel = relative(resolve(base), resolve(text));
        if (rel === '' || (rel !== '..' && !rel.startsWith(`..${sep}`) && !isAbsolute(rel))) {
          return { ok: true, scopes: [{ root, rel: rel.split(sep).join('/') }] };
        }
      }
    }
    return { ok: false, outside: true };
  }
  const rel = posix.normalize(text.replace(/\\/gu, '/')).replace(/\/+$/u, '');
  if (rel === '..' || rel.startsWith('../')) return { ok: false, outside: true };
  const clean = rel === '.' ? '' : rel.replace(/^\.\//u, '');
  return { ok: true, scopes: roots.map((root) => ({ root, rel: clean })) };
}

/** Whether a file's relative path lies in a scope's prefix. */
export function inScope(fileRel: string, scopeRel: string): boolean {
  return scopeRel === '' || fileRel === scopeRel || fileRel.startsWith(`${scopeRel}/`);
}

/** A file as shown to the model: the root as declared, then the relative path. */
export function shownPath(root: Root, rel: string): string {
  const base = root.declared.replace(/[\\/]+$/u, '');
  return rel === '' ? base : `${base}/${rel}`;
}
