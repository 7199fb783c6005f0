/**
 * The one read-modify-write of run.json used by the agent's pending appends and the person's
 * approvals (ledger part 5: never a full overwrite). Under the same per-file lock as a person's save
 * (`withFileLock`), so the two never interleave in this process; across processes (a hand edit) the
 * file is read again right before the atomic write, and a change underneath retries, up to
 * RUN_JSON_WRITE_ATTEMPTS, with one WARN line.
 */
import type { DiagLog } from '../../diag/log.ts';
import { CoreError } from '../../domain/errors.ts';
import { RUN_JSON_WRITE_ATTEMPTS, withFileLock } from '../../world/config-files.ts';
import { configIo, readTextOrNull } from '../../world/fs-util.ts';
import type { VillagePaths } from '../../world/paths.ts';
import { writeWorkspaceFileAtomic } from '../../world/workspace-write.ts';
import { readPolicyForWriteBack, serializeRunJson, type PolicyChange, type RunPolicy } from './policy.ts';

export interface UpdateStep<T> {
  /** null: nothing to write. */
  change: PolicyChange | null;
  result: T;
}

/**
 * Reads run.json, applies `step` to the policy and writes only the lists it changed. A broken file
 * throws (SERDE_FAILED) before anything is written; `step` may run more than once (once per attempt),
 * so it must be pure.
 */
export async function updateRunJson<T>(
  paths: VillagePaths,
  agentId: string,
  step: (policy: RunPolicy) => UpdateStep<T>,
  log?: DiagLog,
): Promise<T> {
  const path = paths.configFile(agentId, 'run');
  return withFileLock(path, async () => {
    let warned = false;
    for (let attempt = 1; attempt <= RUN_JSON_WRITE_ATTEMPTS; attempt += 1) {
      const before = await readPolicyForWriteBack(paths, agentId);
      const { change, result } = step(before.policy);
      if (change === null) return result;
      const text = serializeRunJson(before.raw, change);
      let now: string | null;
      try {
        now = await readTextOrNull(path);
      } catch (error) {
        throw configIo('read', path, error);
      }
      if (now !== before.text) {
        if (!warned) {
          log?.warn(`run.json changed while updating: agent=${agentId} attempt=${attempt}; retrying`);
          warned = true;
        }
        continue;
      }
      try {
        await writeWorkspaceFileAtomic(paths.workspace, path, text);
      } catch (error) {
        throw configIo('write', path, error);
      }
      return result;
    }
    throw new CoreError('CONFIG_IO', 'run.json kept changing while saving; try again', {
      retryable: true,
      agentId,
    });
  });
}
