/**
 * The pending list of run.json and the approval functions behind the approval screen (Spec 20).
 * Every change goes through {@link updateRunJson} (read -> change only what is named -> atomic write).
 *
 * The list heals itself: only entries `decide` still calls 'pending' may stay ("should it be listed"
 * and "may it run" are one question), so every write here also drops entries a newer allow or deny
 * now covers, and the listing filters the same way.
 */
import type { DiagLog } from '../../diag/log.ts';
import { CoreError } from '../../domain/errors.ts';
import { readTextOrNull } from '../../world/fs-util.ts';
import { assertNoSymlink } from '../../world/no-symlink.ts';
import type { VillagePaths } from '../../world/paths.ts';
import { currentHost, type HostInfo } from './host.ts';
import { decide, pendingPattern, sameRequest } from './patterns.ts';
import { parseRunJson, PENDING_MAX, type PendingCommand, type RunPolicy } from './policy.ts';
import { updateRunJson, type UpdateStep } from './update-run-json.ts';

function stillPending(policy: Pick<RunPolicy, 'allow' | 'deny'>, host: HostInfo) {
  return (entry: PendingCommand) => decide(policy, entry.command, entry.args, host) === 'pending';
}

/** The pending list with entries that are no longer 'pending' dropped. */
export function sweep(policy: RunPolicy, host: HostInfo = currentHost()): PendingCommand[] {
  return policy.pending.filter(stillPending(policy, host));
}

function sweepStep<T>(policy: RunPolicy, result: T, host: HostInfo): UpdateStep<T> {
  const kept = sweep(policy, host);
  return { change: kept.length === policy.pending.length ? null : { pending: kept }, result };
}

export type NotePendingResult =
  | { outcome: 'queued'; count: number; pendingTotal: number }
  /** The file changed since the decision and the call is no longer 'pending': nothing queued. */
  | { outcome: 'not_pending' }
  /** run.json is broken: left byte for byte as it is and nothing queued. */
  | { outcome: 'broken'; problem: string };

/** One call to queue: the model's `reason` (already read by readReason) travels with it. */
export interface PendingRequest {
  command: string;
  args: readonly string[];
  reason?: string | null;
}

/**
 * Queues a call for a person's approval. An identical (command, args) already pending counts up and
 * keeps its firstRequestedAtMs; the latest non-empty reason wins (an empty one keeps the earlier).
 * Past PENDING_MAX the oldest firstRequestedAtMs is pushed out (never the request being noted). A
 * missing run.json is created.
 */
export async function notePending(
  paths: VillagePaths,
  agentId: string,
  request: PendingRequest,
  nowMs: number,
  log?: DiagLog,
  host: HostInfo = currentHost(),
): Promise<NotePendingResult> {
  try {
    return await updateRunJson<NotePendingResult>(
      paths,
      agentId,
      (policy) => {
        const { command, args } = request;
        const reason = request.reason?.trim() ? request.reason : null;
        if (decide(policy, command, args, host) !== 'pending') {
          return sweepStep(policy, { outcome: 'not_pending' }, host);
        }
        const pending = sweep(policy, host).map((e) => ({ ...e }));
        let noted = pending.find((e) => sameRequest(e, command, args, host));
        if (noted) noted.count += 1;
        else {
          noted = { command, args: [...args], count: 1, firstRequestedAtMs: nowMs };
          pending.push(noted);
        }
        if (reason !== null) noted.reason = reason;
        while (pending.length > PENDING_MAX) {
          const others = pending.filter((e) => e !== noted);
          const oldest = others.reduce((a, b) => (b.firstRequestedAtMs < a.firstRequestedAtMs ? b : a));
          pending.splice(pending.indexOf(oldest), 1);
        }
        return {
          change: { pending },
          result: { outcome: 'queued', count: noted.count, pendingTotal: pending.length },
        };
      },
      log,
    );
  } catch (error) {
    if (error instanceof CoreError && error.code === 'SERDE_FAILED') {
      return { outcome: 'broken', problem: error.message };
    }
    throw error;
  }
}

