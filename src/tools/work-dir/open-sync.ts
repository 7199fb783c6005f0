import { closeSync, constants, fstatSync, lstatSync, openSync, readlinkSync } from 'node:fs';
import { isAbsolute, join, relative, sep } from 'node:path';
import { O_NOFOLLOW } from '../../world/fs-util.ts';
import { descriptorPaths, errorCode } from '../../world/pinned-folder.ts';
import { escaped } from './inside-error.ts';
import { isInside } from './resolve.ts';

const O_NONBLOCK = constants.O_NONBLOCK ?? 0;

/** The components of `abs` below the work folder's real path `root`; an escape when it is not below. */
function partsBelow(root: string, abs: string): string[] {
  const rel = relative(root, abs);
  if (rel === '' || isAbsolute(rel) || rel.split(sep).includes('..')) throw escaped();
  return rel.split(sep);
}

/**
 * openForReading (pinned-dir.ts) for a thread that may block (the regex worker's scans): the same
 * open (no link followed, a FIFO cannot hang it) and the same check through the descriptor that what
 * was opened is inside the work folder, before a byte is read. Synchronous, so a scan of thousands of
 * files pays no async round trip per step. Returns the descriptor; the caller closes it.
 */
export function openForReadingSync(root: string, abs: string): number {
  let fd: number;
  try {
    fd = openSync(abs, constants.O_RDONLY | O_NOFOLLOW | O_NONBLOCK);
  } catch (error) {
    throw errorCode(error) === 'ELOOP' ? escaped() : error;
  }
  try {
    const real = descriptorPaths.enabled ? readlinkSync(`/proc/self/fd/${fd}`) : null;
    if (real !== null ? !isInside(root, real) : !samePlaceSync(fd, root, abs)) throw escaped();
    return fd;
  } catch (error) {
    closeSync(fd);
    throw error;
  }
}

/** Without /proc: the path, no link below the work folder, still leads to the opened object. */
function samePlaceSync(fd: number, root: string, abs: string): boolean {
  const parts = abs === root ? [] : partsBelow(root, abs);
  for (let depth = 1; depth < parts.length; depth += 1) {
    if (lstatSync(join(root, ...parts.slice(0, depth))).isSymbolicLink()) return false;
  }
  const held = fstatSync(fd);
  const there = lstatSync(abs);
  return held.dev === there.dev && held.ino === there.ino;
}
