/**
 * Boot removes the temp files interrupted atomic writes left behind (a kill between the open and the
 * rename). Only our own shape, only in the folders the server writes, never through a link, and only
 * while this process holds the workspace lock (no other server can be mid-write).
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { walkFolders } from './workspace-path.ts';
import { removeWorkspaceEntry } from './workspace-remove.ts';

/** `.{name}.{pid}.{8 hex}.tmp`, as tempNameFor (and writeFileAtomic before it) names them. */
const ATOMIC_TEMP = /^\..+\.(\d+)\.[0-9a-f]{8}\.tmp$/;
/** Exports before the shared helper: `{session id}.jsonl.{pid}.tmp`. */
const OLD_EXPORT_TEMP = /^[0-9A-Za-z_-]+\.jsonl\.(\d+)\.tmp$/;

/** The folders below the root the server writes files in (agents' own folders one level down). */
const WRITTEN = ['user', 'external', 'exports'];

function isOurTemp(name: string, inExports: boolean): boolean {
  const match = ATOMIC_TEMP.exec(name) ?? (inExports ? OLD_EXPORT_TEMP.exec(name) : null);
  // A temp file of this very process is a write in flight, not a leftover.
  return match !== null && Number(match[1]) !== process.pid;
}

/**
 * Names in `dir` of one kind, [] when it cannot be listed. Dirent types come from the entry itself:
 * a link to a folder or to a file is neither here.
 */
function entries(dir: string, kind: 'file' | 'folder'): string[] {
  try {
    return readdirSync(dir, { withFileTypes: true })
      .filter((entry) => (kind === 'file' ? entry.isFile() : entry.isDirectory()))
      .map((entry) => entry.name);
  } catch {
    return [];
  }
}

/** Removes leftovers; returns the paths below the root it removed. Never throws. */
export function sweepLeftoverTemps(root: string): string[] {
  const folders = ['', ...WRITTEN, ...entries(join(root, 'agents'), 'folder').map((id) => `agents/${id}`)];
  const removed: string[] = [];
  for (const rel of folders) {
    const dir = join(root, rel);
    try {
      if (!walkFolders(root, dir, false)) continue;
    } catch {
      continue; // A folder that is a link (or not a folder) is not ours to clean.
    }
    for (const name of entries(dir, 'file')) {
      if (!isOurTemp(name, rel === 'exports')) continue;
      try {
        // Through pinned folders: the folder may have been swapped for a link since it was listed.
        removeWorkspaceEntry(root, join(dir, name));
        removed.push(rel === '' ? name : `${rel}/${name}`);
      } catch {
        // Left for the next boot.
      }
    }
  }
  return removed;
}
