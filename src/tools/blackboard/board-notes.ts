import type { Stats } from 'node:fs';
import { lstat, readdir, realpath, type FileHandle } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { BlackboardNote } from '../../domain/blackboard.ts';
import type { Language } from '../../domain/enums.ts';
import { openForReading } from '../work-dir/pinned-dir.ts';
import { BOARD_TEXTS } from './board-texts.ts';
import { BLACKBOARD_DIR } from './layout.ts';
import { isSafeNoteName } from './note-name.ts';

/**
 * The board as the UI reads it (IPC list_blackboard, ledger §1.8 blackboard_contract). Not the
 * tool's scan (board-scan.ts): that one orders doing → on-hold → done and refuses a linked board;
 * this one keeps the core order (root by name, then state folders by string order, then name) and
 * leaves out hard-linked files too, so that what it lists is exactly what delete may touch.
 */
export type { BlackboardNote } from '../../domain/blackboard.ts';

/** One note the board would list, before its content is read. */
export interface NoteEntry {
  dir: string;
  /** The work folder's real path: reads and trashing are pinned below it. */
  root: string;
  state: string | null;
  name: string;
  abs: string;
  /** Relative to the work folder, `/`-separated: what messages show. */
  rel: string;
}

/** The most notes one listing carries (the first ones in core order); a board is a few dozen. */
export const MAX_BOARD_NOTES = 1_000;
/** The IPC payload bound per note: 256 KB, cut on a character boundary. */
export const NOTE_CONTENT_MAX_BYTES = 262_144;

/**
 * blackboard_dirs: the work folder of every registered agent that has one, de-duplicated by the
 * resolved string, in world order. The one list read, delete, clear and the agent sweep share, so a
 * note on screen can always be deleted and nothing off it can.
 */
export function blackboardDirs(agents: readonly { workDir: string | null }[]): string[] {
  const dirs: string[] = [];
  for (const agent of agents) {
    if (typeof agent.workDir !== 'string' || agent.workDir === '') continue;
    const dir = resolve(agent.workDir);
    if (!dirs.includes(dir)) dirs.push(dir);
  }
  return dirs;
}

/** A note may be listed, read and deleted: a regular file with one name (no link, no hard link). */
export function isPlainNote(info: Stats): boolean {
  return info.isFile() && !info.isSymbolicLink() && info.nlink === 1;
}

const byName = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/**
 * The names of a folder that could be a note or a state, sorted. A name delete would refuse
 * (is_safe_note_name: hidden like `.DS_Store`, or with control characters) is never listed either,
 * so list, delete and clear agree on every name.
 */
async function entriesOf(folder: string): Promise<string[]> {
  // An unreadable folder is an empty one: one locked folder never holds the whole board hostage.
  const names = await readdir(folder).catch(() => [] as string[]);
  return names.filter((name) => isSafeNoteName(name)).sort(byName);
}

async function plainFolder(path: string): Promise<boolean> {
  const info = await lstat(path).catch(() => null);
  return info !== null && info.isDirectory() && !info.isSymbolicLink();
}

/**
 * The notes of one work folder in core order: root files, then each folder one level down; deeper
 * files, links (board, folder or note), hard links, non-regular files and unsafe names are left out.
 * A missing work folder or blackboard/ is an empty board. Found one at a time, so a reader that has
 * its 1,000 stops looking: a folder of 100,000 files is not lstat'ed whole at every refresh.
 */
export async function* noteEntriesOf(dir: string): AsyncGenerator<NoteEntry> {
  const root = await realpath(dir).catch(() => null);
  if (root === null) return;
  const board = join(root, BLACKBOARD_DIR);
  if (!(await plainFolder(board))) return;
  const folders: string[] = [];
  for (const name of await entriesOf(board)) {
    const abs = join(board, name);
    const info = await lstat(abs).catch(() => null);
    if (info === null) continue;
    if (isPlainNote(info)) yield { dir, root, state: null, name, abs, rel: `${BLACKBOARD_DIR}/${name}` };
    else if (info.isDirectory() && !info.isSymbolicLink()) folders.push(name);
  }
  for (const state of folders) {
    for (const name of await entriesOf(join(board, state))) {
      const abs = join(board, state, name);
      const info = await lstat(abs).catch(() => null);
      if (info !== null && isPlainNote(info))
        yield { dir, root, state, name, abs, rel: `${BLACKBOARD_DIR}/${state}/${name}` };
    }
  }
}

/** Every note of one work folder (the agent sweep: it is not capped). */
export async function scanNoteEntries(dir: string): Promise<NoteEntry[]> {
  const notes: NoteEntry[] = [];
  for await (const entry of noteEntriesOf(dir)) notes.push(entry);
  return notes;
}

/** Every dir's notes in blackboard_dirs order, at most `limit` in all. */
export async function listNoteEntries(
  dirs: readonly string[],
  limit = MAX_BOARD_NOTES,
): Promise<NoteEntry[]> {
  const all: NoteEntry[] = [];
  if (limit <= 0) return all;
  for (const dir of dirs) {
    for await (const entry of noteEntriesOf(dir)) {
      all.push(entry);
      if (all.length >= limit) return all;
    }
  }
  return all;
}

/** list_blackboard: the notes with their content; an unreadable note is passed over silently. */
export async function readBoardNotes(dirs: readonly string[], language: Language): Promise<BlackboardNote[]> {
  const notes: BlackboardNote[] = [];
  for (const dir of dirs) {
    for await (const entry of noteEntriesOf(dir)) {
      const note = await readNoteEntry(entry, language).catch(() => null);
      if (note === null) continue;
      notes.push(note);
      if (notes.length >= MAX_BOARD_NOTES) return notes;
    }
  }
  return notes;
}

async function readNoteEntry(entry: NoteEntry, language: Language): Promise<BlackboardNote | null> {
  const handle = await openForReading(entry.root, entry.abs);
  try {
    const info = await handle.stat();
    // The same rules on what was opened: a note swapped for a FIFO or a hard link meanwhile is skipped.
    if (!isPlainNote(info)) return null;
    const bytes = await readUpTo(handle, NOTE_CONTENT_MAX_BYTES + 1);
    const truncated = bytes.length > NOTE_CONTENT_MAX_BYTES;
    const text = new TextDecoder('utf-8').decode(
      truncated ? cutAtCharacter(bytes, NOTE_CONTENT_MAX_BYTES) : bytes,
    );
    return {
      dir: entry.dir,
      state: entry.state,
      name: entry.name,
      content: truncated ? `${text}\n\n${BOARD_TEXTS[language].contentCut(entry.rel)}` : text,
      modifiedMs: Math.floor(info.mtimeMs),
      truncated,
    };
  } finally {
    await handle.close();
  }
}

async function readUpTo(handle: FileHandle, max: number): Promise<Buffer> {
  const buffer = Buffer.alloc(max);
  let filled = 0;
  while (filled < max) {
    const { bytesRead } = await handle.read(buffer, filled, max - filled, filled);
    if (bytesRead === 0) break;
    filled += bytesRead;
  }
  return buffer.subarray(0, filled);
}

/** The first at most `max` bytes, ending before a UTF-8 continuation byte (never half a character). */
export function cutAtCharacter(bytes: Uint8Array, max: number): Uint8Array {
  if (bytes.length <= max) return bytes;
  let end = max;
  // A lead byte's continuations are 10xxxxxx; at most 3 follow it.
  while (end > 0 && end > max - 4 && (bytes[end]! & 0xc0) === 0x80) end -= 1;
  return bytes.subarray(0, end);
}
