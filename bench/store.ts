/**
 * Session store benchmark: prints figures, asserts nothing. `npx tsx bench/store.ts`
 *
 * 40,000 records of about 600 bytes in two sessions of 20,000, then: tail 16 messages of a
 * 20,000-record session, a full scan of it, a fork of its first 10,000, and the file size. Each figure
 * sits beside the same operation done with plain better-sqlite3 statements on the same schema and
 * pragmas (ratio = the store's own overhead), and beside the ledger's figures for its old redb store.
 *
 * Reading the figures: the ledger's were taken in Rust on another machine. On a slow machine the plain
 * column is the floor for this stack; the last line shows how much of a scan is better-sqlite3 turning
 * UTF-8 text into JavaScript strings, before any JSON is parsed.
 */
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import Database from 'better-sqlite3';
import type { AgentId } from '../src/domain/ids.ts';
import type { AgentMessage } from '../src/domain/message.ts';
import { MIGRATIONS } from '../src/store/schema.ts';
import { PAGE_SIZE } from '../src/store/session-file.ts';
import { searchableText } from '../src/store/search-text.ts';
import { SessionStore } from '../src/store/session-store.ts';

const TOTAL = 40_000;
const PER_SESSION = TOTAL / 2;
const FORK_AT = 9_999;
/** Ids shaped like the store's (`{epoch_ms}-{8 hex}`): key length matters to both B-trees. */
const A = '1764460800000-0a1b2c3d';
const B = '1764460800001-4e5f6a7b';
const LEDGER = { write: 271, tail: 0.03, scan: 11, fork: 55, sizeMb: 64.3 };

function messageAt(n: number): AgentMessage {
  return {
    id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    from: n % 2 === 0 ? { kind: 'user' } : { kind: 'agent', id: 'alice' as AgentId },
    to: n % 2 === 0 ? { kind: 'agent', id: 'alice' as AgentId } : { kind: 'user' },
    content: `message ${n}: ${'会話の本文 lorem ipsum '.repeat(18)}`.slice(0, 285),
    tokens: 120,
    tsMs: 1_760_000_000_000 + n,
    hop: 0,
  };
}

const SAMPLE = JSON.stringify(messageAt(12_345));

function timeOnce(fn: () => void): number {
  const start = performance.now();
  fn();
  return performance.now() - start;
}

/** Mean of `runs` after one warm-up. */
function timeMean(runs: number, fn: () => void): number {
  fn();
  const start = performance.now();
  for (let i = 0; i < runs; i += 1) fn();
  return (performance.now() - start) / runs;
}

function fileMb(path: string): number {
  const size = (suffix: string) => {
    try {
      return statSync(path + suffix).size;
    } catch {
      return 0;
    }
  };
  return (size('') + size('-wal')) / 1e6;
}

interface Figures {
  write: number;
  /** All records in one transaction: the store's appendMany, plain's one BEGIN…COMMIT. */
  writeBatched: number;
  tail: number;
  scan: number;
  fork: number;
  sizeMb: number;
  /** Reopening the written file; the store checks its schema and the counts (quick_check only after a crash). */
  open: number;
}

function benchStore(path: string): Figures {
  let store = SessionStore.open(path);
  const a = store.createSession();
  const b = store.createSession();
  const write = timeOnce(() => {
    for (let n = 0; n < TOTAL; n += 1) {
      store.append(n % 2 === 0 ? a : b, { kind: 'message', message: messageAt(n) });
    }
  });
  store.close();
  const sizeMb = fileMb(path);
  const open = timeOnce(() => {
    store = SessionStore.open(path);
  });
  const writeBatched = storeBatchedWrite(`${path}.batch`);
  const tail = timeMean(2_000, () => void store.tailMessages(a, 16));
  const scan = timeMean(20, () => void store.records(a));
  const forks: number[] = [];
  for (let i = 0; i < 7; i += 1) {
    checkpoint(path);
    forks.push(timeOnce(() => void store.forkSession(a, FORK_AT)));
  }
  store.close();
  return { write, writeBatched, tail, scan, fork: median(forks), sizeMb, open };
}

