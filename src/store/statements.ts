import type Database from 'better-sqlite3';
import { RECORD_KINDS } from '../domain/session.ts';

export interface MetaRow {
  id: string;
  meta: string;
}

export interface RecordRow {
  seq: number;
  kind: string;
  body: string;
}

const KNOWN_KINDS = RECORD_KINDS.map((kind) => `'${kind}'`).join(', ');
/** Rows of some kinds only, through the kind index (without statistics SQLite would pick the key). */
const BY_KIND = 'FROM records INDEXED BY records_by_kind WHERE session_id = ?';
const BY_UPDATED = `ORDER BY json_extract(meta, '$.updatedAt') DESC, id DESC`;

/** Every statement the store runs, prepared once per connection. */
export function prepareStatements(db: Database.Database) {
  return {
    insertSession: db.prepare<[string, string]>('INSERT INTO sessions (id, meta) VALUES (?, ?)'),
    sessionExists: db.prepare<[string], { one: number }>('SELECT 1 AS one FROM sessions WHERE id = ?'),
    selectMeta: db.prepare<[string], { meta: string }>('SELECT meta FROM sessions WHERE id = ?'),
    updateMeta: db.prepare<[string, string]>('UPDATE sessions SET meta = ? WHERE id = ?'),
    deleteSession: db.prepare<[string]>('DELETE FROM sessions WHERE id = ?'),
    listSessions: db.prepare<[], MetaRow>(`SELECT id, meta FROM sessions ${BY_UPDATED}`),
    latestSession: db.prepare<[], MetaRow>(`SELECT id, meta FROM sessions ${BY_UPDATED} LIMIT 1`),

    lastSeq: db.prepare<[string], { seq: number | null }>(
      'SELECT MAX(seq) AS seq FROM records WHERE session_id = ?',
    ),
    insertRecord: db.prepare<[string, number, string, string]>(
      'INSERT INTO records (session_id, seq, kind, body) VALUES (?, ?, ?, ?)',
    ),
    recordsHead: db.prepare<[string, number], RecordRow>(
      'SELECT seq, kind, body FROM records WHERE session_id = ? ORDER BY seq LIMIT ?',
    ),
    untitledSessions: db.prepare<[], { id: string }>(
      `SELECT id FROM sessions WHERE json_extract(meta, '$.title') = '' ${BY_UPDATED}`,
    ),
    recordsPage: db.prepare<[string, number, number, number], RecordRow>(
      'SELECT seq, kind, body FROM records WHERE session_id = ? AND seq >= ? AND seq < ? ORDER BY seq LIMIT ?',
    ),
    recordsFrom: db.prepare<[string, number], RecordRow>(
      'SELECT seq, kind, body FROM records WHERE session_id = ? AND seq >= ? ORDER BY seq',
    ),
    lastMessages: db.prepare<[string, number], RecordRow>(
      `SELECT seq, kind, body ${BY_KIND} AND kind = 'message' ORDER BY seq DESC LIMIT ?`,
    ),
    /** One page of a long conversation, newest first, through the kind index (seq is its tail). */
    messagesBefore: db.prepare<[string, number, number], RecordRow>(
      `SELECT seq, kind, body ${BY_KIND} AND kind = 'message' AND seq < ? ORDER BY seq DESC LIMIT ?`,
    ),
    /** A message's seq from its id: a scan of the session's message rows (a cursor given by id). */
    messageSeqById: db.prepare<[string, string], { seq: number }>(
      `SELECT seq ${BY_KIND} AND kind = 'message' AND json_extract(body, '$.id') = ? LIMIT 1`,
    ),
    messageRows: db.prepare<[string], RecordRow>(
      `SELECT seq, kind, body ${BY_KIND} AND kind = 'message' ORDER BY seq`,
    ),
    turnRows: db.prepare<[string], RecordRow>(
      `SELECT seq, kind, body ${BY_KIND} AND kind = 'turn' ORDER BY seq`,
    ),
    /** Tool rows by time (`tsMs` of the record; calls are recorded in time order, so seq order). */
    toolRowsBetween: db.prepare<[string, number, number, number], RecordRow>(
      `SELECT seq, kind, body ${BY_KIND} AND kind = 'tool'
         AND json_extract(body, '$.tsMs') >= ? AND json_extract(body, '$.tsMs') < ?
       ORDER BY seq DESC LIMIT ?`,
    ),
    /** The session's kinds one at a time, in O(log n) each (the index is ordered by kind). */
    nextKind: db.prepare<[string, string], { kind: string }>(
      'SELECT kind FROM records WHERE session_id = ? AND kind > ? ORDER BY kind LIMIT 1',
    ),
    firstOfKindFrom: db.prepare<[string, string, number], { seq: number }>(
      'SELECT seq FROM records WHERE session_id = ? AND kind = ? AND seq >= ? ORDER BY seq LIMIT 1',
    ),
    unknownKindUpTo: db.prepare<[string, number], { seq: number; kind: string }>(
      `SELECT seq, kind FROM records WHERE session_id = ? AND seq <= ? AND kind NOT IN (${KNOWN_KINDS}) LIMIT 1`,
    ),
    /** Copies only known kinds: fewer rows than expected sends the caller looking for an unknown one. */
    copyRecords: db.prepare<[string, string, number]>(
      `INSERT INTO records (session_id, seq, kind, body)
       SELECT ?, seq, kind, body FROM records
       WHERE session_id = ? AND seq <= ? AND kind IN (${KNOWN_KINDS}) ORDER BY seq`,
    ),
    deleteRecords: db.prepare<[string]>('DELETE FROM records WHERE session_id = ?'),
  };
}

export type Statements = ReturnType<typeof prepareStatements>;
