import { lstat, readdir, realpath } from 'node:fs/promises';
import { join } from 'node:path';
import { BLACKBOARD_DIR, BLACKBOARD_STATES, isBlackboardState, type BlackboardState } from './layout.ts';
import { oneLine } from './shown.ts';
import { noteNameParts } from './task-name.ts';

/** Where a note lies: a state folder, directly in `blackboard/` (root), or another folder. */
export type Location =
  { kind: 'state'; state: BlackboardState } | { kind: 'root' } | { kind: 'other'; folder: string };

export interface BoardNote {
  location: Location;
  fileName: string;
  /** Path relative to the work folder, `/`-separated. */
  rel: string;
  abs: string;
  owner: string | null;
  task: string | null;
  /** Why the name claims no owner (null when it does): list says "not a .md file" for not_md. */
  noOwnerWhy: 'not_md' | 'no_separator' | null;
}

export interface Board {
  /** The work folder's real path: every write below is pinned to it. */
  root: string;
  notes: BoardNote[];
}

/** The `state=` value of the log line: other folders' names are never logged. */
export function locationLogValue(location: Location | null): string {
  if (location === null) return '-';
  return location.kind === 'state' ? location.state : location.kind;
}

export function locationLabel(location: Location): string {
  if (location.kind === 'state') return location.state;
  if (location.kind === 'root') return BLACKBOARD_DIR;
  return `${BLACKBOARD_DIR}/${oneLine(location.folder)}`;
}

function rank(location: Location): number {
  if (location.kind === 'state') return BLACKBOARD_STATES.indexOf(location.state);
  return location.kind === 'root' ? 3 : 4;
}

/** Board order (freeze 5 f): doing → on-hold → done → root → other (by folder), then by name. */
function compareNotes(a: BoardNote, b: BoardNote): number {
  const byRank = rank(a.location) - rank(b.location);
  if (byRank !== 0) return byRank;
  const folderA = a.location.kind === 'other' ? a.location.folder : '';
  const folderB = b.location.kind === 'other' ? b.location.folder : '';
  if (folderA !== folderB) return folderA < folderB ? -1 : 1;
  return a.fileName < b.fileName ? -1 : a.fileName > b.fileName ? 1 : 0;
}

export class BoardUnsafeError extends Error {
  constructor() {
    super('blackboard/ is not a plain folder of the work folder');
  }
}

/**
 * Reads the board of a work folder: root files and files exactly one folder deep (ledger §4.2).
 * Links are never followed: a linked `blackboard/` is refused as a whole, a linked state folder or
 * note is passed over (it could point anywhere). Null when the work folder itself does not exist;
 * a missing `blackboard/` is an empty board.
 */
export async function scanBoard(workDir: string): Promise<Board | null> {
  let root: string;
  try {
    root = await realpath(workDir);
  } catch {
    return null;
  }
  const boardAbs = join(root, BLACKBOARD_DIR);
  const seen = await lstat(boardAbs).catch(() => null);
  if (seen === null) return { root, notes: [] };
  if (seen.isSymbolicLink() || !seen.isDirectory()) throw new BoardUnsafeError();
  const notes: BoardNote[] = [];
  for (const entry of await readdir(boardAbs, { withFileTypes: true })) {
    if (entry.isFile()) {
      notes.push(
        note({ kind: 'root' }, entry.name, `${BLACKBOARD_DIR}/${entry.name}`, join(boardAbs, entry.name)),
      );
    } else if (entry.isDirectory()) {
      const folder = entry.name;
      const location: Location = isBlackboardState(folder)
        ? { kind: 'state', state: folder }
        : { kind: 'other', folder };
      const files = await readdir(join(boardAbs, folder), { withFileTypes: true }).catch(() => []);
      for (const file of files) {
        if (!file.isFile()) continue;
        notes.push(
          note(
            location,
            file.name,
            `${BLACKBOARD_DIR}/${folder}/${file.name}`,
            join(boardAbs, folder, file.name),
          ),
        );
      }
    }
  }
  notes.sort(compareNotes);
  return { root, notes };
}

function note(location: Location, fileName: string, rel: string, abs: string): BoardNote {
  const parts = noteNameParts(fileName);
  return parts.ok
    ? { location, fileName, rel, abs, owner: parts.owner, task: parts.task, noOwnerWhy: null }
    : { location, fileName, rel, abs, owner: null, task: null, noOwnerWhy: parts.why };
}