/**
 * Drops pending entries a newer allow / deny covers (a person's hand edit), writing only when there
 * is something to drop. Returns how many were dropped; a broken file is left alone (0).
 */
export async function sweepPending(
  paths: VillagePaths,
  agentId: string,
  log?: DiagLog,
  host: HostInfo = currentHost(),
): Promise<number> {
  try {
    return await updateRunJson(
      paths,
      agentId,
      (policy) => sweepStep(policy, policy.pending.length - sweep(policy, host).length, host),
      log,
    );
  } catch (error) {
    if (error instanceof CoreError && error.code === 'SERDE_FAILED') return 0;
    throw error;
  }
}

export interface PendingListEntry extends PendingCommand {
  /** What approving as exact would add to allow (and rejecting to deny); null: not expressible. */
  exactPattern: string | null;
  /** What approving as open would add to allow; null: not expressible. */
  openPattern: string | null;
}

export interface AgentPending {
  agentId: string;
  /** Oldest first. */
  entries: PendingListEntry[];
  /** Set when run.json is broken (nothing listed; the file needs a person). */
  problem: string | null;
}

export interface PendingListing {
  agents: AgentPending[];
  /** The village badge: entries over all the agents given. */
  total: number;
}

function listed(entry: PendingCommand, host: HostInfo): PendingListEntry {
  return {
    ...entry,
    exactPattern: pendingPattern(entry, false, host),
    openPattern: pendingPattern(entry, true, host),
  };
}

/** The approval screen's list, read only (nothing is written, a broken file is reported). */
export async function listPending(
  paths: VillagePaths,
  agentIds: readonly string[],
  host: HostInfo = currentHost(),
): Promise<PendingListing> {
  const agents: AgentPending[] = [];
  for (const agentId of agentIds) agents.push(await listOne(paths, agentId, host));
  return { agents, total: agents.reduce((sum, a) => sum + a.entries.length, 0) };
}

/** run.json read only: null when absent, a problem when unreadable or broken. */
async function readPolicy(
  paths: VillagePaths,
  agentId: string,
): Promise<{ policy: RunPolicy | null; problem: string | null }> {
  let text: string | null;
  try {
    const path = paths.configFile(agentId, 'run');
    await assertNoSymlink(paths.workspace, path);
    text = await readTextOrNull(path);
  } catch (error) {
    const problem = error instanceof CoreError ? error.message : 'run.json cannot be read';
    return { policy: null, problem };
  }
  if (text === null) return { policy: null, problem: null };
  const parsed = parseRunJson(text);
  return parsed.ok ? { policy: parsed.policy, problem: null } : { policy: null, problem: parsed.problem };
}

async function listOne(paths: VillagePaths, agentId: string, host: HostInfo): Promise<AgentPending> {
  const { policy, problem } = await readPolicy(paths, agentId);
  if (policy === null) return { agentId, entries: [], problem };
  const entries = sweep(policy, host)
    .map((e) => listed(e, host))
    .sort((a, b) => a.firstRequestedAtMs - b.firstRequestedAtMs);
  return { agentId, entries, problem: null };
}

/**
 * Where one request stands now, for the chat row of the call that queued it (issue 22, past the
 * ledger): `pending` (still listed: the buttons), `allowed` / `denied` (run.json decides it now,
 * whoever decided), `gone` (not listed and not decided: pushed out or removed by hand, the row says
 * 「もう一覧にありません」), `broken` (run.json needs a person). Read only.
 */
export type RequestState = 'pending' | 'allowed' | 'denied' | 'gone' | 'broken';

export interface RequestStanding {
  state: RequestState;
  /** The listed entry (its reason and the two pattern strings) while `pending`; else null. */
  entry: PendingListEntry | null;
}

