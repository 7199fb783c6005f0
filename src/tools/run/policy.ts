/**
 * The run.json model, `agents/{id}/run.json`: `{ version, allow[], deny[], pending[], timeoutSecs }`
 * (ledger part 5 §2.1). Two readers, because the safe fallback differs by path (failures.md #70):
 * - {@link loadPolicyForMatching}: a missing or broken file gives the defaults. allow and deny both
 *   vanish together, so every call is pending: fail closed.
 * - {@link readPolicyForWriteBack}: a missing file is an empty policy, a broken one is an error and
 *   the file is never touched (writing back defaults is what erased a person's allow and deny).
 */
import { CoreError } from '../../domain/errors.ts';
import { configIo, readTextOrNull } from '../../world/fs-util.ts';
import { assertNoSymlink } from '../../world/no-symlink.ts';
import type { VillagePaths } from '../../world/paths.ts';
import {
  defaultPolicy,
  parseRunJson,
  RUN_JSON_VERSION,
  RUN_TIMEOUT_DEFAULT_SECS,
  type RunPolicy,
} from '../../world/run-json.ts';

export {
  defaultPolicy,
  parseRunJson,
  PENDING_MAX,
  RUN_JSON_VERSION,
  RUN_TIMEOUT_DEFAULT_SECS,
  type ParsedRunJson,
  type PendingCommand,
  type RunPolicy,
} from '../../world/run-json.ts';

export interface MatchingPolicy {
  policy: RunPolicy;
  /** `missing` and `broken` both give the defaults: every call pending. */
  source: 'file' | 'missing' | 'broken';
  /** Why the file could not be used (`broken` only). */
  problem: string | null;
}

/** The policy to match a call against. Never throws: anything unreadable is the defaults. */
export async function loadPolicyForMatching(paths: VillagePaths, agentId: string): Promise<MatchingPolicy> {
  let text: string | null;
  try {
    const path = paths.configFile(agentId, 'run');
    await assertNoSymlink(paths.workspace, path);
    text = await readTextOrNull(path);
  } catch (error) {
    return { policy: defaultPolicy(), source: 'broken', problem: describe(error) };
  }
  if (text === null) return { policy: defaultPolicy(), source: 'missing', problem: null };
  const parsed = parseRunJson(text);
  if (!parsed.ok) return { policy: defaultPolicy(), source: 'broken', problem: parsed.problem };
  return { policy: parsed.policy, source: 'file', problem: null };
}

export interface WriteBackPolicy {
  path: string;
  /** The exact text read (null: no file), compared again right before writing. */
  text: string | null;
  /** The parsed top level (null: no file); unknown fields are kept on write-back. */
  raw: Record<string, unknown> | null;
  policy: RunPolicy;
}

/** The policy a write-back starts from. A broken file is a SERDE_FAILED error and stays as it is. */
export async function readPolicyForWriteBack(paths: VillagePaths, agentId: string): Promise<WriteBackPolicy> {
  const path = paths.configFile(agentId, 'run');
  await assertNoSymlink(paths.workspace, path);
  let text: string | null;
  try {
    text = await readTextOrNull(path);
  } catch (error) {
    throw configIo('read', path, error);
  }
  if (text === null) return { path, text, raw: null, policy: defaultPolicy() };
  const parsed = parseRunJson(text);
  if (!parsed.ok) {
    throw new CoreError('SERDE_FAILED', `run.json cannot be read (${parsed.problem}); fix it by hand`, {
      agentId,
    });
  }
  return { path, text, raw: parsed.raw, policy: parsed.policy };
}

export type PolicyChange = Partial<Pick<RunPolicy, 'allow' | 'deny' | 'pending'>>;

/**
 * The text to write: the file's own top level with only the changed lists replaced (unknown fields
 * and the person's values kept, in their order). A file that did not exist starts from a visible
 * empty shell with the default timeout.
 */
export function serializeRunJson(raw: Record<string, unknown> | null, change: PolicyChange): string {
  const base: Record<string, unknown> = raw ?? {
    version: RUN_JSON_VERSION,
    allow: [],
    deny: [],
    pending: [],
    timeoutSecs: RUN_TIMEOUT_DEFAULT_SECS,
  };
  const next: Record<string, unknown> = { ...base, ...change };
  if (change.pending) {
    next.pending = change.pending.map((e) => ({
      command: e.command,
      args: e.args,
      count: e.count,
      firstRequestedAtMs: e.firstRequestedAtMs,
      // Written only when there is one, so files without reasons stay as the ledger shapes them.
      ...(e.reason ? { reason: e.reason } : {}),
    }));
  }
  return `${JSON.stringify(next, null, 2)}\n`;
}

function describe(error: unknown): string {
  if (error instanceof CoreError) return error.message;
  return (error as NodeJS.ErrnoException | null)?.code ?? 'the file cannot be read';
}
