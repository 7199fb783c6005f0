import type Database from 'better-sqlite3';
import { guarded, storeProblem } from './store-error.ts';

/**
 * Version 1: the two logical tables of the ledger. `records` is clustered on its key (WITHOUT ROWID),
 * so a session's records lie together in seq order: tails, scans and fork copies are range reads.
 * `kind` has no CHECK: the closed set is enforced in code, on write (the type) and on every read (a
 * kind this version does not know is SESSION_STORE_FAILED, never skipped).
 */
export const SCHEMA_V1_SQL = `
CREATE TABLE sessions (
  id TEXT PRIMARY KEY NOT NULL,
  meta TEXT NOT NULL
);
CREATE TABLE records (
  session_id TEXT NOT NULL,
  seq INTEGER NOT NULL,
  kind TEXT NOT NULL,
  body TEXT NOT NULL,
  PRIMARY KEY (session_id, seq)
) WITHOUT ROWID;
`;

/** Version 2: "latest" and the list read sessions by updatedAt; index that order. */
export const SCHEMA_V2_SQL = `
CREATE INDEX sessions_by_updated_at ON sessions (json_extract(meta, '$.updatedAt') DESC, id DESC);
`;

/**
 * Version 3: reads that want some kinds (the tail's messages, the statistics' turns, the history's
 * exchanges and summaries) and the check for kinds this version does not know go through this index
 * instead of reading every row; WITHOUT ROWID appends the key, so entries are ordered by seq.
 */
export const SCHEMA_V3_SQL = `
CREATE INDEX records_by_kind ON records (session_id, kind);
`;

/**
 * Version 4: full-text search over message texts (issue 22; the ledger leaves search out). `search_rows`
 * holds one row per user or agent message (its text copied: `records` is WITHOUT ROWID, so it cannot be
 * an FTS5 external content table) and `search_index` indexes it with the trigram tokenizer (the ledger's
 * figure: `unicode61` finds 0 Japanese hits, `trigram` finds all). Triggers keep the two in step, so a
 * delete of rows is a delete of their index entries. `search_backlog` lists what was recorded before
 * this version: the index is built from it in small chunks after open (search-backfill.ts), never in
 * the migration's transaction, so opening a large old file stays fast.
 */
export const SCHEMA_V4_SQL = `
CREATE TABLE search_rows (
  id INTEGER PRIMARY KEY,
  session_id TEXT NOT NULL,
  seq INTEGER NOT NULL,
  text TEXT NOT NULL
);
CREATE UNIQUE INDEX search_rows_by_session ON search_rows (session_id, seq);
CREATE VIRTUAL TABLE search_index USING fts5(
  text, content='search_rows', content_rowid='id', tokenize='trigram'
);
CREATE TRIGGER search_rows_added AFTER INSERT ON search_rows BEGIN
  INSERT INTO search_index (rowid, text) VALUES (new.id, new.text);
END;
CREATE TRIGGER search_rows_removed AFTER DELETE ON search_rows BEGIN
  INSERT INTO search_index (search_index, rowid, text) VALUES ('delete', old.id, old.text);
END;
CREATE TABLE search_backlog (
  session_id TEXT PRIMARY KEY NOT NULL,
  next_seq INTEGER NOT NULL,
  last_seq INTEGER NOT NULL
);
INSERT INTO search_backlog (session_id, next_seq, last_seq)
  SELECT session_id, 0, MAX(seq) FROM records WHERE kind = 'message' GROUP BY session_id;
`;

/**
 * Version 5: the `tool` record kind (issue 22, past the ledger). No table changes: the version exists
 * so a reader that does not know the kind refuses the file at open rather than at the first tool row.
 */
export const SCHEMA_V5_SQL = `
-- version 5: records may be of kind 'tool'
`;

/**
 * The agent a history row (exchange or summary) belongs to, as the history index computes it: a body
 * that is not JSON indexes as NULL rather than failing the write (the reads report such a row).
 * Queries must spell the expression exactly so for SQLite to use the index.
 */
export const HISTORY_AGENT = "iif(json_valid(body), json_extract(body, '$.agentId'), NULL)";

/** The partial index's condition: queries repeat it verbatim for SQLite to take the index. */
export const HISTORY_KINDS = "kind IN ('exchange', 'summary')";

/**
 * Version 6 (issue 24): the restore reads each agent's latest summary and last exchanges through this
 * index (agent, kind, seq within a session) instead of every history row of the session: a resume of a
 * million-record session reads a few dozen rows. Built once when an older file is migrated.
 */
export const SCHEMA_V6_SQL = `
CREATE INDEX records_history ON records (session_id, ${HISTORY_AGENT}, kind, seq) WHERE ${HISTORY_KINDS};
`;

/**
 * `migrations[i]` takes a file from `PRAGMA user_version` i to i + 1 (0 = a new, empty file). A new
 * version only appends here, so it reads every older file; a file from a newer version is refused.
 * Adding a record kind means adding a version, so an older reader refuses the file at open.
 */
export const MIGRATIONS: readonly string[] = [
  SCHEMA_V1_SQL,
  SCHEMA_V2_SQL,
  SCHEMA_V3_SQL,
  SCHEMA_V4_SQL,
  SCHEMA_V5_SQL,
  SCHEMA_V6_SQL,
];

export const SCHEMA_VERSION = MIGRATIONS.length;

export function schemaVersion(db: Database.Database): number {
  return db.pragma('user_version', { simple: true }) as number;
}

/**
 * Bring the file to SCHEMA_VERSION, one step per transaction (the step and its version number commit
 * together). The version is re-read inside each write transaction, so two processes opening the same
 * old file never apply a step twice.
 */
export function migrate(db: Database.Database): void {
  const from = guarded('open', () => schemaVersion(db));
  if (from > SCHEMA_VERSION) throw newerFile(from);
  const step = db.transaction((): boolean => {
    const current = schemaVersion(db);
    if (current > SCHEMA_VERSION) throw newerFile(current);
    if (current === SCHEMA_VERSION) return false;
    db.exec(MIGRATIONS[current]!);
    db.pragma(`user_version = ${current + 1}`);
    return true;
  });
  while (guarded('init', () => step.immediate()));
}

function newerFile(version: number): Error {
  return storeProblem(
    'open',
    `sessions file has schema version ${version}, newer than this version reads (${SCHEMA_VERSION})`,
  );
}