function storeBatchedWrite(path: string): number {
  const store = SessionStore.open(path);
  const a = store.createSession();
  const b = store.createSession();
  const elapsed = timeOnce(() => {
    store.appendMany(
      a,
      Array.from({ length: PER_SESSION }, (_, i) => ({
        kind: 'message' as const,
        message: messageAt(2 * i),
      })),
    );
    store.appendMany(
      b,
      Array.from({ length: PER_SESSION }, (_, i) => ({
        kind: 'message' as const,
        message: messageAt(2 * i + 1),
      })),
    );
  });
  store.close();
  return elapsed;
}

function openPlain(path: string): Database.Database {
  const db = new Database(path);
  db.pragma(`page_size = ${PAGE_SIZE}`);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  return db;
}

function benchPlain(path: string): Figures {
  let db = openPlain(path);
  db.exec(MIGRATIONS.join(''));
  const meta = (n: number) => JSON.stringify({ title: '', createdAt: n, updatedAt: n, recordCount: 0 });
  db.prepare('INSERT INTO sessions (id, meta) VALUES (?, ?)').run(A, meta(1));
  db.prepare('INSERT INTO sessions (id, meta) VALUES (?, ?)').run(B, meta(2));
  const insertOne = plainMessageInsert(db);
  const insert = db.transaction(insertOne);
  const write = timeOnce(() => {
    for (let n = 0; n < TOTAL; n += 1) insert(n);
  });
  db.close();
  const sizeMb = fileMb(path);
  const open = timeOnce(() => {
    db = openPlain(path);
  });

  const tailRows = db.prepare<[string], { body: string }>(
    "SELECT body FROM records INDEXED BY records_by_kind WHERE session_id = ? AND kind = 'message' ORDER BY seq DESC LIMIT 16",
  );
  const tail = timeMean(
    2_000,
    () =>
      void tailRows
        .all(A)
        .map((row) => JSON.parse(row.body) as unknown)
        .reverse(),
  );
  const scanRows = db.prepare<[string], { seq: number; kind: string; body: string }>(
    'SELECT seq, kind, body FROM records WHERE session_id = ? ORDER BY seq',
  );
  const scan = timeMean(20, () => void scanRows.all(A).map((row) => JSON.parse(row.body) as unknown));
  const copy = db.prepare(
    'INSERT INTO records (session_id, seq, kind, body) SELECT ?, seq, kind, body FROM records WHERE session_id = ? AND seq <= ?',
  );
  const insertSession = db.prepare('INSERT INTO sessions (id, meta) VALUES (?, ?)');
  const copySearch = db.prepare(
    'INSERT INTO search_rows (session_id, seq, text) SELECT ?, seq, text FROM search_rows WHERE session_id = ? AND seq <= ?',
  );
  const fork = db.transaction((id: string) => {
    copy.run(id, A, FORK_AT);
    copySearch.run(id, A, FORK_AT);
    insertSession.run(id, meta(4));
  });
  const forks: number[] = [];
  for (let i = 0; i < 7; i += 1) {
    checkpoint(path);
    forks.push(timeOnce(() => fork(`fork-${i}`)));
  }

  db.close();
  return {
    write,
    writeBatched: batchedWrite(`${path}.batch`),
    tail,
    scan,
    fork: median(forks),
    sizeMb,
    open,
  };
}

/**
 * The plain statements that store message `n` as the store does: its record and its search row (the
 * trigram index behind search_sessions), so the comparison is of the same work.
 */
function plainMessageInsert(db: Database.Database): (n: number) => void {
  const record = db.prepare('INSERT INTO records (session_id, seq, kind, body) VALUES (?, ?, ?, ?)');
  const search = db.prepare('INSERT INTO search_rows (session_id, seq, text) VALUES (?, ?, ?)');
  return (n) => {
    const message = messageAt(n);
    const session = n % 2 === 0 ? A : B;
    record.run(session, n >> 1, 'message', JSON.stringify(message));
    search.run(session, n >> 1, searchableText(message)!);
  };
}

