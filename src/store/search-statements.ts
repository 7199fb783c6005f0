import type Database from 'better-sqlite3';

export interface SearchHitRow {
  session_id: string;
  seq: number;
  text: string;
  meta: string;
  /** The message's id, read from its record's body by the search's join. */
  message_id: string | null;
}

export interface BacklogRow {
  session_id: string;
  next_seq: number;
  last_seq: number;
}

/** Hits newest first: the session's updatedAt, then the message's place in it. */
const NEWEST_FIRST = `ORDER BY json_extract(s.meta, '$.updatedAt') DESC, s.id DESC, r.seq DESC`;

/** The hit's message id: one primary-key lookup per returned row (the LIMIT applies first). */
const MESSAGE_ID = `(SELECT json_extract(body, '$.id') FROM records
  WHERE session_id = r.session_id AND seq = r.seq) AS message_id`;

/**
 * How many index entries one search looks at (the most recently indexed first): a word found in a
 * hundred thousand messages must not sort them all on the event loop for 50 results.
 */
export const SEARCH_CANDIDATES = 10_000;

/** A query under three characters (the trigram index needs three) scans this many newest rows. */
export const SHORT_QUERY_SCAN_ROWS = 10_000;

/** The search index's statements (schema version 4), prepared once per connection. */
export function prepareSearchStatements(db: Database.Database) {
  return {
    insertRow: db.prepare<[string, number, string]>(
      'INSERT OR IGNORE INTO search_rows (session_id, seq, text) VALUES (?, ?, ?)',
    ),
    deleteRows: db.prepare<[string]>('DELETE FROM search_rows WHERE session_id = ?'),
    copyRows: db.prepare<[string, string, number]>(
      `INSERT OR IGNORE INTO search_rows (session_id, seq, text)
       SELECT ?, seq, text FROM search_rows WHERE session_id = ? AND seq <= ? ORDER BY seq`,
    ),
    /** `?` is an FTS5 phrase: with the trigram tokenizer, a case-insensitive substring match. */
    match: db.prepare<[string, number, number], SearchHitRow>(
      `SELECT r.session_id, r.seq, r.text, s.meta, ${MESSAGE_ID}
       FROM (SELECT rowid AS id FROM search_index WHERE search_index MATCH ? ORDER BY rowid DESC LIMIT ?) m
       JOIN search_rows r ON r.id = m.id
       JOIN sessions s ON s.id = r.session_id
       ${NEWEST_FIRST} LIMIT ?`,
    ),
    like: db.prepare<[number, string, number], SearchHitRow>(
      `SELECT r.session_id, r.seq, r.text, s.meta, ${MESSAGE_ID}
       FROM (SELECT id, session_id, seq, text FROM search_rows ORDER BY id DESC LIMIT ?) r
       JOIN sessions s ON s.id = r.session_id
       WHERE r.text LIKE ? ESCAPE '\\'
       ${NEWEST_FIRST} LIMIT ?`,
    ),

    backlogNext: db.prepare<[], BacklogRow>(
      'SELECT session_id, next_seq, last_seq FROM search_backlog ORDER BY session_id LIMIT 1',
    ),
    backlogOf: db.prepare<[string], BacklogRow>(
      'SELECT session_id, next_seq, last_seq FROM search_backlog WHERE session_id = ?',
    ),
    backlogInsert: db.prepare<[string, number, number]>(
      'INSERT OR REPLACE INTO search_backlog (session_id, next_seq, last_seq) VALUES (?, ?, ?)',
    ),
    backlogAdvance: db.prepare<[number, string]>(
      'UPDATE search_backlog SET next_seq = ? WHERE session_id = ?',
    ),
    backlogDelete: db.prepare<[string]>('DELETE FROM search_backlog WHERE session_id = ?'),
    backlogCount: db.prepare<[], { n: number }>('SELECT COUNT(*) AS n FROM search_backlog'),
    /** The message records of a backlog chunk, through the kind index. */
    messagesBetween: db.prepare<[string, number, number, number], { seq: number; body: string }>(
      `SELECT seq, body FROM records INDEXED BY records_by_kind
       WHERE session_id = ? AND kind = 'message' AND seq >= ? AND seq <= ? ORDER BY seq LIMIT ?`,
    ),
  };
}

export type SearchStatements = ReturnType<typeof prepareSearchStatements>;
