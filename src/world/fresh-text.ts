/**
 * Text of the workspace files every turn reads (the persona files, the ordinance), kept in memory
 * and read again only when one stat of the file says it may have changed (issue 24: reading them,
 * with a throw per absent file, was about a quarter of a 10-agent transfer chain's profile).
 *
 * The no-link rule is never cached: each call lstats every folder from the workspace down and the
 * file itself (synchronous metadata calls, no await in between, no throw for an absent entry), so a
 * file or folder swapped for a link since the last turn is refused on the very next one, exactly as
 * assertNoSymlink refuses it. Only the content is reused, and only while the entry is the same file
 * (device, inode) with the same size, mtime and ctime.
 */
import { lstatSync, type BigIntStats } from 'node:fs';
import { isAbsolute, join, relative, resolve, sep } from 'node:path';
import { readTextOrNull } from './fs-util.ts';
import { refusal, WHY_SYMLINK } from './workspace-path.ts';

/**
 * A file changed less than this long ago is read again on every call: file times come from a
 * coarse clock, so two writes of the same size a few milliseconds apart can leave every field of
 * the stat equal (the "racily clean" case git knows). Past it, a later write shows in mtime/ctime.
 */
export const RACY_WINDOW_MS = 1000;
/** Entries kept (3 persona files per servant of a large village, plus the ordinance). */
const MAX_ENTRIES = 4096;

interface Entry {
  dev: bigint;
  ino: bigint;
  size: bigint;
  mtimeNs: bigint;
  ctimeNs: bigint;
  text: string;
}

const cache = new Map<string, Entry>();

/** What the walk found at `path`: nothing there, a regular file (with its stat), or anything else. */
export type WorkspaceEntry = { kind: 'absent' } | { kind: 'file'; stat: BigIntStats } | { kind: 'other' };

/**
 * The entry at `path` below `root`, with no symbolic link on the way (CONFIG_IO refusal, the same
 * as assertNoSymlink's). 'other' (a folder, a file where a folder should be, a path outside the
 * root) leaves the caller to read the plain way, which fails as it always did.
 */
export function entryBelowWorkspace(root: string, path: string): WorkspaceEntry {
  const base = resolve(root);
  const rel = relative(base, resolve(path));
  if (rel === '' || rel.startsWith('..') || isAbsolute(rel)) return { kind: 'other' };
  const parts = rel.split(sep);
  let current = base;
  for (let i = 0; i < parts.length - 1; i += 1) {
    current = join(current, parts[i]!);
    const folder = lstatSync(current, { throwIfNoEntry: false });
    if (folder === undefined) return { kind: 'absent' };
    if (folder.isSymbolicLink()) throw refusal(root, current, WHY_SYMLINK);
    if (!folder.isDirectory()) return { kind: 'other' };
  }
  const file = lstatSync(join(current, parts.at(-1)!), { bigint: true, throwIfNoEntry: false });
  if (file === undefined) return { kind: 'absent' };
  if (file.isSymbolicLink()) throw refusal(root, path, WHY_SYMLINK);
  return file.isFile() ? { kind: 'file', stat: file } : { kind: 'other' };
}

/** The file's text as `stat` describes it: from memory when unchanged, else read (null: gone meanwhile). */
export async function freshText(path: string, stat: BigIntStats): Promise<string | null> {
  const key = resolve(path);
  const hit = cache.get(key);
  if (hit !== undefined && sameFile(hit, stat)) return hit.text;
  cache.delete(key);
  const text = await readTextOrNull(path);
  if (text === null || racy(stat)) return text;
  // The stat was taken before the read: a write in between leaves a newer stat on disk, so the
  // next call reads again instead of trusting this text.
  if (cache.size >= MAX_ENTRIES) cache.delete(cache.keys().next().value!);
  cache.set(key, {
    dev: stat.dev,
    ino: stat.ino,
    size: stat.size,
    mtimeNs: stat.mtimeNs,
    ctimeNs: stat.ctimeNs,
    text,
  });
  return text;
}

/**
 * A workspace file's text with the same cache and the same no-link rule (null when absent): the
 * ordinance, which goes into every prompt. A link to a file elsewhere would send that file to the
 * provider with each turn, which is why read_ordinance refuses one; the turn refuses it too (the
 * turn used to follow it, issue 24's review).
 */
export async function readWorkspaceTextFresh(root: string, path: string): Promise<string | null> {
  const entry = entryBelowWorkspace(root, path);
  if (entry.kind === 'absent') return null;
  return entry.kind === 'file' ? freshText(path, entry.stat) : readTextOrNull(path);
}

function sameFile(entry: Entry, stat: BigIntStats): boolean {
  return (
    entry.ino === stat.ino &&
    entry.dev === stat.dev &&
    entry.size === stat.size &&
    entry.mtimeNs === stat.mtimeNs &&
    entry.ctimeNs === stat.ctimeNs
  );
}

function racy(stat: BigIntStats): boolean {
  const changedMs = Number((stat.mtimeNs > stat.ctimeNs ? stat.mtimeNs : stat.ctimeNs) / 1_000_000n);
  return Date.now() - changedMs < RACY_WINDOW_MS;
}