/** All 40,000 plain inserts in one transaction, in a file of their own. */
function batchedWrite(path: string): number {
  const db = openPlain(path);
  db.exec(MIGRATIONS.join(''));
  const insert = plainMessageInsert(db);
  const batch = db.transaction(() => {
    for (let n = 0; n < TOTAL; n += 1) insert(n);
  });
  const elapsed = timeOnce(() => batch());
  db.close();
  return elapsed;
}

/** Reading 20,000 rows without decoding them: what the scan costs below JSON.parse. */
function rawScan(path: string): number {
  const db = openPlain(path);
  const rows = db.prepare<[string], { body: string }>(
    'SELECT seq, kind, body FROM records WHERE session_id = ? ORDER BY seq',
  );
  const mean = timeMean(20, () => void rows.all(A));
  db.close();
  return mean;
}

/** Start each fork from an empty WAL (through a second connection), so both sides pay the same. */
function checkpoint(path: string): void {
  const db = new Database(path);
  db.pragma('wal_checkpoint(TRUNCATE)');
  db.close();
}

function median(values: number[]): number {
  const sorted = [...values].sort((x, y) => x - y);
  return sorted[Math.floor(sorted.length / 2)]!;
}

const root = mkdtempSync(join(tmpdir(), 'fuseforks-bench-store-'));
try {
  const ours = benchStore(join(root, 'store', 'sessions.sqlite'));
  const plain = benchPlain(join(root, 'plain.sqlite'));
  const ms = (value: number) => (value < 1 ? `${value.toFixed(3)} ms` : `${value.toFixed(0)} ms`);
  const row = (label: string, o: string, p: string, ratio: number, ledger: string) =>
    console.log(
      `${label.padEnd(34)} ${o.padStart(10)} ${p.padStart(10)} ${`${ratio.toFixed(2)}x`.padStart(7)} ${ledger.padStart(9)}`,
    );
  console.log(
    `record body ≈ ${Buffer.byteLength(SAMPLE)} bytes; ${TOTAL} records in 2 sessions of ${PER_SESSION}`,
  );
  console.log(
    `${'operation'.padEnd(34)} ${'store'.padStart(10)} ${'plain'.padStart(10)} ${'ratio'.padStart(7)} ${'ledger'.padStart(9)}`,
  );
  row(
    `write ${TOTAL} (1 txn each)`,
    ms(ours.write),
    ms(plain.write),
    ours.write / plain.write,
    ms(LEDGER.write),
  );
  row(
    `write ${TOTAL} (one transaction)`,
    ms(ours.writeBatched),
    ms(plain.writeBatched),
    ours.writeBatched / plain.writeBatched,
    ms(LEDGER.write),
  );
  row(`tail 16 of ${PER_SESSION}`, ms(ours.tail), ms(plain.tail), ours.tail / plain.tail, ms(LEDGER.tail));
  row(`full scan of ${PER_SESSION}`, ms(ours.scan), ms(plain.scan), ours.scan / plain.scan, ms(LEDGER.scan));
  row(`fork of ${FORK_AT + 1}`, ms(ours.fork), ms(plain.fork), ours.fork / plain.fork, ms(LEDGER.fork));
  row(
    `file size after the writes`,
    `${ours.sizeMb.toFixed(1)} MB`,
    `${plain.sizeMb.toFixed(1)} MB`,
    ours.sizeMb / plain.sizeMb,
    `${LEDGER.sizeMb} MB`,
  );
  row('reopen (clean close before)', ms(ours.open), ms(plain.open), ours.open / plain.open, '-');
  console.log(
    `plain scan of ${PER_SESSION} rows without JSON.parse: ${ms(rawScan(join(root, 'plain.sqlite')))}`,
  );
} finally {
  rmSync(root, { recursive: true, force: true });
}
