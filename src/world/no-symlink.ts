import { relative } from 'node:path';
import { walkFolders } from './workspace-path.ts';

/**
 * Refuses a path under the workspace that passes through a symbolic link (CONFIG_IO). A shared
 * village could otherwise point `agents/x` (or a file in it) at a folder elsewhere on this machine,
 * and the API would read or write there. For reads (a file a prompt will carry); writes go through
 * workspace-write.ts, which also closes the race between this check and the open.
 */
export async function assertNoSymlink(root: string, target: string): Promise<void> {
  const rel = relative(root, target);
  if (rel.startsWith('..') || rel === '') return;
  try {
    // The same walk as a write's, over every component including the last one.
    walkFolders(root, target, false);
  } catch (error) {
    // The file itself (or a file where a folder should be) ends the walk: no link to follow there.
    if ((error as NodeJS.ErrnoException).code === 'ENOTDIR') return;
    throw error;
  }
}
