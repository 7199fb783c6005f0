/**
 * The columns of the blackboard tab (ledger part 1 §5.8, Spec 54 as amended by Spec 55). The core
 * returns notes in its own stable order (root, then state folders by string, then name); the column
 * order lives here only: doing → on-hold → done (always shown) → unfiled → one "Other: <folder>" per
 * other folder (those two only when they hold notes). Several work folders get a board each.
 */
import { BLACKBOARD_STATES, type BlackboardState } from '../../../src/tools/blackboard/layout.ts';
import { resolvedDir } from './blackboard-dir.ts';
import {
  classifyNote,
  collapseKey,
  duplicateNames,
  isOrphan,
  noteOwner,
  sameNoteKey,
  type BlackboardNote,
  type NoteBadge,
  type OwnerFacts,
  type WaveFacts,
} from './blackboard-notes.ts';

export type LaneKind =
  { kind: 'state'; state: BlackboardState } | { kind: 'unfiled' } | { kind: 'other'; folder: string };

export interface NoteCard {
  note: BlackboardNote;
  /** The collapsed-set key, also unique on the board. */
  key: string;
  /** "<owner's current display name> - <task>", or the file name for a note without an owner. */
  heading: string;
  /** The owner's id is shown here (the heading shows the display name), or the file name. */
  title: string;
  ownerId: string | null;
  badge: NoteBadge;
  /** The owner has "Uses the blackboard" off: it has no blackboard tool, so it can no longer change it. */
  ownerOffBoard: boolean;
  duplicate: boolean;
}

export interface Lane {
  /** Stable within a board: `doing`, `on-hold`, `done`, `unfiled`, `other:<folder>`. */
  id: string;
  lane: LaneKind;
  cards: NoteCard[];
}

export interface DirBoard {
  dir: string;
  lanes: Lane[];
}

/**
 * The boards, one per work folder: the agents' folders in world order (so an empty folder still
 * shows its three lanes), then any folder only the notes name (an owner moved since the read).
 */
export function buildBoards(
  notes: readonly BlackboardNote[],
  agents: readonly OwnerFacts[],
  waves: readonly WaveFacts[],
  typing: ReadonlySet<string>,
): DirBoard[] {
  const dirs: string[] = [];
  for (const dir of agents.flatMap((a) => (a.workDir === null ? [] : [resolvedDir(a.workDir)]))) {
    if (!dirs.includes(dir)) dirs.push(dir);
  }
  for (const note of notes) if (!dirs.includes(note.dir)) dirs.push(note.dir);
  const duplicates = duplicateNames(notes);
  const cards = notes.map((note) => card(note, agents, waves, typing, duplicates.has(sameNoteKey(note))));
  return dirs.map((dir) => ({ dir, lanes: lanesOf(cards.filter((c) => c.note.dir === dir)) }));
}

function card(
  note: BlackboardNote,
  agents: readonly OwnerFacts[],
  waves: readonly WaveFacts[],
  typing: ReadonlySet<string>,
  duplicate: boolean,
): NoteCard {
  const owner = noteOwner(note.name, agents);
  return {
    note,
    key: collapseKey(note),
    heading: owner ? `${owner.agent.name} - ${owner.task}` : note.name,
    title: owner ? `${owner.agent.id} - ${owner.task}` : note.name,
    ownerId: owner?.agent.id ?? null,
    badge: classifyNote(note, agents, waves, typing),
    ownerOffBoard: owner !== null && !owner.agent.usesBlackboard,
    duplicate,
  };
}

function laneOf(state: string | null): LaneKind {
  if (state === null) return { kind: 'unfiled' };
  const known = BLACKBOARD_STATES.find((s) => s === state);
  return known ? { kind: 'state', state: known } : { kind: 'other', folder: state };
}

function laneId(lane: LaneKind): string {
  if (lane.kind === 'state') return lane.state;
  return lane.kind === 'unfiled' ? 'unfiled' : `other:${lane.folder}`;
}

/** Orphans first, the rest in the core's order (the badge's priority never orders). */
function ordered(cards: readonly NoteCard[]): NoteCard[] {
  const orphans = cards.filter((c) => isOrphan(c.badge));
  return [...orphans, ...cards.filter((c) => !isOrphan(c.badge))];
}

function lanesOf(cards: readonly NoteCard[]): Lane[] {
  const lanes: Lane[] = BLACKBOARD_STATES.map((state) => ({
    id: state,
    lane: { kind: 'state', state },
    cards: ordered(cards.filter((c) => c.note.state === state)),
  }));
  const unfiled = cards.filter((c) => c.note.state === null);
  if (unfiled.length > 0) lanes.push({ id: 'unfiled', lane: { kind: 'unfiled' }, cards: ordered(unfiled) });
  // Other folders in the core's (string) order, each named: an unknown state is never mixed in silently.
  const others: string[] = [];
  for (const c of cards) {
    const lane = laneOf(c.note.state);
    if (lane.kind === 'other' && !others.includes(lane.folder)) others.push(lane.folder);
  }
  for (const folder of others) {
    const lane: LaneKind = { kind: 'other', folder };
    lanes.push({ id: laneId(lane), lane, cards: ordered(cards.filter((c) => c.note.state === folder)) });
  }
  return lanes;
}
