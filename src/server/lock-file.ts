/**
 * The files of the workspace lock (workspace-lock.ts): the lock itself and the claims of a takeover
 * (stale-takeover.ts) hold the same content, a server's identity and a random token. Each is written
 * complete into a temp file first and then given its name in one step, so no reader sees half of one.
 */
import { createHash } from 'node:crypto';
import { closeSync, linkSync, lstatSync, readFileSync, renameSync, rmSync, writeSync } from 'node:fs';
import { CREATE_NEW, tempNameFor } from '../world/fs-util.ts';
import { refusal, WHY_SYMLINK } from '../world/workspace-path.ts';
import { openWorkspaceFileSync } from '../world/workspace-write.ts';
import type { ProcessIdentity } from './process-identity.ts';

export interface LockContent extends ProcessIdentity {
  token: string;
  /** null while the server is still starting (before it listens). */
  url: string | null;
  startedAt: string;
}

const stringOrNull = (value: unknown): string | null => (typeof value === 'string' ? value : null);

function parseLock(text: string): LockContent | null {
  try {
    const value = JSON.parse(text) as Partial<LockContent> | null;
    if (!value || !Number.isSafeInteger(value.pid) || (value.pid as number) <= 0) return null;
    if (typeof value.token !== 'string' || typeof value.host !== 'string') return null;
    return {
      pid: value.pid as number,
      host: value.host,
      // Locks written before these were recorded have none: the checks that need them are skipped.
      machineId: stringOrNull(value.machineId),
      bootId: stringOrNull(value.bootId),
      pidNamespace: stringOrNull(value.pidNamespace),
      startTicks: stringOrNull(value.startTicks),
      startTime: stringOrNull(value.startTime),
      token: value.token,
      url: stringOrNull(value.url),
      startedAt: stringOrNull(value.startedAt) ?? '',
    };
  } catch {
    return null;
  }
}

export interface FoundLock {
  /** null when the content is not a lock (garbage: nobody holds it). */
  holder: LockContent | null;
  /** Names this very content (its token, or the text when it has none), safe in a file name. */
  key: string;
}

/**
 * The lock file (or claim) now at `path`; null when absent. A link or a folder in its place is refused.
 * Other hard links are not: a file being created has two names for a moment (see linkNewLockFile).
 */
export function readLockFile(workspace: string, path: string): FoundLock | null {
  let text: string;
  try {
    const info = lstatSync(path);
    if (info.isSymbolicLink()) throw refusal(workspace, path, WHY_SYMLINK);
    if (!info.isFile()) throw refusal(workspace, path, 'it is not a regular file');
    text = readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  const holder = parseLock(text);
  return { holder, key: keyOf(holder?.token ?? `text:${text}`) };
}

/** A short name for one lock's identity (its token, or its whole text when unreadable). */
const keyOf = (text: string): string => createHash('sha256').update(text).digest('hex').slice(0, 32);

export const keyOfContent = (content: LockContent): string => keyOf(content.token);

/** A complete temp file with `content` beside `path`; the caller names it and removes the temp. */
function writeTemp(workspace: string, path: string, content: LockContent): string {
  const temp = tempNameFor(path);
  const fd = openWorkspaceFileSync(workspace, temp, CREATE_NEW);
  try {
    writeSync(fd, `${JSON.stringify(content, null, 2)}\n`);
  } finally {
    closeSync(fd);
  }
  return temp;
}

/** Creates `path` with `content`; false when the name exists (even as a dangling link). */
export function linkNewLockFile(workspace: string, path: string, content: LockContent): boolean {
  const temp = writeTemp(workspace, path, content);
  try {
    linkSync(temp, path);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  } finally {
    // The file keeps one name only (the workspace refuses hard-linked files it writes).
    rmSync(temp, { force: true });
  }
}

/** Replaces whatever is at `path` with `content` in one step: the name is never missing meanwhile. */
export function renameLockFileOver(workspace: string, path: string, content: LockContent): void {
  const temp = writeTemp(workspace, path, content);
  try {
    renameSync(temp, path);
  } catch (error) {
    rmSync(temp, { force: true });
    throw error;
  }
}

/** Removes a lock file or claim this process holds; never throws. */
export function removeOwnLockFile(path: string): void {
  try {
    rmSync(path, { force: true });
  } catch {
    // Left behind: a dead holder's file is taken over or swept by the next start.
  }
}
