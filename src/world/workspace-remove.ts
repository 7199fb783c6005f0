/**
 * Removing a file or a folder tree in the workspace (an agent's folder when it is deleted or its id is
 * reused, an icon, a config file). A removal by path checks the folders once and then trusts the path,
 * so a sub-folder swapped for a link mid-delete would make it delete what the link points to. Here
 * every step goes through pinned folders (pinned-folder.ts): the folders down to the entry are opened
 * one at a time, never through a link, and a tree is listed, emptied and removed through each folder's
 * own descriptor, so every name removed is an entry of a folder that is, or was, in the workspace. A
 * link met anywhere inside the tree is removed itself, never followed (as `rm -r` does). Without /proc
 * the dev/ino recheck before each step leaves a window (see pinned-folder.ts).
 */
import { realpathSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { CoreError } from '../domain/errors.ts';
import { errorCode, FolderMovedError, PinnedFolder } from './pinned-folder.ts';
import { refusal, workspaceRelative, WHY_MOVED, WHY_SYMLINK } from './workspace-path.ts';

/**
 * How often a folder is emptied again when it is not empty once its entries are gone (something was
 * put back meanwhile, e.g. a folder renamed away and back) before the removal gives up.
 */
const ATTEMPTS = 8;

/** Refusals name the place below the root; a folder's path is its place below the real root. */
interface Place {
  root: string;
  realRoot: string;
}

function named(place: Place, folderPath: string, name: string): string {
  return join(place.root, workspaceRelative(place.realRoot, join(folderPath, name)));
}

/** The one refusal a link on the way, or a folder that moved, becomes; other errors as they are. */
function refusedOr(place: Place, path: string, error: unknown): unknown {
  if (error instanceof FolderMovedError) return refusal(place.root, path, WHY_MOVED);
  if (errorCode(error) === 'ELOOP') return refusal(place.root, path, WHY_SYMLINK);
  return error;
}

/**
 * Removes a file or (with `recursive`) a folder and everything in it; nothing when it is not there.
 * A link on the way to it is refused (CONFIG_IO naming it); a link in the final place is removed
 * itself, never what it points to. Without `recursive` a folder is refused. A tree that keeps being
 * refilled while it is removed fails with ENOTEMPTY after a few rounds; other I/O errors as they are.
 */
export function removeWorkspaceEntry(root: string, path: string, recursive = false): void {
  const parts = workspaceRelative(root, path).split('/');
  const name = parts.pop()!;
  let realRoot: string;
  try {
    realRoot = realpathSync(root);
  } catch (error) {
    if (errorCode(error) === 'ENOENT') return;
    throw error;
  }
  const place = { root: resolve(root), realRoot };
  let folder = openRoot(realRoot);
  try {
    for (const part of parts) {
      const next = pinnedChild(place, folder, part);
      if (next === null) return;
      folder.close();
      folder = next;
    }
    removeIn(place, folder, name, recursive);
  } catch (error) {
    throw refusedOr(place, named(place, folder.path, name), error);
  } finally {
    folder.close();
  }
}

function openRoot(realRoot: string): PinnedFolder {
  try {
    return PinnedFolder.open(realRoot);
  } catch (error) {
    if (!(error instanceof FolderMovedError) && errorCode(error) !== 'ELOOP') throw error;
    throw new CoreError('CONFIG_IO', `refused: the workspace folder ${realRoot} moved while it was opened`, {
      detail: '.',
    });
  }
}

/** A folder on the way to the entry: null when missing; a link (or a folder that moved) refused. */
function pinnedChild(place: Place, folder: PinnedFolder, part: string): PinnedFolder | null {
  const path = named(place, folder.path, part);
  try {
    return folder.child(part);
  } catch (error) {
    if (errorCode(error) === 'ENOENT') return null;
    throw refusedOr(place, path, error);
  }
}

function removeIn(place: Place, folder: PinnedFolder, name: string, recursive: boolean): void {
  const info = folder.lstat(name);
  if (info === null) return;
  const isFolder = () => refusal(place.root, named(place, folder.path, name), 'it is a folder');
  if (!info.isDirectory()) return removeNonFolder(folder, name, recursive ? undefined : isFolder);
  if (!recursive) throw isFolder();
  removeTree(folder, name);
}

const isFolderError = (error: unknown) => errorCode(error) === 'EISDIR' || errorCode(error) === 'EPERM';

/**
 * A file or a link (removed itself). One that became a folder meanwhile is removed as a tree, unless
 * only a file was to go (`refuseFolder`: then it is refused like any folder).
 */
function removeNonFolder(folder: PinnedFolder, name: string, refuseFolder?: () => Error): void {
  try {
    folder.unlink(name);
  } catch (error) {
    if (errorCode(error) === 'ENOENT') return;
    if (!isFolderError(error)) throw error;
    if (refuseFolder) throw refuseFolder();
    removeTree(folder, name);
  }
}

/**
 * The folder `name` of `folder` and everything in it. It is opened through `folder` without following
 * a link and emptied through its own descriptor; then the name is removed. When the name no longer
 * holds that folder by then (swapped for a link, or refilled) the round starts again: a link there is
 * removed itself, and whatever folder stands there is emptied like the first.
 */
function removeTree(folder: PinnedFolder, name: string): void {
  for (let attempt = 1; ; attempt += 1) {
    let child: PinnedFolder;
    try {
      child = folder.child(name);
    } catch (error) {
      const code = errorCode(error);
      if (code === 'ENOENT') return;
      if (code !== 'ELOOP' && code !== 'ENOTDIR') throw error;
      // Not a folder (any more): a link or a file now has the name, and goes itself.
      try {
        folder.unlink(name);
        return;
      } catch (again) {
        if (errorCode(again) === 'ENOENT') return;
        if (!isFolderError(again) || attempt >= ATTEMPTS) throw again;
        continue;
      }
    }
    try {
      for (const entry of child.listTyped()) {
        if (entry.isDirectory()) removeTree(child, entry.name);
        else removeNonFolder(child, entry.name);
      }
    } finally {
      child.close();
    }
    try {
      folder.rmdir(name);
      return;
    } catch (error) {
      const code = errorCode(error);
      if (code === 'ENOENT') return;
      const refilled = code === 'ENOTEMPTY' || code === 'EEXIST' || code === 'ENOTDIR';
      if (!refilled || attempt >= ATTEMPTS) throw error;
    }
  }
}
