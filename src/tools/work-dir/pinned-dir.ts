import { constants } from 'node:fs';
import { lstat, mkdir, open, readlink, symlink, type FileHandle } from 'node:fs/promises';
import type { Stats } from 'node:fs';
import { isAbsolute, join, relative, sep } from 'node:path';
import { O_NOFOLLOW } from '../../world/fs-util.ts';
import { descriptorPaths, errorCode, FolderMovedError, PinnedFolder } from '../../world/pinned-folder.ts';
import { escaped } from './inside-error.ts';
import { isInside } from './resolve.ts';

// The mechanism (descriptor paths on Linux, dev/ino rechecks elsewhere) is the workspace's own,
// src/world/pinned-folder.ts; tests switch it with this same object.
export { descriptorPaths };

const O_NONBLOCK = constants.O_NONBLOCK ?? 0;

/** The real path the kernel has for an open descriptor, or null where it cannot say. */
async function descriptorPath(handle: FileHandle): Promise<string | null> {
  return descriptorPaths.enabled ? readlink(`/proc/self/fd/${handle.fd}`) : null;
}

/** A folder that moved or turned into a link since it was checked is an escape. */
function movedOr(error: unknown): unknown {
  return error instanceof FolderMovedError || errorCode(error) === 'ELOOP' ? escaped() : error;
}

/**
 * An open folder of the work folder. Every op on an entry goes through the descriptor, never through
 * the folder's path again, so the checked folder and the written folder are the same object.
 */
export class PinnedDir {
  private constructor(private readonly folder: PinnedFolder) {}

  /**
   * The work folder itself, by the real path the resolvers measured against. Opened without following
   * a link and proved to be that folder (pinned-folder.ts): a work folder moved or swapped for a link
   * since the resolver looked is an escape, never a folder written through.
   */
  static async root(root: string): Promise<PinnedDir> {
    try {
      return new PinnedDir(PinnedFolder.open(root));
    } catch (error) {
      throw movedOr(error);
    }
  }

  /** A path naming `name` in this very folder. */
  entry(name: string): string {
    return this.folder.entry(name);
  }

  /** Where the folder is now (Linux: where the kernel says the descriptor is). */
  async currentPath(): Promise<string> {
    return this.folder.currentPath();
  }

  /** The sub-folder `name`, never through a link; made first when `create` and it is missing. */
  async child(name: string, create: boolean): Promise<PinnedDir> {
    try {
      return new PinnedDir(this.folder.child(name, create));
    } catch (error) {
      throw movedOr(error);
    }
  }

  /** Opens the entry `name` (never a link: O_NOFOLLOW, and O_NONBLOCK so a FIFO cannot hang it). */
  async openFile(name: string, flags: number, mode?: number): Promise<FileHandle> {
    this.recheck();
    try {
      return await open(this.entry(name), flags | O_NOFOLLOW | O_NONBLOCK, mode);
    } catch (error) {
      throw errorCode(error) === 'ELOOP' ? escaped() : error;
    }
  }

  /** The entry itself, links not followed; null when there is none. */
  async lstat(name: string): Promise<Stats | null> {
    try {
      return this.folder.lstat(name);
    } catch (error) {
      throw movedOr(error);
    }
  }

  /** The folder's own stat, through the descriptor. */
  async info(): Promise<Stats> {
    return this.folder.info();
  }

  /** A new sub-folder `name`; EEXIST when anything (a link too) has that name. */
  async makeDir(name: string): Promise<void> {
    this.recheck();
    await mkdir(this.entry(name));
  }

  async readLink(name: string): Promise<string> {
    this.recheck();
    return readlink(this.entry(name));
  }

  /** A new link `name` to `target`, as it was written (copying a folder copies its links as links). */
  async makeLink(target: string, name: string): Promise<void> {
    this.recheck();
    await symlink(target, this.entry(name));
  }

  async list(): Promise<string[]> {
    try {
      return this.folder.list();
    } catch (error) {
      throw movedOr(error);
    }
  }

  async close(): Promise<void> {
    this.folder.close();
  }

  private recheck(): void {
    try {
      this.folder.recheck();
    } catch (error) {
      throw movedOr(error);
    }
  }
}

/** The components of `abs` below the work folder's real path `root`; an escape when it is not below. */
function partsBelow(root: string, abs: string): string[] {
  const rel = relative(root, abs);
  if (rel === '' || isAbsolute(rel) || rel.split(sep).includes('..')) throw escaped();
  return rel.split(sep);
}

/**
 * The folder holding `abs`, walked from the work folder one component at a time through open
 * folders, never through a link (the resolvers hand over real paths, so a link on the way is one
 * planted since). `create` makes missing folders on the way.
 */
async function pinParent(
  root: string,
  abs: string,
  create: boolean,
): Promise<{ dir: PinnedDir; name: string }> {
  const parts = partsBelow(root, abs);
  const name = parts.pop()!;
  let dir = await PinnedDir.root(root);
  try {
    for (const part of parts) {
      const next = await dir.child(part, create);
      await dir.close();
      dir = next;
    }
  } catch (error) {
    await dir.close();
    throw error;
  }
  return { dir, name };
}

/** Runs `use` on the pinned parent of `abs`, and closes it whatever happens. */
export async function withParent<T>(
  root: string,
  abs: string,
  create: boolean,
  use: (dir: PinnedDir, name: string) => Promise<T>,
): Promise<T> {
  const { dir, name } = await pinParent(root, abs, create);
  try {
    return await use(dir, name);
  } finally {
    await dir.close();
  }
}

/**
 * Opens an existing file or folder for reading by its path, then checks through the descriptor that
 * what was opened is inside the work folder, before a byte is read. One open per file (a scan reads
 * thousands); nothing is written, so opening an outside object first and refusing it is harmless.
 */
export async function openForReading(root: string, abs: string): Promise<FileHandle> {
  let handle: FileHandle;
  try {
    handle = await open(abs, constants.O_RDONLY | O_NOFOLLOW | O_NONBLOCK);
  } catch (error) {
    throw errorCode(error) === 'ELOOP' ? escaped() : error;
  }
  try {
    const real = await descriptorPath(handle);
    if (real !== null ? !isInside(root, real) : !(await samePlace(handle, root, abs))) throw escaped();
    return handle;
  } catch (error) {
    await handle.close();
    throw error;
  }
}

/** Without /proc: the path, no link below the work folder, still leads to the opened object. */
async function samePlace(handle: FileHandle, root: string, abs: string): Promise<boolean> {
  const parts = abs === root ? [] : partsBelow(root, abs);
  for (let depth = 1; depth < parts.length; depth += 1) {
    if ((await lstat(join(root, ...parts.slice(0, depth)))).isSymbolicLink()) return false;
  }
  const [held, there] = await Promise.all([handle.stat(), lstat(abs)]);
  return held.dev === there.dev && held.ino === there.ino;
}
