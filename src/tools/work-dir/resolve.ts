import { lstat, realpath } from 'node:fs/promises';
import { isAbsolute, relative, resolve, sep } from 'node:path';
import type { Language } from '../../domain/enums.ts';
import { workDirTexts, type WorkDirTexts } from './texts.ts';

/**
 * The two boundary resolvers of the work folder (ledger part 5 `file_tool_contract`). They are never
 * mixed: `resolveExisting` for paths that must exist (real path + prefix; sd / yq rely on it to never
 * create files), `resolveCreatable` for destinations that may not exist yet.
 */
export type Resolved =
  /** `root`: the work folder's real path, what `abs` was measured against (the inside-fs ops need it). */
  | { ok: true; abs: string; rel: string; root: string }
  | { ok: false; reason: 'missing' | 'outside' | 'invalid'; message: string };

/** `rel` as the tools show it: relative to the work folder, `/`-separated, `.` for the folder itself. */
export function displayPath(root: string, abs: string): string {
  const rel = relative(root, abs);
  return rel === '' ? '.' : rel.split(sep).join('/');
}

export function isInside(root: string, abs: string): boolean {
  return abs === root || abs.startsWith(root.endsWith(sep) ? root : root + sep);
}

/** An argument echoed in a message: long input is cut. */
export function shown(input: string): string {
  return input.length > 200 ? `${input.slice(0, 200)}…` : input;
}

async function realRoot(workDir: string): Promise<string | null> {
  try {
    return await realpath(workDir);
  } catch {
    return null;
  }
}

function badInput(T: WorkDirTexts, input: unknown, arg?: string): Resolved | null {
  if (typeof input !== 'string') return { ok: false, reason: 'invalid', message: T.pathNotString(arg) };
  if (input.includes('\0')) return { ok: false, reason: 'invalid', message: T.pathInvalid(shown(input)) };
  return null;
}

/**
 * An existing file or folder inside the work folder. The real path (symlinks resolved) must lie under
 * the work folder's real path, so a link that points out is "outside"; a path that is outside on its
 * face is "outside" before anything is read.
 */
export async function resolveExisting(
  workDir: string,
  input: unknown,
  language: Language,
): Promise<Resolved> {
  const T = workDirTexts(language);
  const bad = badInput(T, input);
  if (bad) return bad;
  const text = (input as string).trim() === '' ? '.' : (input as string);
  const root = await realRoot(workDir);
  if (root === null) return { ok: false, reason: 'missing', message: T.workDirGone };
  const lexical = resolve(root, text);
  if (!isInside(root, lexical) && !isInside(resolve(workDir), resolve(workDir, text))) {
    return { ok: false, reason: 'outside', message: T.outside(shown(text)) };
  }
  let real: string;
  try {
    real = await realpath(resolve(workDir, text));
  } catch {
    return { ok: false, reason: 'missing', message: T.missing(shown(text)) };
  }
  if (!isInside(root, real)) return { ok: false, reason: 'outside', message: T.outside(shown(text)) };
  return { ok: true, abs: real, rel: displayPath(root, real), root };
}

/**
 * A destination that may not exist: no `..` and no absolute part, and the deepest existing ancestor's
 * real path under the work folder's. What exists is taken through its real path (a link out of the
 * folder is "outside"); the missing rest is joined below it and is never a link.
 */
export async function resolveCreatable(
  workDir: string,
  input: unknown,
  language: Language,
  arg = 'path',
): Promise<Resolved> {
  const T = workDirTexts(language);
  const bad = badInput(T, input, arg);
  if (bad) return bad;
  const text = input as string;
  if (text.trim() === '') return { ok: false, reason: 'invalid', message: T.pathEmpty(arg) };
  if (isAbsolute(text) || /^[A-Za-z]:/.test(text)) {
    return { ok: false, reason: 'invalid', message: T.absoluteRefused(shown(text)) };
  }
  const parts = text.split(/[\\/]+/).filter((part) => part !== '' && part !== '.');
  if (parts.includes('..')) return { ok: false, reason: 'invalid', message: T.dotDotRefused(shown(text)) };
  if (parts.length === 0) return { ok: false, reason: 'invalid', message: T.pathEmpty(arg) };
  const root = await realRoot(workDir);
  if (root === null) return { ok: false, reason: 'missing', message: T.workDirGone };
  // Walk down while the components exist; the first missing one starts the part to create.
  let base = root;
  let index = 0;
  for (; index < parts.length; index += 1) {
    const next = resolve(base, parts[index]!);
    try {
      await lstat(next);
    } catch {
      break;
    }
    let real: string;
    try {
      real = await realpath(next);
    } catch {
      // A dangling link: its target is not ours to create through.
      return { ok: false, reason: 'outside', message: T.outside(shown(text)) };
    }
    if (!isInside(root, real)) return { ok: false, reason: 'outside', message: T.outside(shown(text)) };
    base = real;
  }
  const abs = resolve(base, ...parts.slice(index));
  if (!isInside(root, abs)) return { ok: false, reason: 'outside', message: T.outside(shown(text)) };
  return { ok: true, abs, rel: displayPath(root, abs), root };
}
