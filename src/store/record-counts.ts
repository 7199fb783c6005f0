import type Database from 'better-sqlite3';
import { decodeMeta, encodeMeta } from './meta.ts';

/**
 * Puts each session's stored recordCount back in line with its records: appends leave the count to
 * be written with a later one (LaggingMeta), so after a crash the row can name fewer records than the
 * file holds. One index seek per session (never a scan of the records); rows already right are not
 * written. Returns how many were corrected.
 */
export function repairRecordCounts(db: Database.Database): number {
  const rows = db
    .prepare<[], { id: string; meta: string; last: number | null }>(
      'SELECT s.id, s.meta, (SELECT MAX(seq) FROM records r WHERE r.session_id = s.id) AS last FROM sessions s',
    )
    .all();
  const update = db.prepare<[string, string]>('UPDATE sessions SET meta = ? WHERE id = ?');
  let corrected = 0;
  db.transaction(() => {
    for (const row of rows) {
      const meta = decodeMeta(row.id, row.meta);
      const count = (row.last ?? -1) + 1;
      if (meta.recordCount === count) continue;
      update.run(encodeMeta({ ...meta, recordCount: count }), row.id);
      corrected += 1;
    }
  })();
  return corrected;
}
