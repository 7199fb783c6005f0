import { constants, existsSync } from 'node:fs';
import { lstat, mkdir, open, readdir, readlink, symlink, type FileHandle } from 'node:fs/promises';
import type { Stats } from 'node:fs';
import { isAbsolute, join, relative, sep } from 'node:path';
import { escaped } from './inside-error.ts';
import { isInside } from './resolve.ts';

const O_NOFOLLOW = constants.O_NOFOLLOW ?? 0;
const O_NONBLOCK = constants.O_NONBLOCK ?? 0;
const O_DIRECTORY = constants.O_DIRECTORY ?? 0;

/**
 * Linux names an open descriptor's object `/proc/self/fd/N`, and a path through it is looked up from
 * that very object (openat by path): what an op names below a pinned folder is in that folder, whatever
 * was renamed or swapped above it since it was opened. Without /proc (macOS, Windows) a folder's path
 * is checked against the opened folder (dev/ino, not a link) right before each use: a narrower window
 * than the path-only checks, but a window.
 */
export const descriptorPaths = {
  /** Tests turn it off to run the fallback on Linux too. */
  enabled: process.platform === 'linux' && existsSync('/proc/self/fd'),
};

function codeOf(error: unknown): unknown {
  return (error as { code?: unknown } | null)?.code;
}

/** The real path the kernel has for an open descriptor, or null where it cannot say. */
async function descriptorPath(handle: FileHandle): Promise<string | null> {
  return descriptorPaths.enabled ? readlink(`/proc/self/fd/${handle.fd}`) : null;
}

/**
 * An open folder of the work folder. Every op on an entry goes through the descriptor, never through
 * the folder's path again, so the checked folder and the written folder are the same object.
 */
export class PinnedDir {
  private constructor(
    private readonly handle: FileHandle,
    /** The path it had when opened (the fallback for platforms without /proc). */
    private readonly path: string,
  ) {}

  /** The work folder itself, opened by the real path the resolvers measured against. */
  static async root(root: string): Promise<PinnedDir> {
    return new PinnedDir(await open(root, constants.O_RDONLY | O_DIRECTORY), root);
  }

  /** A path naming `name` in this very folder. */
  entry(name: string): string {
    return descriptorPaths.enabled ? `/proc/self/fd/${this.handle.fd}/${name}` : join(this.path, name);
  }

  /** Where the folder is now (Linux: where the kernel says the descriptor is). */
  async currentPath(): Promise<string> {
    return (await descriptorPath(this.handle)) ?? this.path;
  }

  /** The sub-folder `name`, never through a link; made first when `create` and it is missing. */
  async child(name: string, create: boolean): Promise<PinnedDir> {
    await this.recheck();
    const flags = constants.O_RDONLY | O_DIRECTORY | O_NOFOLLOW;
    let handle: FileHandle;
    try {
      handle = await open(this.entry(name), flags);
    } catch (error) {
      if (!create || codeOf(error) !== 'ENOENT') throw await this.linkOr(name, error);
      await mkdir(this.entry(name)).catch((made: unknown) => {
        if (codeOf(made) !== 'EEXIST') throw made;
      });
      handle = await open(this.entry(name), flags).catch(async (again: unknown) => {
        throw await this.linkOr(name, again);
      });
    }
    return new PinnedDir(handle, join(this.path, name));
  }

  /** Opens the entry `name` (never a link: O_NOFOLLOW, and O_NONBLOCK so a FIFO cannot hang it). */
  async openFile(name: string, flags: number, mode?: number): Promise<FileHandle> {
    await this.recheck();
    try {
      return await open(this.entry(name), flags | O_NOFOLLOW | O_NONBLOCK, mode);
    } catch (error) {
      throw codeOf(error) === 'ELOOP' ? escaped() : error;
    }
  }

  /** The entry itself, links not followed; null when there is none. */
  async lstat(name: string): Promise<Stats | null> {
    await this.recheck();
    try {
      return await lstat(this.entry(name));
    } catch (error) {
      if (codeOf(error) === 'ENOENT') return null;
      throw error;
    }
  }

  /** The folder's own stat, through the descriptor. */
  async info(): Promise<Stats> {
    return this.handle.stat();
  }

  /** A new sub-folder `name`; EEXIST when anything (a link too) has that name. */
  async makeDir(name: string): Promise<void> {
    await this.recheck();
    await mkdir(this.entry(name));
  }

  async readLink(name: string): Promise<string> {
    await this.recheck();
    return readlink(this.entry(name));
  }

  /** A new link `name` to `target`, as it was written (copying a folder copies its links as links). */
  async makeLink(target: string, name: string): Promise<void> {
    await this.recheck();
    await symlink(target, this.entry(name));
  }

  async list(): Promise<string[]> {
    await this.recheck();
    return readdir(descriptorPaths.enabled ? `/proc/self/fd/${this.handle.fd}` : this.path);
  }

  async close(): Promise<void> {
    await this.handle.close();
  }

  /** A component that is not a folder: an escape when it became a link, else the error itself. */
  private async linkOr(name: string, error: unknown): Promise<unknown> {
    const code = codeOf(error);
    if (code === 'ELOOP') return escaped();
    if (code === 'ENOTDIR' && (await this.lstat(name).catch(() => null))?.isSymbolicLink()) return escaped();
    return error;
  }

  private async recheck(): Promise<void> {
    if (descriptorPaths.enabled) return;
    const [held, there] = await Promise.all([this.handle.stat(), lstat(this.path)]);
    if (there.isSymbolicLink() || held.dev !== there.dev || held.ino !== there.ino) throw escaped();
  }
}

/** The components of `abs` below the work folder's real path `root`; an escape when it is not below. */
export function partsBelow(root: string, abs: string): string[] {
  const rel = relative(root, abs);
  if (rel === '' || isAbsolute(rel) || rel.split(sep).includes('..')) throw escaped();
  return rel.split(sep);
}

/**
 * The folder holding `abs`, walked from the work folder one component at a time through open
 * folders, never through a link (the resolvers hand over real paths, so a link on the way is one
 * planted since). `create` makes missing folders on the way.
 */
export async function pinParent(
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
    throw codeOf(error) === 'ELOOP' ? escaped() : error;
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
