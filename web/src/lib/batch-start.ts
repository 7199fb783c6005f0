import type { AgentStatus } from './types.ts';

export type BatchMode = 'start' | 'stop' | 'none';

interface AgentLike {
  id: string;
  status: AgentStatus;
  batchStart: boolean;
  groupId: string | null;
}

interface GroupLike {
  id: string;
  batchStart: boolean;
}

/** The global ▶ targets `agent.batchStart && (no group || group.batchStart)` (ledger part 2 §1.7). */
export function globalBatchTargets<T extends AgentLike>(
  agents: readonly T[],
  groups: readonly GroupLike[],
): T[] {
  const byId = new Map<string, GroupLike>(groups.map((g) => [g.id, g]));
  return agents.filter((a) => {
    if (!a.batchStart) return false;
    const group = a.groupId === null ? undefined : byId.get(a.groupId);
    return group === undefined || group.batchStart;
  });
}

/** A group's ▶/■ still respects each member's own batchStart. */
export function groupBatchTargets<T extends AgentLike>(members: readonly T[]): T[] {
  return members.filter((a) => a.batchStart);
}

/**
 * What ▶ does for these targets: start if any can be started (start wins in a mixed state), stop if
 * all are running, and nothing while any is starting or stopping or there is no target.
 */
export function batchMode(targets: readonly AgentLike[]): BatchMode {
  if (targets.length === 0) return 'none';
  if (targets.some((a) => a.status === 'starting' || a.status === 'stopping')) return 'none';
  if (targets.some((a) => a.status !== 'running')) return 'start';
  return 'stop';
}

/** The agents the action touches, in list order; run them one after another. */
export function batchActionTargets<T extends AgentLike>(targets: readonly T[], mode: BatchMode): T[] {
  if (mode === 'start') return targets.filter((a) => a.status === 'idle' || a.status === 'failed');
  if (mode === 'stop') return targets.filter((a) => a.status === 'running');
  return [];
}

/** Card standby buttons are disabled while any agent is starting or stopping (2026-08-27). */
export function anyTransition(agents: readonly AgentLike[]): boolean {
  return agents.some((a) => a.status === 'starting' || a.status === 'stopping');
}
