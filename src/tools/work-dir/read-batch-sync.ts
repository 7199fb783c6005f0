import { closeSync, readlinkSync } from 'node:fs';
import { join } from 'node:path';
import { descriptorPaths } from '../../world/pinned-folder.ts';
import { InsideError } from './inside-error.ts';
import { openForReadingSync } from './open-sync.ts';
import { readEntryBytesSync, readTextBytesSync, type BytesRead } from './read-text-sync.ts';
import { isInside } from './resolve.ts';

/** A read that threw (missing, no permission…): the scan counts it unreadable, as before. */
export type BatchRead = BytesRead | { kind: 'error' };

function safely(read: () => BytesRead): BatchRead {
  try {
    return read();
  } catch {
    return { kind: 'error' };
  }
}

/**
 * The files `names` of one folder, read synchronously in one go (issue 24). Where descriptors have
 * paths (Linux), the folder is opened and checked to be inside the work folder once, every file is
 * opened through that descriptor (never following a link), and the folder is checked again after:
 * if it left the work folder meanwhile, no file of the batch counts (each is `escaped`), as each
 * file's own check would have refused it. That spares a descriptor-path lookup per file, which cost
 * as much as reading it. Elsewhere every file is read alone with its own check (readTextBytesSync).
 */
export function readFolderBatchSync(root: string, dirAbs: string, names: readonly string[]): BatchRead[] {
  if (!descriptorPaths.enabled) {
    return names.map((name) => safely(() => readTextBytesSync(root, join(dirAbs, name))));
  }
  let dirFd: number;
  try {
    dirFd = openForReadingSync(root, dirAbs);
  } catch (error) {
    const kind = error instanceof InsideError ? 'escaped' : 'error';
    return names.map(() => ({ kind }));
  }
  try {
    const base = `/proc/self/fd/${dirFd}/`;
    const reads = names.map((name) => safely(() => readEntryBytesSync(base + name)));
    const still = safely(() => {
      const inside = isInside(root, readlinkSync(`/proc/self/fd/${dirFd}`));
      return inside ? { kind: 'folder' } : { kind: 'escaped' };
    });
    return still.kind === 'folder' ? reads : names.map(() => ({ kind: 'escaped' }));
  } finally {
    closeSync(dirFd);
  }
}
