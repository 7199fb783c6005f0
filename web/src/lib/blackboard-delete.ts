/**
 * "Delete done": the done lane's notes one at a time through delete_blackboard_note, stopping at the
 * first failure so nothing after it is touched (ledger Spec 54 freeze 8; no bulk command exists for a
 * lane). The caller re-reads the board either way.
 */
export interface DeleteRun {
  removed: number;
  /** The first failure, as thrown; null when every note went. */
  error: unknown;
}

export async function deleteOneByOne<T>(
  notes: readonly T[],
  deleteNote: (note: T) => Promise<void>,
): Promise<DeleteRun> {
  let removed = 0;
  for (const note of notes) {
    try {
      await deleteNote(note);
    } catch (error) {
      return { removed, error };
    }
    removed += 1;
  }
  return { removed, error: null };
}

/** delete_blackboard_note's arguments (bb-api.md): `state` null = directly in `blackboard/`. */
export function deleteArgs(note: {
  dir: string;
  state: string | null;
  name: string;
}): Record<string, unknown> {
  return { dir: note.dir, state: note.state, name: note.name };
}
