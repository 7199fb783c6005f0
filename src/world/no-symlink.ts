import { lstat } from 'node:fs/promises';
import { relative, sep } from 'node:path';
import { CoreError } from '../domain/errors.ts';
import { isNotFound } from './fs-util.ts';

/**
 * Refuses a path under the workspace that passes through a symbolic link. A shared village could
 * otherwise point `agents/x` (or a file in it) at a folder elsewhere on this machine, and the API
 * would read or write there.
 */
export async function assertNoSymlink(root: string, target: string): Promise<void> {
  const rel = relative(root, target);
  if (rel.startsWith('..') || rel === '') return;
  let current = root;
  for (const part of rel.split(sep)) {
    current = `${current}${sep}${part}`;
    try {
      if ((await lstat(current)).isSymbolicLink()) {
        throw new CoreError('CONFIG_IO', `refused: ${relative(root, current)} is a symbolic link`);
      }
    } catch (error) {
      // Nothing further exists along the path (or a file stands where a folder should): no link to follow.
      if (isNotFound(error) || (error as NodeJS.ErrnoException).code === 'ENOTDIR') return;
      throw error;
    }
  }
}