export async function requestState(
  paths: VillagePaths,
  agentId: string,
  command: string,
  args: readonly string[],
  host: HostInfo = currentHost(),
): Promise<RequestStanding> {
  const { policy, problem } = await readPolicy(paths, agentId);
  if (problem !== null) return { state: 'broken', entry: null };
  if (policy === null) return { state: 'gone', entry: null };
  const decision = decide(policy, command, args, host);
  if (decision === 'allow') return { state: 'allowed', entry: null };
  if (decision === 'deny') return { state: 'denied', entry: null };
  const entry = findPending(policy, command, args, host);
  return entry ? { state: 'pending', entry: listed(entry, host) } : { state: 'gone', entry: null };
}

export type ApproveResult =
  /** `firstAllow`: allow was empty before; the agent can run commands from its next turn. */
  | { outcome: 'approved'; pattern: string; firstAllow: boolean; pendingLeft: number }
  | { outcome: 'not_found' }
  /** The entry cannot be written as a pattern of that form; nothing changed (see pendingPattern). */
  | { outcome: 'inexpressible' };

export type RejectResult =
  | { outcome: 'rejected'; pattern: string; pendingLeft: number }
  | { outcome: 'not_found' }
  | { outcome: 'inexpressible' };

function findPending(policy: RunPolicy, command: string, args: readonly string[], host: HostInfo) {
  return sweep(policy, host).find((e) => sameRequest(e, command, args, host)) ?? null;
}

/**
 * Moves one pending entry into allow as `pendingPattern(entry, open)` (the caller chooses only
 * `open`; exact is the narrow default). An entry that is not pending now is `not_found`, never an
 * error and never a write of anything but the sweep. Broken run.json: SERDE_FAILED, file untouched.
 */
export async function approveCommand(
  paths: VillagePaths,
  agentId: string,
  command: string,
  args: readonly string[],
  open: boolean,
  log?: DiagLog,
  host: HostInfo = currentHost(),
): Promise<ApproveResult> {
  return updateRunJson<ApproveResult>(
    paths,
    agentId,
    (policy) => {
      const entry = findPending(policy, command, args, host);
      if (!entry) return sweepStep(policy, { outcome: 'not_found' }, host);
      const pattern = pendingPattern(entry, open, host);
      if (pattern === null) return { change: null, result: { outcome: 'inexpressible' } };
      const allow = policy.allow.includes(pattern) ? policy.allow : [...policy.allow, pattern];
      const next = { ...policy, allow, pending: policy.pending.filter((e) => e !== entry) };
      const pending = sweep(next, host);
      return {
        change: { allow, pending },
        result: {
          outcome: 'approved',
          pattern,
          firstAllow: policy.allow.length === 0,
          pendingLeft: pending.length,
        },
      };
    },
    log,
  );
}

/**
 * Moves one pending entry into deny as its exact pattern (removing it alone would only let it be
 * queued again). Not pending now: `not_found`. Not expressible exactly: `inexpressible`, nothing
 * changed (a wider deny would silently refuse calls nobody looked at; a person can write one by hand).
 */
export async function rejectCommand(
  paths: VillagePaths,
  agentId: string,
  command: string,
  args: readonly string[],
  log?: DiagLog,
  host: HostInfo = currentHost(),
): Promise<RejectResult> {
  return updateRunJson<RejectResult>(
    paths,
    agentId,
    (policy) => {
      const entry = findPending(policy, command, args, host);
      if (!entry) return sweepStep(policy, { outcome: 'not_found' }, host);
      const pattern = pendingPattern(entry, false, host);
      if (pattern === null) return { change: null, result: { outcome: 'inexpressible' } };
      const deny = policy.deny.includes(pattern) ? policy.deny : [...policy.deny, pattern];
      const next = { ...policy, deny, pending: policy.pending.filter((e) => e !== entry) };
      const pending = sweep(next, host);
      return {
        change: { deny, pending },
        result: { outcome: 'rejected', pattern, pendingLeft: pending.length },
      };
    },
    log,
  );
}
