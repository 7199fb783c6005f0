import { lstat, realpath } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { Language } from '../../domain/enums.ts';
import { CoreError } from '../../domain/errors.ts';
import type { TrashFn } from '../file/file-remove.ts';
import { trashPlace } from '../file/trash-place.ts';
import { InsideError } from '../work-dir/inside-error.ts';
import { checkedTrashPath } from '../work-dir/move-entry.ts';
import { isPlainNote, listNoteEntries, type NoteEntry } from './board-notes.ts';
import { BOARD_TEXTS, type NoteFailure } from './board-texts.ts';
import { queuedFor } from './board-queue.ts';
import { BLACKBOARD_DIR } from './layout.ts';
import { isSafeNoteName } from './note-name.ts';

/** Why one note was not trashed, and the code behind it (kept in `detail`, never the shown reason). */
export class NoteTrashError extends Error {
  constructor(
    readonly failure: NoteFailure,
    readonly detail: string,
  ) {
    super(`note not trashed: ${detail}`);
    this.name = 'NoteTrashError';
  }
}

const failed = (message: string, detail: string) =>
  new CoreError('BLACKBOARD_DELETE_FAILED', message, { detail });

const errno = (error: unknown): string | null => {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : null;
};

/** An error's code or class name, never its message (messages carry absolute paths). */
const reason = (error: unknown): string => errno(error) ?? (error instanceof Error ? error.name : 'error');

/**
 * One listed note to the trash, rechecked first by the listing's own rule (regular, one name, no
 * link on the way: checkedTrashPath pins each folder). Never deleted: when the trash cannot take
 * it, it stays where it is and NoteTrashError says why. One at a time per work folder (its real
 * path, `root`): a second delete of the same note finds it gone instead of trashing it again.
 */
export function trashNote(
  note: Pick<NoteEntry, 'root' | 'abs' | 'rel'>,
  trash: TrashFn,
  place: () => string | null = trashPlace,
): Promise<void> {
  return queuedFor(note.root, () => trashNow(note, trash, place));
}

async function trashNow(
  note: Pick<NoteEntry, 'root' | 'abs' | 'rel'>,
  trash: TrashFn,
  place: () => string | null,
): Promise<void> {
  const { rel } = note;
  const refuse = (failure: NoteFailure, detail: string) => new NoteTrashError(failure, detail);
  const info = await lstat(note.abs).catch((error: unknown) => error as Error);
  if (info instanceof Error) {
    if (errno(info) === 'ENOENT' || errno(info) === 'ENOTDIR') throw refuse({ kind: 'gone', rel }, 'gone');
    throw refuse({ kind: 'unreadable', rel }, reason(info));
  }
  if (!isPlainNote(info)) throw refuse({ kind: 'not_plain', rel }, 'not_plain');
  let path: string;
  try {
    path = await checkedTrashPath(note.root, note.abs);
  } catch (error) {
    if (error instanceof InsideError) throw refuse({ kind: 'not_plain', rel }, 'not_plain');
    if (errno(error) === 'ENOENT') throw refuse({ kind: 'gone', rel }, 'gone');
    throw refuse({ kind: 'unreadable', rel }, reason(error));
  }
  try {
    await trash(path);
  } catch (error) {
    throw refuse({ kind: 'trash_unusable', rel, place: place() }, reason(error));
  }
  // The trash package passes over what it could not find: the note must really be gone from here.
  const still = await lstat(path).then(
    () => true,
    () => false,
  );
  if (still) throw refuse({ kind: 'trash_unusable', rel, place: place() }, 'still present');
}

export interface DeleteRequest {
  dir: string;
  state?: string | null | undefined;
  name: string;
}

/**
 * delete_blackboard_note: only a note of one of `dirs` (blackboard_dirs), named by two plain
 * components checked separately; what the listing shows can be deleted and nothing else can.
 */
export async function deleteBoardNote(
  dirs: readonly string[],
  request: DeleteRequest,
  trash: TrashFn,
  language: Language,
): Promise<void> {
  const t = BOARD_TEXTS[language];
  const state =
    request.state === undefined || request.state === null || request.state === '' ? null : request.state;
  if (!isSafeNoteName(request.name) || (state !== null && !isSafeNoteName(state)))
    throw failed(t.unsafeName, 'unsafe_name');
  const dir = resolve(request.dir);
  if (!dirs.includes(dir)) throw failed(t.notAWorkFolder, 'not_a_work_folder');
  const parts = state === null ? [request.name] : [state, request.name];
  const rel = [BLACKBOARD_DIR, ...parts].join('/');
  const root = await realpath(dir).catch(() => null);
  if (root === null) throw failed(t.oneFailed({ kind: 'gone', rel }), 'gone');
  try {
    await trashNote({ root, abs: join(root, BLACKBOARD_DIR, ...parts), rel }, trash);
  } catch (error) {
    if (error instanceof NoteTrashError) throw failed(t.oneFailed(error.failure), error.detail);
    throw error;
  }
}

/**
 * clear_blackboard: every note the listing would list (all dirs, the same cap), one at a time; at
 * the first failure it stops and says how many went before. Folders stay (empty ones are harmless).
 */
export async function clearBoard(
  dirs: readonly string[],
  trash: TrashFn,
  language: Language,
): Promise<{ removed: number }> {
  const t = BOARD_TEXTS[language];
  let removed = 0;
  for (const note of await listNoteEntries(dirs)) {
    try {
      await trashNote(note, trash);
    } catch (error) {
      if (error instanceof NoteTrashError) throw failed(t.clearStopped(removed, error.failure), error.detail);
      throw error;
    }
    removed += 1;
  }
  return { removed };
}
