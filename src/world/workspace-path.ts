/**
 * The checks every workspace write is built from (see workspace-write.ts for the rules and the API).
 *
 * Synchronous on purpose: a check and the step it guards run with no `await` between them, so no
 * other task of this process can move files in between, and the window left to another process is
 * a few system calls wide. They are metadata calls (lstat, mkdir, readlink), each well under a
 * millisecond.
 */
import {
  fstatSync,
  lstatSync,
  mkdirSync,
  readlinkSync,
  realpathSync,
  rmdirSync,
  unlinkSync,
  type Stats,
} from 'node:fs';
import { isAbsolute, join, relative, resolve, sep } from 'node:path';
import { CoreError } from '../domain/errors.ts';
import { DIR_MODE } from './fs-util.ts';

/** The path below the root (`agents/a/memory.md`), with `/` on every platform; refused when not below it. */
export function workspaceRelative(root: string, path: string): string {
  const rel = relative(resolve(root), resolve(path));
  if (rel === '' || rel.startsWith(`..${sep}`) || rel === '..' || isAbsolute(rel)) {
    throw new CoreError('CONFIG_IO', `refused: ${path} is not inside the workspace`, { detail: path });
  }
  return rel.split(sep).join('/');
}

/** CONFIG_IO naming the file by its place in the workspace (never its content). */
export function refusal(root: string, path: string, why: string): CoreError {
  const rel = workspaceRelative(root, path);
  return new CoreError('CONFIG_IO', `refused to use ${rel} in the workspace: ${why}`, { detail: rel });
}

export const WHY_SYMLINK = 'it is a symbolic link (the server never follows links below the workspace)';
const WHY_HARDLINK =
  'it has other hard links (writing would change another file too); replace it with a copy';
export const WHY_MOVED = 'a folder on its path was replaced while it was being opened';

function lstatOrNull(path: string): Stats | null {
  try {
    return lstatSync(path);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return null;
    throw error;
  }
}

function notAFolder(path: string): NodeJS.ErrnoException {
  // The same error a plain mkdir gives, so callers report it as the I/O failure it is.
  return Object.assign(new Error(`ENOTDIR: not a directory, ${path}`), { code: 'ENOTDIR', path });
}

/**
 * Walks the folders from the root down to `dir` (the root itself is the person's choice and may be
 * a link). Refuses any that is a symbolic link; one that is a file fails like mkdir (ENOTDIR).
 * `create`: missing folders are made (0700). Without it, true when the whole chain exists.
 */
export function walkFolders(root: string, dir: string, create: boolean): boolean {
  const base = resolve(root);
  if (resolve(dir) === base) {
    if (create) mkdirSync(base, { recursive: true, mode: DIR_MODE });
    return create || lstatOrNull(base) !== null;
  }
  const parts = workspaceRelative(root, dir).split('/');
  if (create) mkdirSync(base, { recursive: true, mode: DIR_MODE });
  let current = base;
  for (const part of parts) {
    current = join(current, part);
    let info = lstatOrNull(current);
    if (info === null) {
      if (!create) return false;
      // One level at a time: a recursive mkdir would follow a link planted further up.
      if (makeFolder(current)) checkMadeFolder(root, current);
      info = lstatSync(current);
    }
    if (info.isSymbolicLink()) throw refusal(root, current, WHY_SYMLINK);
    if (!info.isDirectory()) throw notAFolder(current);
  }
  return true;
}

/** true when this call made it (false: it appeared meanwhile). */
function makeFolder(path: string): boolean {
  try {
    mkdirSync(path, { mode: DIR_MODE });
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
}

/** Where `path` below the root really is when no component is a link. */
function expectedRealPath(root: string, path: string): string {
  return join(realpathSync(root), ...workspaceRelative(root, path).split('/'));
}

/**
 * A folder just made must be where the walk expected: a folder above it swapped for a link since
 * its lstat would have put the new one elsewhere. Then the stray (empty) folder is removed again.
 */
function checkMadeFolder(root: string, path: string): void {
  const real = realpathSync(path);
  if (real === expectedRealPath(root, path)) return;
  try {
    rmdirSync(real);
  } catch {
    // Left empty; nothing was written into it.
  }
  throw refusal(root, path, WHY_MOVED);
}

/**
 * The final component before it is replaced or opened: a link (symbolic or hard) or a folder is
 * refused; absent is fine.
 */
export function refuseLinkedEntry(root: string, path: string): void {
  const info = lstatOrNull(path);
  if (info === null) return;
  if (info.isSymbolicLink()) throw refusal(root, path, WHY_SYMLINK);
  if (!info.isFile()) throw refusal(root, path, 'it is not a regular file');
  if (info.nlink > 1) throw refusal(root, path, WHY_HARDLINK);
}

/** What an open on a symbolic link with O_NOFOLLOW fails with (Linux, macOS; FreeBSD says EMLINK). */
export function isNoFollowRefusal(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  return code === 'ELOOP' || code === 'EMLINK';
}

const PROC_FD = '/proc/self/fd';

/** The kernel's name for an open descriptor (Linux); null where there is no /proc. */
function kernelPathOf(fd: number): string | null {
  try {
    return readlinkSync(`${PROC_FD}/${fd}`);
  } catch {
    return null;
  }
}

/**
 * Removes a file this process has just created through `fd` after verifyOpened refused it (a folder
 * swapped for a link put it elsewhere): by the kernel's name for it, which has no links in it.
 * Linux only; elsewhere the stray file stays (empty: nothing was written to it).
 */
export function removeCreated(fd: number): void {
  const actual = kernelPathOf(fd);
  if (actual === null || actual.endsWith(' (deleted)')) return;
  try {
    unlinkSync(actual);
  } catch {
    // Nothing was written into it.
  }
}

/**
 * Proves the open descriptor is the file at `path` below the root, and not something a swapped
 * folder led to. Linux: the kernel's own name for the descriptor must be the expected real path.
 * Elsewhere: the folders are walked again and the descriptor's device and inode must match the
 * entry now at `path`. Also refuses a descriptor that is not a regular file or has other hard links.
 */
export function verifyOpened(fd: number, root: string, path: string): void {
  const opened = fstatSync(fd);
  if (!opened.isFile()) throw refusal(root, path, 'it is not a regular file');
  if (opened.nlink > 1) throw refusal(root, path, WHY_HARDLINK);
  const actual = kernelPathOf(fd);
  if (actual !== null) {
    if (actual !== expectedRealPath(root, path)) throw refusal(root, path, WHY_MOVED);
    return;
  }
  const now = walkFolders(root, resolve(path, '..'), false) ? lstatOrNull(path) : null;
  if (now === null || now.dev !== opened.dev || now.ino !== opened.ino) throw refusal(root, path, WHY_MOVED);
}
