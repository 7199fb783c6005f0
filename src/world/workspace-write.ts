/**
 * The one way the server creates, writes, appends to or removes a file in the WORKSPACE (the village
 * folder people share: world.json, village_id, Ordinance.md, mcp.json, agents/{id}/*, icons,
 * sessions.sqlite and its -wal/-shm, fuseforks.log and .old, exports/, the lock, and the temp files
 * of atomic writes). A shared folder may carry planted links, so below the workspace root:
 *
 * - no component may be a symbolic link: every folder is checked with lstat, missing ones are made
 *   one level at a time (0700), and the file itself is opened with O_NOFOLLOW;
 * - the file written or appended to may not have other hard links (nlink > 1): writing through
 *   it would change a file elsewhere;
 * - the opened descriptor is proved to be the checked file (its real path through /proc/self/fd on
 *   Linux, else a dev/ino compare after walking the folders again), so a folder swapped for a link
 *   between the check and the open is caught;
 * - temp files are created with O_EXCL and named `.{name}.{pid}.{8 hex}.tmp` (boot removes leftovers
 *   of that shape, temp-sweep.ts); the rename that publishes one only moves names inside one folder,
 *   so even a folder swapped at that instant cannot place our bytes elsewhere;
 * - a removal (a file, or an agent's whole folder) walks open folders, never paths, down to what it
 *   removes and through the tree (workspace-remove.ts on pinned-folder.ts): a sub-folder swapped for a
 *   link mid-delete removes nothing it points to.
 *
 * A refusal is CONFIG_IO naming the file (`detail` is its path below the workspace). Plain I/O
 * failures (EACCES, ENOSPC, a file where a folder should be: ENOTDIR) are thrown as they are, for the
 * caller to wrap as before.
 *
 * For new code that writes in the workspace (attachments/, schedules.json, …): call these functions
 * with the workspace root, never node:fs writes, `writeFileAtomic` (app data only) or a recursive
 * mkdir. Read files a prompt will carry with `assertNoSymlink` first. App-data files (api_token,
 * secrets, door and browser settings) live outside the workspace and keep `writeFileAtomic`.
 */
import { closeSync, constants, fsync, lstatSync, openSync, renameSync, rmSync, write } from 'node:fs';
import { dirname } from 'node:path';
import { promisify } from 'node:util';
import { CREATE_NEW, FILE_MODE, O_NOFOLLOW, tempNameFor } from './fs-util.ts';
import {
  isNoFollowRefusal,
  refusal,
  refuseLinkedEntry,
  removeCreated,
  verifyOpened,
  walkFolders,
  WHY_SYMLINK,
} from './workspace-path.ts';

/** Makes the folder (and those above it, up to the root) without following any link. */
export function ensureWorkspaceDir(root: string, dir: string): void {
  walkFolders(root, dir, true);
}

/**
 * Opens `path` with `flags` (plus O_NOFOLLOW) after the checks above; the caller owns the
 * descriptor. A link in the final component is refused, never followed. Missing folders are made
 * unless `createFolders` is false (then the open fails with ENOENT).
 */
export function openWorkspaceFileSync(
  root: string,
  path: string,
  flags: number,
  createFolders = true,
): number {
  walkFolders(root, dirname(path), createFolders);
  return openInWalkedFolder(root, path, flags);
}

/** The open and its proof, once the folders above `path` have been walked. */
function openInWalkedFolder(root: string, path: string, flags: number): number {
  const { fd, created } = openNoFollow(root, path, flags);
  try {
    verifyOpened(fd, root, path);
    return fd;
  } catch (error) {
    if (created) removeCreated(fd);
    closeSync(fd);
    throw error;
  }
}

/**
 * Opens with O_NOFOLLOW and says whether this call created the file: O_CREAT alone is split into an
 * open of an existing file, else an exclusive create, so a file created in the wrong place (a folder
 * swapped under us) is known to be ours and can be removed again.
 */
