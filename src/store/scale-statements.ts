import type Database from 'better-sqlite3';
import { RECORD_KINDS } from '../domain/session.ts';
import { HISTORY_AGENT, HISTORY_KINDS } from './schema.ts';
import type { RecordRow } from './statements.ts';

const KNOWN_KINDS = RECORD_KINDS.map((kind) => `'${kind}'`).join(', ');
/** The history index (schema version 6); its condition repeated so SQLite may use it. */
const BY_AGENT = `FROM records INDEXED BY records_history WHERE session_id = ? AND ${HISTORY_KINDS}`;

/**
 * Statements for large sessions (issue 24): the restore through the history index, and the bounded
 * slices a fork, a delete or an export is cut into so none holds the event loop for long.
 */
export function prepareScaleStatements(db: Database.Database) {
  return {
    /** The session's history agents one at a time, each an index seek. */
    nextHistoryAgent: db.prepare<[string, string], { agent: string }>(
      `SELECT ${HISTORY_AGENT} AS agent ${BY_AGENT} AND ${HISTORY_AGENT} > ? ORDER BY ${HISTORY_AGENT} LIMIT 1`,
    ),
    latestSummary: db.prepare<[string, string], RecordRow>(
      `SELECT seq, kind, body ${BY_AGENT} AND ${HISTORY_AGENT} = ? AND kind = 'summary' ORDER BY seq DESC LIMIT 1`,
    ),
    /** Newest first: the last `limit` exchanges after a summary's cut. */
    lastExchanges: db.prepare<[string, string, number, number], RecordRow>(
      `SELECT seq, kind, body ${BY_AGENT} AND ${HISTORY_AGENT} = ? AND kind = 'exchange' AND seq > ?
       ORDER BY seq DESC LIMIT ?`,
    ),
    /** One slice of a fork: known kinds with from <= seq < before (a short copy means an unknown kind). */
    copyRecordsRange: db.prepare<[string, string, number, number]>(
      `INSERT INTO records (session_id, seq, kind, body)
       SELECT ?, seq, kind, body FROM records
       WHERE session_id = ? AND seq >= ? AND seq < ? AND kind IN (${KNOWN_KINDS}) ORDER BY seq`,
    ),
    copySearchRange: db.prepare<[string, string, number, number]>(
      `INSERT OR IGNORE INTO search_rows (session_id, seq, text)
       SELECT ?, seq, text FROM search_rows WHERE session_id = ? AND seq >= ? AND seq < ? ORDER BY seq`,
    ),
    unknownKindBetween: db.prepare<[string, number, number], { seq: number; kind: string }>(
      `SELECT seq, kind FROM records WHERE session_id = ? AND seq >= ? AND seq < ?
       AND kind NOT IN (${KNOWN_KINDS}) LIMIT 1`,
    ),
    /** One slice of a delete: the lowest `limit` records (the key is (session_id, seq)). */
    deleteRecordsSlice: db.prepare<[string, string, number]>(
      `DELETE FROM records WHERE session_id = ? AND seq IN
         (SELECT seq FROM records WHERE session_id = ? ORDER BY seq LIMIT ?)`,
    ),
    deleteSearchSlice: db.prepare<[string, string, number]>(
      `DELETE FROM search_rows WHERE session_id = ? AND seq IN
         (SELECT seq FROM search_rows WHERE session_id = ? ORDER BY seq LIMIT ?)`,
    ),
    anyRecord: db.prepare<[string], { one: number }>(
      'SELECT 1 AS one FROM records WHERE session_id = ? LIMIT 1',
    ),
    anySearchRow: db.prepare<[string], { one: number }>(
      'SELECT 1 AS one FROM search_rows WHERE session_id = ? LIMIT 1',
    ),
    /** The session ids holding records, one at a time in id order (a seek each, no scan). */
    nextRecordOwner: db.prepare<[string], { id: string }>(
      'SELECT session_id AS id FROM records WHERE session_id > ? ORDER BY session_id LIMIT 1',
    ),
    nextSearchOwner: db.prepare<[string], { id: string }>(
      'SELECT session_id AS id FROM search_rows WHERE session_id > ? ORDER BY session_id LIMIT 1',
    ),
  };
}

export type ScaleStatements = ReturnType<typeof prepareScaleStatements>;
