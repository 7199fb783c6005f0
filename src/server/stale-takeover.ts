/**
 * Taking over a stale workspace lock without ever touching a live one. Moving a stale lock aside and
 * reading it back is not enough: two servers that both read the stale lock can both move "it", the
 * second moving the first one's fresh lock (its publish then finds no lock of its own, and a third
 * server can link a new lock in that instant: two servers run). So a lock is only ever replaced, in one
 * step, by a server that proved at that instant it is the stale one it read:
 *
 * - A claim `.fuseforks.lock.claim-{key}` (key: names the stale content) is created exclusively (link):
 *   one server at a time may replace that stale lock. The claim holds the claimant's own identity.
 * - The claimant reads the lock again. Still the stale one: it renames its own complete lock over it
 *   (rename replaces in one step, so the name is never missing and no new lock can be linked in
 *   between). Anything else: someone finished first (or the lock was deleted); it starts over.
 * - A claim whose holder is dead (killed between two steps) is taken over by the same rules, one level
 *   down (a claim of the claim), so a crash never locks the workspace for good. A claim whose holder
 *   lives means a takeover is under way: the caller waits a moment and looks again.
 *
 * No step removes a file it has not created itself, except the sweep after a takeover, which removes
 * claims of dead holders: once the lock is live again, every claim names content that is gone, and
 * whoever still holds one finds that when it reads the lock again.
 */
import { readdirSync } from 'node:fs';
import { basename, join } from 'node:path';
import {
  keyOfContent,
  linkNewLockFile,
  readLockFile,
  removeOwnLockFile,
  renameLockFileOver,
  type LockContent,
} from './lock-file.ts';
import { livenessOf } from './process-identity.ts';

/** Claims of claims go this deep at most: each level needs a holder killed mid-takeover. */
const MAX_DEPTH = 4;

export type Takeover = 'taken' | 'lost' | 'busy';

const claimPrefix = (lockName: string) => `.${lockName}.claim-`;

/**
 * Replaces the file at `path` (the lock, or a claim one level up) whose content has `staleKey` with
 * `content`. `taken`: done; `lost`: it was not the stale content any more (look again); `busy`: another
 * live server holds the claim (wait, then look again).
 */
export function takeOverStale(
  workspace: string,
  path: string,
  staleKey: string,
  content: LockContent,
  lockName = basename(path),
  depth = 0,
): Takeover {
  const claim = join(workspace, `${claimPrefix(lockName)}${staleKey}`);
  if (!linkNewLockFile(workspace, claim, content)) {
    const other = readLockFile(workspace, claim);
    if (other === null || other.key === keyOfContent(content)) return 'lost';
    if (other.holder !== null && livenessOf(other.holder) !== 'dead') return 'busy';
    if (depth >= MAX_DEPTH) return 'busy';
    // Its holder died holding it: take the claim over (our content then stands at `claim`).
    const claimed = takeOverStale(workspace, claim, other.key, content, lockName, depth + 1);
    if (claimed !== 'taken') return claimed;
  }
  try {
    const now = readLockFile(workspace, path);
    if (now === null || now.key !== staleKey) return 'lost';
    renameLockFileOver(workspace, path, content);
    return 'taken';
  } finally {
    removeOwnLockFile(claim);
  }
}

/** After a takeover: removes claims whose holders are dead (left by a kill mid-takeover). */
export function sweepDeadClaims(workspace: string, lockName: string): void {
  let names: string[];
  try {
    names = readdirSync(workspace).filter((name) => name.startsWith(claimPrefix(lockName)));
  } catch {
    return;
  }
  for (const name of names) {
    try {
      const found = readLockFile(workspace, join(workspace, name));
      if (found !== null && (found.holder === null || livenessOf(found.holder) === 'dead')) {
        removeOwnLockFile(join(workspace, name));
      }
    } catch {
      // A link or a folder of that name is not ours to remove.
    }
  }
}
