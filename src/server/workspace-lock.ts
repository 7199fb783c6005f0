/**
 * One server per workspace: `{workspace}/fuseforks.lock` names the server that owns the village (pid,
 * URL, a random token). Two servers on one folder would both write world.json and the store, and
 * schedules would fire twice. A lock whose process is gone (or whose pid now names another process,
 * see process-identity.ts) is taken over; a clean exit removes it.
 *
 * The lock is created complete and in one step: written to a temp file, then hard-linked to its
 * name (link fails when the name exists, even as a dangling link), so no reader sees a half lock.
 */
import { randomBytes } from 'node:crypto';
import { closeSync, linkSync, lstatSync, readFileSync, renameSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { CoreError } from '../domain/errors.ts';
import { CREATE_NEW, tempNameFor } from '../world/fs-util.ts';
import { refusal, WHY_SYMLINK } from '../world/workspace-path.ts';
import { openWorkspaceFileSync, writeWorkspaceFileAtomic } from '../world/workspace-write.ts';
import { identityOf, livenessOf, type ProcessIdentity } from './process-identity.ts';

export const LOCK_FILE = 'fuseforks.lock';

interface LockContent extends ProcessIdentity {
  token: string;
  /** null while the server is still starting (before it listens). */
  url: string | null;
  startedAt: string;
}

export interface WorkspaceLock {
  readonly path: string;
  /** Records the URL once the server listens, for the message a second server prints. */
  publish(url: string): Promise<void>;
  /** Removes the lock when it is still ours; never throws. */
  release(): void;
}

function parseLock(text: string): LockContent | null {
  try {
    const value = JSON.parse(text) as Partial<LockContent> | null;
    if (!value || !Number.isSafeInteger(value.pid) || (value.pid as number) <= 0) return null;
    if (typeof value.token !== 'string' || typeof value.host !== 'string') return null;
    return {
      pid: value.pid as number,
      host: value.host,
      bootId: typeof value.bootId === 'string' ? value.bootId : null,
      startTicks: typeof value.startTicks === 'string' ? value.startTicks : null,
      token: value.token,
      url: typeof value.url === 'string' ? value.url : null,
      startedAt: typeof value.startedAt === 'string' ? value.startedAt : '',
    };
  } catch {
    return null;
  }
}

/**
 * The lock now on disk; null when absent. A link or a folder in its place is refused. Other hard
 * links are not: a lock being created has two names for a moment (see linkNewLock).
 */
function readLock(workspace: string, path: string): LockContent | null | 'unreadable' {
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
  return parseLock(text) ?? 'unreadable';
}

function alreadyRunning(holder: LockContent, path: string, elsewhere: boolean): CoreError {
  const where = elsewhere ? ` on ${holder.host}` : '';
  const url = holder.url ?? 'still starting';
  const hint = elsewhere
    ? `; if no server runs there any more, delete ${path}`
    : '; stop it first (or open its URL)';
  return new CoreError(
    'ALREADY_RUNNING',
    `another Fuseforks server is running in this workspace (pid ${holder.pid}${where}, ${url})${hint}`,
    { detail: `pid=${holder.pid} url=${url}` },
  );
}

/** Writes `content` into a fresh temp file beside the lock and links it to the lock's name. */
function linkNewLock(workspace: string, path: string, content: LockContent): boolean {
  const temp = tempNameFor(path);
  const fd = openWorkspaceFileSync(workspace, temp, CREATE_NEW);
  try {
    writeSync(fd, `${JSON.stringify(content, null, 2)}\n`);
  } finally {
    closeSync(fd);
  }
  try {
    linkSync(temp, path);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  } finally {
    // The lock keeps one name only (the workspace refuses hard-linked files it writes).
    rmSync(temp, { force: true });
  }
}

/**
 * Moves a stale lock out of the way. Renamed aside first and read back: when two servers take over
 * the same stale lock, only the one that moved that very file goes on (the other finds a live lock
 * on its next attempt).
 */
function removeStale(path: string, stale: LockContent | 'unreadable'): void {
  const aside = tempNameFor(path);
  try {
    renameSync(path, aside);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  const moved = parseLock(readFileSync(aside, 'utf8'));
  const same = stale === 'unreadable' ? moved === null : moved?.token === stale.token;
  if (!same) {
    // We moved a lock another server had just taken: put it back (unless a third one came).
    try {
      linkSync(aside, path);
    } catch {
      // Its owner will find its lock gone and the next start takes over: no worse than a crash.
    }
  }
  rmSync(aside, { force: true });
}

const ATTEMPTS = 4;

/** Takes the workspace; throws ALREADY_RUNNING naming the running server (pid, URL). */
export function acquireWorkspaceLock(workspace: string): WorkspaceLock {
  const path = join(workspace, LOCK_FILE);
  const content: LockContent = {
    ...identityOf(process.pid),
    token: randomBytes(16).toString('hex'),
    url: null,
    startedAt: new Date().toISOString(),
  };
  for (let attempt = 0; attempt < ATTEMPTS; attempt += 1) {
    if (linkNewLock(workspace, path, content)) return heldLock(workspace, path, content);
    const holder = readLock(workspace, path);
    if (holder === null) continue;
    if (holder !== 'unreadable') {
      const liveness = livenessOf(holder);
      if (liveness !== 'dead') throw alreadyRunning(holder, path, liveness === 'elsewhere');
    }
    removeStale(path, holder);
  }
  throw new CoreError('CONFIG_IO', `could not take ${LOCK_FILE}: it kept changing; try again`, {
    detail: LOCK_FILE,
    retryable: true,
  });
}

function heldLock(workspace: string, path: string, content: LockContent): WorkspaceLock {
  const ours = () => {
    try {
      const now = readLock(workspace, path);
      return now !== null && now !== 'unreadable' && now.token === content.token;
    } catch {
      return false;
    }
  };
  return {
    path,
    async publish(url) {
      if (!ours()) return;
      await writeWorkspaceFileAtomic(workspace, path, `${JSON.stringify({ ...content, url }, null, 2)}\n`);
    },
    release() {
      if (ours()) rmSync(path, { force: true });
    },
  };
}
