import { closeSync, readdirSync } from 'node:fs';
import { sep } from 'node:path';
import { descriptorPaths } from '../../world/pinned-folder.ts';
import { isSkippedDir, MAX_FILES } from './limits.ts';
import { openForReadingSync } from './open-sync.ts';
import type { WalkEntry, WalkResult } from './walk.ts';

/**
 * walkWorkDir (walk.ts) for a thread that may block (the regex worker): the same entries in the same
 * order, the same skipped folders, links neither listed nor followed, the same cap, and each folder
 * opened and checked to be inside `root` before its names are read. Each folder's names come in one
 * synchronous call, so the walk does not wait on the event loop per entry.
 */
export function walkWorkDirSync(
  root: string,
  startAbs: string,
  startRel: string,
  maxFiles = MAX_FILES,
): WalkResult {
  const entries: WalkEntry[] = [];
  let files = 0;
  const visit = (dirAbs: string, dirRel: string): boolean => {
    const names = listing(root, dirAbs);
    if (names === null) return true;
    // join() would normalize each path again; the folder's path is already normal and a name has no separator.
    const prefix = dirAbs.endsWith(sep) ? dirAbs : dirAbs + sep;
    for (const { name, dir } of names) {
      const rel = dirRel === '.' ? name : `${dirRel}/${name}`;
      const abs = prefix + name;
      if (dir) {
        if (isSkippedDir(name)) continue;
        entries.push({ rel, abs, name, isDir: true });
        if (!visit(abs, rel)) return false;
      } else {
        if (files >= maxFiles) return false;
        files += 1;
        entries.push({ rel, abs, name, isDir: false });
      }
    }
    return true;
  };
  const complete = visit(startAbs, startRel);
  return { entries, files, truncated: !complete };
}

/** A folder's files and folders (no links), names sorted; null when it cannot be read. */
function listing(root: string, dirAbs: string): { name: string; dir: boolean }[] | null {
  const names: { name: string; dir: boolean }[] = [];
  try {
    const fd = openForReadingSync(root, dirAbs);
    try {
      // Read through the descriptor that was checked to be inside the work folder.
      const path = descriptorPaths.enabled ? `/proc/self/fd/${fd}` : dirAbs;
      for (const dirent of readdirSync(path, { withFileTypes: true })) {
        if (dirent.isSymbolicLink()) continue;
        if (dirent.isDirectory()) names.push({ name: dirent.name, dir: true });
        else if (dirent.isFile()) names.push({ name: dirent.name, dir: false });
      }
    } finally {
      closeSync(fd);
    }
  } catch {
    return null;
  }
  return names.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}
