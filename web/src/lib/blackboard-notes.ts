/**
 * One note of the blackboard tab: its owner and its badge (ledger part 1 §5.8, Spec 55 freeze 13).
 * Nothing about the owner is on the wire: it is derived on every render from the file name, the
 * agents' snapshots and the plan waves.
 */
import { noteNameParts, splitNoteName } from '../../../src/tools/blackboard/task-name.ts';
import { isActiveStatus } from '../../../src/domain/enums.ts';
import { resolvedDir } from './blackboard-dir.ts';
import type { AgentSnapshot, BlackboardNote, PlanWaveRecord } from './types.ts';

export type { BlackboardNote };

/** `notMd`: not a `.md` file, so it claims no owner whatever its name says (the tool ignores it too). */
export type ReleasedReason = 'notMd' | 'orphanUnknown' | 'orphanMoved' | 'failed' | 'stopped' | 'waiting';
export type NoteBadge =
  { kind: 'yourTurn' } | { kind: 'active' } | { kind: 'released'; reason: ReleasedReason };

/**
 * What a badge needs of an agent. Not its snapshot's `typing`: that is only as fresh as the last world
 * fetch; the live typing set (the store's `typing`, what the agent card shows) is passed beside it.
 */
export type OwnerFacts = Pick<AgentSnapshot, 'id' | 'name' | 'workDir' | 'status' | 'usesBlackboard'>;
export type WaveFacts = Pick<PlanWaveRecord, 'agentId' | 'state' | 'bundleChars' | 'tasks'>;

/**
 * The agent a note claims: the part before the first ` - ` matched exactly against an id (the tool's
 * splitNoteName, so the tab and the tool agree on whose note it is). Old `<display name> - …` names
 * are not reinterpreted.
 */
export function noteOwner<A extends Pick<AgentSnapshot, 'id'>>(
  name: string,
  agents: readonly A[],
): { agent: A; task: string } | null {
  const split = splitNoteName(name);
  if (!split) return null;
  const agent = agents.find((a) => a.id === split.owner);
  return agent ? { agent, task: split.task } : null;
}

/**
 * The one badge of a note, yourTurn > active > released. A note its owner cannot reach (no such
 * agent, or the owner now works in another folder) is an orphan whatever the owner is doing
 * elsewhere: that activity is not on this note.
 */
export function classifyNote(
  note: Pick<BlackboardNote, 'dir' | 'name'>,
  agents: readonly OwnerFacts[],
  waves: readonly WaveFacts[],
  typing: ReadonlySet<string>,
): NoteBadge {
  const parts = noteNameParts(note.name);
  if (!parts.ok && parts.why === 'not_md') return { kind: 'released', reason: 'notMd' };
  const owner = noteOwner(note.name, agents)?.agent;
  if (!owner) return { kind: 'released', reason: 'orphanUnknown' };
  if (owner.workDir === null || resolvedDir(owner.workDir) !== note.dir) {
    return { kind: 'released', reason: 'orphanMoved' };
  }
  if (waves.some((w) => w.agentId === owner.id && w.state === 'pending')) return { kind: 'yourTurn' };
  const inDispatched = waves.some(
    (w) =>
      w.state === 'dispatched' &&
      ((w.agentId === owner.id && w.bundleChars === null) ||
        // A pending wave's tasks also say `running` (a placeholder): only a dispatched one counts.
        w.tasks.some((task) => task.to === owner.id && task.state === 'running')),
  );
  if (typing.has(owner.id) || inDispatched) return { kind: 'active' };
  if (owner.status === 'failed') return { kind: 'released', reason: 'failed' };
  // Running but not typing: waiting on something (a delegation answers within the turn).
  if (isActiveStatus(owner.status)) return { kind: 'released', reason: 'waiting' };
  return { kind: 'released', reason: 'stopped' };
}

export function isOrphan(badge: NoteBadge): boolean {
  return (
    badge.kind === 'released' &&
    (badge.reason === 'notMd' || badge.reason === 'orphanUnknown' || badge.reason === 'orphanMoved')
  );
}

/** The collapsed-set key (freeze 10): `dir:state/name`, root `dir:name`; a moved note opens again. */
export function collapseKey(note: Pick<BlackboardNote, 'dir' | 'state' | 'name'>): string {
  return note.state === null ? `${note.dir}:${note.name}` : `${note.dir}:${note.state}/${note.name}`;
}

/** Keys (`dir` + NUL + `name`) of notes whose dir and name lie in more than one state folder. */
export function duplicateNames(
  notes: readonly Pick<BlackboardNote, 'dir' | 'state' | 'name'>[],
): Set<string> {
  const states = new Map<string, Set<string | null>>();
  for (const note of notes) {
    const key = sameNoteKey(note);
    const seen = states.get(key) ?? new Set<string | null>();
    seen.add(note.state);
    states.set(key, seen);
  }
  return new Set([...states].filter(([, seen]) => seen.size > 1).map(([key]) => key));
}

export function sameNoteKey(note: Pick<BlackboardNote, 'dir' | 'name'>): string {
  return `${note.dir}\u0000${note.name}`;
}
