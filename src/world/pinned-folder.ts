/**
 * An open folder, reached from a root one component at a time through open folders and never through
 * a link: what a step that must act on the very folder it checked holds on to. The work-folder tools
 * (src/tools/work-dir/pinned-dir.ts) and the workspace's removals (workspace-remove.ts) both stand on it.
 *
 * Linux names an open descriptor's object `/proc/self/fd/N`, and a path through it is looked up from
 * that very object: what an op names below a pinned folder is in that folder, whatever was renamed or
 * swapped above it since it was opened. Without /proc (macOS, Windows) the folder's path is checked
 * against the opened folder (dev/ino, not a link) right before each use: a narrower window than the
 * path-only checks, but a window.
 *
 * Synchronous: each step is one metadata call, and a check and the step it guards run with no `await`
 * between them. Errors of the calls themselves are thrown as they are (ELOOP: a link where a folder was
 * to be opened; ENOTDIR: a file there), for the caller to name in its own terms.
 */
import {
  closeSync,
  constants,
  existsSync,
  fstatSync,
  lstatSync,
  mkdirSync,
  openSync,
  readdirSync,
  readlinkSync,
  realpathSync,
  rmdirSync,
  unlinkSync,
  type Dirent,
  type Stats,
} from 'node:fs';
import { join } from 'node:path';
import { O_NOFOLLOW } from './fs-util.ts';

const O_DIRECTORY = constants.O_DIRECTORY ?? 0;
const OPEN_FOLDER = constants.O_RDONLY | O_DIRECTORY | O_NOFOLLOW;

export const descriptorPaths = {
  /** Tests turn it off to run the fallback on Linux too. */
  enabled: process.platform === 'linux' && existsSync('/proc/self/fd'),
};

/** The pinned folder is no longer where it was opened (moved, or its path now leads elsewhere). */
export class FolderMovedError extends Error {
  readonly code = 'EFOLDERMOVED';

  constructor() {
    super('the folder is no longer where it was opened');
  }
}

export function errorCode(error: unknown): unknown {
  return (error as { code?: unknown } | null)?.code;
}

/**
 * Opens a folder without following a link in the last place. Linux answers ENOTDIR for a link there
 * (O_DIRECTORY is checked first), macOS ELOOP: a link is ELOOP here on both. The entry may have changed
 * again by the time it is looked at: only a plain file keeps ENOTDIR; a folder (swapped back) or a
 * missing entry was a link when it was opened.
 */
function openFolder(path: string): number {
  try {
    return openSync(path, OPEN_FOLDER);
  } catch (error) {
    if (errorCode(error) === 'ENOTDIR' && !isPlainNonFolder(path)) {
      throw Object.assign(new Error(`ELOOP: a symbolic link, ${path}`), { code: 'ELOOP', path });
    }
    throw error;
  }
}

function isPlainNonFolder(path: string): boolean {
  try {
    const info = lstatSync(path);
    return !info.isSymbolicLink() && !info.isDirectory();
  } catch {
    return false;
  }
}

export class PinnedFolder {
  private constructor(
    readonly fd: number,
    /** The path it had when opened (the fallback for platforms without /proc; messages). */
    readonly path: string,
  ) {}

  /**
   * Opens the folder at `realPath`, which must be a real path (no link in it: the caller resolved it),
   * and proves the descriptor is that folder: the kernel's name for it (Linux), else the path is still
   * real and leads to the same dev/ino. A link in the last place fails with ELOOP; anything else that
   * is not that folder any more with FolderMovedError.
   */
  static open(realPath: string): PinnedFolder {
    const folder = new PinnedFolder(openFolder(realPath), realPath);
    try {
      const at = descriptorPaths.enabled
        ? folder.kernelPath() === realPath
        : realpathSync(realPath) === realPath && folder.pathLeadsHere();
      if (!at) throw new FolderMovedError();
      return folder;
    } catch (error) {
      folder.close();
      throw error;
    }
  }

  /** A path naming `name` in this very folder. */
  entry(name: string): string {
    return descriptorPaths.enabled ? `/proc/self/fd/${this.fd}/${name}` : join(this.path, name);
  }

  /** Where the folder is now (Linux: where the kernel says the descriptor is). */
  currentPath(): string {
    return descriptorPaths.enabled ? this.kernelPath() : this.path;
  }

  /**
   * The sub-folder `name`, never through a link (ELOOP); made first (with `mode`) when `create` and
   * missing.
   */
  child(name: string, create = false, mode?: number): PinnedFolder {
    this.recheck();
    const path = join(this.path, name);
    try {
      return new PinnedFolder(openFolder(this.entry(name)), path);
    } catch (error) {
      if (!create || errorCode(error) !== 'ENOENT') throw error;
    }
    try {
      mkdirSync(this.entry(name), mode);
    } catch (error) {
      if (errorCode(error) !== 'EEXIST') throw error;
    }
    return new PinnedFolder(openFolder(this.entry(name)), path);
  }

  /** The entry itself, links not followed; null when there is none. */
  lstat(name: string): Stats | null {
    this.recheck();
    try {
      return lstatSync(this.entry(name));
    } catch (error) {
      if (errorCode(error) === 'ENOENT') return null;
      throw error;
    }
  }

  /** The folder's own stat, through the descriptor. */
  info(): Stats {
    return fstatSync(this.fd);
  }

  list(): string[] {
    this.recheck();
    return readdirSync(this.listing());
  }

  /** The entries with their own types (a link is a link here, never what it points to). */
  listTyped(): Dirent[] {
    this.recheck();
    return readdirSync(this.listing(), { withFileTypes: true });
  }

  /** Removes the entry `name` (a link is removed itself); EISDIR (EPERM on macOS) for a folder. */
  unlink(name: string): void {
    this.recheck();
    unlinkSync(this.entry(name));
  }

  /** Removes the empty folder `name`; ENOTDIR when it is a link or a file, ENOTEMPTY when not empty. */
  rmdir(name: string): void {
    this.recheck();
    rmdirSync(this.entry(name));
  }

  close(): void {
    closeSync(this.fd);
  }

  /** Without /proc: throws FolderMovedError when the folder's path no longer leads to it. */
  recheck(): void {
    if (!descriptorPaths.enabled && !this.pathLeadsHere()) throw new FolderMovedError();
  }

  private listing(): string {
    return descriptorPaths.enabled ? `/proc/self/fd/${this.fd}` : this.path;
  }

  private kernelPath(): string {
    return readlinkSync(`/proc/self/fd/${this.fd}`);
  }

  /** The path, not a link, names the object the descriptor holds (a missing path fails as it is). */
  private pathLeadsHere(): boolean {
    const held = this.info();
    const there = lstatSync(this.path);
    return !there.isSymbolicLink() && held.dev === there.dev && held.ino === there.ino;
  }
}
