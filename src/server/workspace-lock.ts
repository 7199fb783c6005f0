/**
 * One server per workspace: `{workspace}/fuseforks.lock` names the server that owns the village (pid,
 * URL, a random token). Two servers on one folder would both write world.json and the store, and
 * schedules would fire twice. A lock whose process is gone (or whose pid now names another process,
 * see process-identity.ts) is taken over; a clean exit removes it.
 *
 * The lock is created complete and in one step: written to a temp file, then hard-linked to its
 * name (link fails when the name exists, even as a dangling link), so no reader sees a half lock.
 * Taking over a stale lock never moves or removes a lock (see stale-takeover.ts).
 */
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { CoreError } from '../domain/errors.ts';
import { writeWorkspaceFileAtomic } from '../world/workspace-write.ts';
import { linkNewLockFile, readLockFile, removeOwnLockFile, type LockContent } from './lock-file.ts';
import { identityOf, livenessOf } from './process-identity.ts';
import { sweepDeadClaims, takeOverStale } from './stale-takeover.ts';

export const LOCK_FILE = 'fuseforks.lock';

export interface WorkspaceLock {
  readonly path: string;
  /** Records the URL once the server listens, for the message a second server prints. */
  publish(url: string): Promise<void>;
  /** Removes the lock when it is still ours; never throws. */
  release(): void;
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

const ATTEMPTS = 8;
const pause = new Int32Array(new SharedArrayBuffer(4));

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
    // Another server is taking over right now (its claim is live): give it a moment to finish.
    if (attempt > 0) Atomics.wait(pause, 0, 0, 5 * attempt);
    if (linkNewLockFile(workspace, path, content)) return heldLock(workspace, path, content);
    const found = readLockFile(workspace, path);
    if (found === null) continue;
    if (found.holder !== null) {
      const liveness = livenessOf(found.holder);
      if (liveness !== 'dead') throw alreadyRunning(found.holder, path, liveness === 'elsewhere');
    }
    if (takeOverStale(workspace, path, found.key, content) === 'taken') {
      sweepDeadClaims(workspace, LOCK_FILE);
      return heldLock(workspace, path, content);
    }
  }
  throw new CoreError('CONFIG_IO', `could not take ${LOCK_FILE}: it kept changing; try again`, {
    detail: LOCK_FILE,
    retryable: true,
  });
}

function heldLock(workspace: string, path: string, content: LockContent): WorkspaceLock {
  const ours = () => {
    try {
      return readLockFile(workspace, path)?.holder?.token === content.token;
    } catch {
      return false;
    }
  };
  return {
    path,
    async publish(url) {
      // Nobody else replaces a live lock, so a lock that is not ours means it was deleted by hand.
      if (!ours()) return;
      await writeWorkspaceFileAtomic(workspace, path, `${JSON.stringify({ ...content, url }, null, 2)}\n`);
    },
    release() {
      if (ours()) removeOwnLockFile(path);
    },
  };
}
