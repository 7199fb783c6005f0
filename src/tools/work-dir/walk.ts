import { opendir } from 'node:fs/promises';
import { join } from 'node:path';
import { isSkippedDir, MAX_FILES } from './limits.ts';
import { descriptorPaths, openForReading } from './pinned-dir.ts';

export interface WalkEntry {
  /** Relative to the work folder, `/`-separated. */
  rel: string;
  abs: string;
  name: string;
  isDir: boolean;
}

export interface WalkResult {
  entries: WalkEntry[];
  files: number;
  /** The walk stopped at MAX_FILES files: what is missing was never looked at. */
  truncated: boolean;
}

/**
 * Every file and folder under `startAbs` (not the start itself), depth first, names sorted so results
 * are stable. Hidden and build-output folders are not entered; symbolic links are neither listed nor
 * followed. Stops after `maxFiles` files. Unreadable folders are passed over. Each folder is opened
 * and checked to be inside `root` (the work folder's real path) before its names are read, so a folder
 * swapped for a link meanwhile lists nothing of what is outside (issue 17 §3).
 */
export async function walkWorkDir(
  root: string,
  startAbs: string,
  startRel: string,
  maxFiles = MAX_FILES,
): Promise<WalkResult> {
  const entries: WalkEntry[] = [];
  let files = 0;
  const visit = async (dirAbs: string, dirRel: string): Promise<boolean> => {
    let names: { name: string; dir: boolean }[];
    try {
      const dir = await openListing(root, dirAbs);
      names = [];
      for await (const dirent of dir) {
        if (dirent.isSymbolicLink()) continue;
        if (dirent.isDirectory()) names.push({ name: dirent.name, dir: true });
        else if (dirent.isFile()) names.push({ name: dirent.name, dir: false });
      }
    } catch {
      return true;
    }
    names.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const { name, dir } of names) {
      const rel = dirRel === '.' ? name : `${dirRel}/${name}`;
      const abs = join(dirAbs, name);
      if (dir) {
        if (isSkippedDir(name)) continue;
        entries.push({ rel, abs, name, isDir: true });
        if (!(await visit(abs, rel))) return false;
      } else {
        if (files >= maxFiles) return false;
        files += 1;
        entries.push({ rel, abs, name, isDir: false });
      }
    }
    return true;
  };
  const complete = await visit(startAbs, startRel);
  return { entries, files, truncated: !complete };
}

/** The folder's listing, read through the descriptor that was checked to be inside the work folder. */
async function openListing(root: string, dirAbs: string) {
  const handle = await openForReading(root, dirAbs);
  try {
    return await opendir(descriptorPaths.enabled ? `/proc/self/fd/${handle.fd}` : dirAbs);
  } finally {
    // The listing holds its own descriptor of the same folder.
    await handle.close();
  }
}
