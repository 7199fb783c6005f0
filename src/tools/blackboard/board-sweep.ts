import { resolve } from 'node:path';
import type { DiagLog } from '../../diag/log.ts';
import type { TrashFn } from '../file/file-remove.ts';
import { NoteTrashError, trashNote } from './board-delete.ts';
import { scanNoteEntries } from './board-notes.ts';
import { splitNoteName } from './task-name.ts';

export interface SweepCounts {
  removed: number;
  failed: number;
}

/**
 * Spec 55 freeze 12: a deleted agent's notes `<id> - *.md` in its CURRENT work folder (root and one
 * level down, the listing's own scan) go to the trash, matched on the exact id. Never throws: a
 * failure is one WARN and the deletion goes on. Notes left in an earlier work folder are out of reach
 * (the ledger's stated remainder). Names are never logged: they carry task names.
 */
export async function sweepAgentNotes(
  agentId: string,
  workDir: string | null,
  trash: TrashFn,
  log: DiagLog,
): Promise<SweepCounts> {
  const counts: SweepCounts = { removed: 0, failed: 0 };
  if (typeof workDir !== 'string' || workDir === '') return counts;
  let firstFailure: string | null = null;
  const notes = await scanNoteEntries(resolve(workDir)).catch(() => []);
  for (const note of notes) {
    if (splitNoteName(note.name)?.owner !== agentId) continue;
    try {
      await trashNote(note, trash);
      counts.removed += 1;
    } catch (error) {
      counts.failed += 1;
      firstFailure ??= error instanceof NoteTrashError ? error.detail : 'error';
    }
  }
  if (counts.removed + counts.failed > 0)
    log.note(`blackboard sweep: agent=${agentId} removed=${counts.removed} failed=${counts.failed}`);
  // The ledger fixes the note line above; this WARN's words are ours (only "a blackboard sweep failure").
  if (counts.failed > 0) {
    const n = counts.failed;
    log.warn(
      `blackboard sweep: agent=${agentId} ${n} ${n === 1 ? 'note' : 'notes'} not trashed: ${firstFailure}`,
    );
  }
  return counts;
}