function openNoFollow(root: string, path: string, flags: number): { fd: number; created: boolean } {
  const creates = (flags & constants.O_CREAT) !== 0;
  const exclusive = (flags & constants.O_EXCL) !== 0;
  for (let attempt = 0; ; attempt += 1) {
    try {
      if (!creates || exclusive)
        return { fd: openSync(path, flags | O_NOFOLLOW, FILE_MODE), created: creates };
      try {
        return { fd: openSync(path, (flags & ~constants.O_CREAT) | O_NOFOLLOW), created: false };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      }
      return { fd: openSync(path, flags | constants.O_EXCL | O_NOFOLLOW, FILE_MODE), created: true };
    } catch (error) {
      if (isNoFollowRefusal(error)) throw refusal(root, path, WHY_SYMLINK);
      // Created by someone else between the two opens: open it as existing.
      if ((error as NodeJS.ErrnoException).code === 'EEXIST' && !exclusive && attempt < 3) continue;
      throw error;
    }
  }
}

/**
 * Opens `path` for appending, creating it (0600) when absent; the folder must exist. The caller owns
 * the descriptor (the log keeps it open, so each line is one write).
 */
export function openWorkspaceAppendSync(root: string, path: string): number {
  return openWorkspaceFileSync(
    root,
    path,
    constants.O_WRONLY | constants.O_APPEND | constants.O_CREAT,
    false,
  );
}

/** A temp file beside `target`, open for writing; `commit` renames it over the target. */
export interface WorkspaceTemp {
  readonly fd: number;
  readonly path: string;
  /** Closes the descriptor, checks the target again and renames the temp file over it. */
  commit(): void;
  /** Closes (when still open) and removes the temp file; never throws. */
  discard(): void;
}

export function openWorkspaceTempSync(root: string, target: string): WorkspaceTemp {
  walkFolders(root, dirname(target), true);
  refuseLinkedEntry(root, target);
  const path = tempNameFor(target);
  const fd = openInWalkedFolder(root, path, CREATE_NEW);
  let open = true;
  const close = () => {
    if (open) closeSync(fd);
    open = false;
  };
  return {
    fd,
    path,
    commit() {
      close();
      // Things may have moved while the data was written (an async caller awaited in between).
      walkFolders(root, dirname(target), false);
      refuseLinkedEntry(root, target);
      renameSync(path, target);
    },
    discard() {
      try {
        close();
      } catch {
        // Removing the file is what matters.
      }
      rmSync(path, { force: true });
    },
  };
}

const writeAsync = promisify(write);
const fsyncAsync = promisify(fsync);

/** Write through a temp file in the same folder, then rename: a reader never sees half a file. */
export async function writeWorkspaceFileAtomic(
  root: string,
  path: string,
  data: string | Uint8Array,
): Promise<void> {
  const temp = openWorkspaceTempSync(root, path);
  try {
    const bytes = typeof data === 'string' ? Buffer.from(data) : data;
    for (let done = 0; done < bytes.length;) {
      done += (await writeAsync(temp.fd, bytes, done, bytes.length - done)).bytesWritten;
    }
    await fsyncAsync(temp.fd);
    temp.commit();
  } catch (error) {
    temp.discard();
    throw error;
  }
}

/** Renames within the workspace (the log's rotation): the folders of both names are checked first. */
export function renameInWorkspaceSync(root: string, from: string, to: string): void {
  walkFolders(root, dirname(from), false);
  walkFolders(root, dirname(to), false);
  // Moving a planted link would only move the link; refused all the same, like every other use.
  if (lstatSync(from).isSymbolicLink()) throw refusal(root, from, WHY_SYMLINK);
  renameSync(from, to);
}

// Removals walk pinned folders instead of checked paths; they live beside the folder mechanism.
export { removeWorkspaceEntry } from './workspace-remove.ts';
