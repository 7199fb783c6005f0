import { lstat, rename } from 'node:fs/promises';
import type { Stats } from 'node:fs';
import { join } from 'node:path';
import { noEntry, taken } from './fs-failures.ts';
import { escaped } from './inside-error.ts';
import { withParent, type PinnedDir } from './pinned-dir.ts';
import { isInside } from './resolve.ts';

/**
 * Renames and trash hand-offs of the work-folder tools (issue 17 §3), through pinned parent folders
 * like every write (write-file.ts): a folder swapped for a link after the check moves nothing outside.
 */

/** The entry `name` of `dir` as the resolvers left it: there, and not a link (one now is a swap). */
export async function sourceEntry(dir: PinnedDir, name: string): Promise<Stats> {
  const seen = await dir.lstat(name);
  if (seen === null) throw noEntry();
  if (seen.isSymbolicLink()) throw escaped();
  return seen;
}

/** Moves `fromAbs` to `toAbs` (the missing folders of `toAbs` made); never replaces what is there. */
export async function moveEntry(root: string, fromAbs: string, toAbs: string): Promise<void> {
  await withParent(root, fromAbs, false, async (from, name) => {
    await sourceEntry(from, name);
    await withParent(root, toAbs, true, async (to, toName) => {
      if ((await to.lstat(toName)) !== null) throw taken();
      await rename(from.entry(name), to.entry(toName));
    });
  });
}

/**
 * The path to hand the OS trash for `abs` (the trash takes paths, not descriptors): the parent's
 * current real path from its descriptor, checked to name the very entry just looked at. What is left
 * is the moment between this check and the trash's own rename: far narrower than before, not nothing.
 */
export async function checkedTrashPath(root: string, abs: string): Promise<string> {
  return withParent(root, abs, false, async (dir, name) => {
    const seen = await sourceEntry(dir, name);
    const parent = await dir.currentPath();
    if (!isInside(root, parent)) throw escaped();
    const path = join(parent, name);
    const there = await lstat(path);
    if (there.isSymbolicLink() || there.dev !== seen.dev || there.ino !== seen.ino) throw escaped();
    return path;
  });
}
