import type Database from 'better-sqlite3';
import { isSafeIdentifier } from '../domain/ids.ts';
import type { AgentMessage } from '../domain/message.ts';
import type {
  ForkPoint,
  SessionMeta,
  SessionSummary,
  ToolCallRecord,
  TurnRecord,
} from '../domain/session.ts';
import { writeExportFile } from './export-file.ts';
import { forkPointOf } from './fork-points.ts';
import { buildMeta, clipTitle, decodeMeta, encodeMeta, newSessionId, titleFrom } from './meta.ts';
import type { RestoredHistories } from './restore.ts';
import { restoreFromRecords } from './restore.ts';
import type { MessageEntry, SessionRecord, StoredRecord, ToolEntry, TurnEntry } from './record.ts';
import { decodeRecord, encodeRecord, isRecordKind, unknownKind } from './record.ts';
import { openStoreFile } from './session-file.ts';
import type { RecordRow, Statements } from './statements.ts';
import { prepareStatements } from './statements.ts';
import { guarded, invalidArgument, sessionNotFound, storeProblem } from './store-error.ts';
import { Transactions } from './transactions.ts';
import { storeWarnings } from './warnings.ts';

export interface SessionStoreOptions {
  /** Wall clock for createdAt / updatedAt (epoch ms). */
  now?: () => number;
  /** The workspace the file lives in (default: its folder): see `openStoreFile`. */
  workspace?: string;
}

/**
 * The village's conversations in one SQLite file (ledger `session_store`). Synchronous: every write is
 * one transaction holding the metadata and the record together, and none can span an await. Failures
 * are SESSION_NOT_FOUND (unknown id) or SESSION_STORE_FAILED (detail = the failed operation).
 */
export class SessionStore {
  private readonly s: Statements;
  private readonly tx: Transactions;

  private constructor(
    readonly path: string,
    private readonly db: Database.Database,
    private readonly now: () => number,
  ) {
    this.s = prepareStatements(db);
    this.tx = new Transactions(db);
  }

  /** Open or create the file (see `openStoreFile`); throws SESSION_STORE_FAILED when it cannot. */
  static open(path: string, options: SessionStoreOptions = {}): SessionStore {
    const db = openStoreFile(path, options.workspace);
    try {
      return guarded('open', () => new SessionStore(path, db, options.now ?? Date.now));
    } catch (error) {
      db.close();
      throw error;
    }
  }

  close(): void {
    if (this.db.open) this.db.close();
  }

  /** A new, empty session; returns its id. */
  createSession(title?: string): string {
    return this.tx.write(() => {
      const now = this.now();
      const id = this.freshId(now);
      const meta = buildMeta({
        title: clipTitle(title ?? ''),
        createdAt: now,
        updatedAt: now,
        recordCount: 0,
      });
      this.s.insertSession.run(id, encodeMeta(meta));
      return id;
    }, 'create');
  }

  /**
   * Add a record; returns its seq (0-based per session, assigned inside the transaction). Also moves
   * updatedAt and recordCount, and titles an untitled session after its first user message.
   */
  append(sessionId: string, record: SessionRecord): number {
    return this.appendMany(sessionId, [record])[0]!;
  }

  /**
   * Add several records in one transaction (all or none), seqs consecutive in the given order; the
   * metadata is written once. Returns the seqs.
   */
  appendMany(sessionId: string, records: readonly SessionRecord[]): number[] {
    for (const record of records) {
      if (record.kind === 'summary' && !Number.isInteger(record.coversUpToSeq)) {
        throw invalidArgument('coversUpToSeq must be an integer');
      }
    }
    return this.tx.write(() => {
      const meta = this.loadMeta(sessionId);
      const first = (this.s.lastSeq.get(sessionId)?.seq ?? -1) + 1;
      let title = meta.title;
      const seqs = records.map((record, i) => {
        const seq = first + i;
        if (record.kind === 'summary' && record.coversUpToSeq >= seq) {
          throw invalidArgument(
            `coversUpToSeq ${record.coversUpToSeq} must be below the summary's seq ${seq}`,
          );
        }
        // Encoded one at a time: a batch of bodies held at once is garbage-collector work (rollback undoes a failure).
        const { kind, body } = encodeRecord(record);
        this.s.insertRecord.run(sessionId, seq, kind, body);
        if (title === '' && record.kind === 'message') title = titleFrom(record.message) ?? '';
        return seq;
      });
      if (records.length > 0) {
        const next = { ...meta, title, updatedAt: this.now(), recordCount: first + records.length };
        this.s.updateMeta.run(encodeMeta(next), sessionId);
      }
      return seqs;
    });
  }

  meta(sessionId: string): SessionMeta {
    return guarded('read', () => this.loadMeta(sessionId));
  }

  /** Every session, most recently updated first (updatedAt, never the id). */
  listSessions(): SessionSummary[] {
    return guarded('read', () =>
      this.s.listSessions.all().map(({ id, meta }) => ({ id, meta: decodeMeta(id, meta) })),
    );
  }

  /** The session with the greatest updatedAt, or null when there is none. */
  latestSession(): SessionSummary | null {
    return guarded('read', () => {
      const row = this.s.latestSession.get();
      return row === undefined ? null : { id: row.id, meta: decodeMeta(row.id, row.meta) };
    });
  }

  /** The records from `fromSeq` on, in seq order. A kind this version does not know is an error. */
  records(sessionId: string, fromSeq = 0): StoredRecord[] {
    return guarded('read', () => {
      const rows = this.s.recordsFrom.all(sessionId, fromSeq);
      if (rows.length === 0) this.ensureExists(sessionId);
      return rows.map((row) => decodeRow(row));
    });
  }

  /** The last seq written, or null for an empty session (the summary boundary is taken from this). */
  lastSeq(sessionId: string): number | null {
    return guarded('read', () => {
      const seq = this.s.lastSeq.get(sessionId)?.seq ?? null;
      if (seq === null) this.ensureExists(sessionId);
      return seq;
    });
  }

  /** The last `limit` message records' AgentMessages, oldest first. */
  tailMessages(sessionId: string, limit: number): AgentMessage[] {
    requireCount('limit', limit);
    return guarded('read', () => {
      const rows = limit === 0 ? [] : this.s.lastMessages.all(sessionId, limit).reverse();
      if (rows.length === 0) this.ensureExists(sessionId);
      if (limit === 0) return [];
      // The read covers every record from the oldest message it returns (all of them when it is short).
      this.requireKnownKinds(sessionId, rows.length === limit ? rows[0]!.seq : 0);
      return rows.map((row) => (decodeRow(row) as MessageEntry).message);
    });
  }

  /** The last `limit` tool-call records, oldest first (the chat's tool rows after a reload). */
  tailToolCalls(sessionId: string, limit: number): ToolCallRecord[] {
    requireCount('limit', limit);
    return guarded('read', () => {
      this.ensureExists(sessionId);
      if (limit === 0) return [];
      const rows = this.s.lastToolRows.all(sessionId, limit).reverse();
      return rows.map((row) => (decodeRow(row) as ToolEntry).tool);
    });
  }

  /** Each agent's history and active summary as of now (see `restoreFromRecords`). */
  restoreHistories(sessionId: string, historyTurns: number): RestoredHistories {
    requireCount('historyTurns', historyTurns);
    return guarded('read', () => {
      this.ensureExists(sessionId);
      this.requireKnownKinds(sessionId, 0);
      return restoreFromRecords(this.s.historyRows.all(sessionId).map(decodeRow), historyTurns);
    });
  }

  /** The user messages one can fork before, oldest first (see `forkPointOf`). */
  forkPoints(sessionId: string): ForkPoint[] {
    return guarded('read', () => {
      this.ensureExists(sessionId);
      this.requireKnownKinds(sessionId, 0);
      const points: ForkPoint[] = [];
      for (const row of this.s.messageRows.iterate(sessionId)) {
        const point = forkPointOf(row.seq, (decodeRow(row) as MessageEntry).message);
        if (point !== null) points.push(point);
      }
      return points;
    });
  }

  /** The session's turn records, in seq order (what the statistics read, without the other bodies). */
  turns(sessionId: string): TurnRecord[] {
    return guarded('read', () => {
      this.ensureExists(sessionId);
      this.requireKnownKinds(sessionId, 0);
      return this.s.turnRows.all(sessionId).map((row) => (decodeRow(row) as TurnEntry).turn);
    });
  }

  /**
   * A new session holding copies of the source's records with seq <= atSeq, seq numbers kept; its meta
   * keeps the title and names parentId / forkedAtSeq. Returns the new id.
   */
  forkSession(sourceId: string, atSeq: number): string {
    requireCount('atSeq', atSeq);
    return this.tx.write(() => {
      const source = this.loadMeta(sourceId);
      const last = this.s.lastSeq.get(sourceId)?.seq ?? null;
      if (last === null || atSeq > last) {
        throw invalidArgument(`atSeq ${atSeq} is past the last record of the session (${last ?? 'none'})`);
      }
      const now = this.now();
      const id = this.freshId(now);
      const copied = this.s.copyRecords.run(id, sourceId, atSeq).changes;
      if (copied !== atSeq + 1) {
        // seq runs 0..last without gaps, so a short copy means a row of a kind this version does not know.
        const unknown = this.s.unknownKindUpTo.get(sourceId, atSeq);
        if (unknown !== undefined) throw unknownKind(unknown.seq, unknown.kind);
      }
      const meta = buildMeta({
        title: source.title,
        createdAt: now,
        updatedAt: now,
        parentId: sourceId,
        forkedAtSeq: atSeq,
        recordCount: copied,
      });
      this.s.insertSession.run(id, encodeMeta(meta));
      return id;
    }, 'create');
  }

  /** Remove the session and all its records. */
  deleteSession(sessionId: string): void {
    this.tx.write(() => {
      this.ensureExists(sessionId);
      this.s.deleteRecords.run(sessionId);
      this.s.deleteSession.run(sessionId);
    });
  }

  /**
   * Write `{dir}/{id}.jsonl`: line 1 `{"session":{"id":…,"meta":{…}}}`, then one `{"seq":N,"kind":…}`
   * line per record, header and records from one snapshot. Returns the path. The folder above `dir`
   * is the workspace: `dir` and the file may not be links (see `writeExportFile`).
   */
  exportSession(sessionId: string, dir: string): string {
    return this.tx.read(() => {
      const meta = this.loadMeta(sessionId);
      if (!isSafeIdentifier(sessionId)) {
        throw storeProblem('export', 'the session id is not a safe file name');
      }
      return writeExportFile(dir, { id: sessionId, meta }, this.allRecords(sessionId));
    }, 'export');
  }

  /** The boot WARN lines: more than 200 sessions, or a session with more than 50,000 records. */
  warnings(): string[] {
    return storeWarnings(this.listSessions());
  }

  private loadMeta(sessionId: string): SessionMeta {
    const row = this.s.selectMeta.get(sessionId);
    if (row === undefined) throw sessionNotFound(sessionId);
    return decodeMeta(sessionId, row.meta);
  }

  private ensureExists(sessionId: string): void {
    if (this.s.sessionExists.get(sessionId) === undefined) throw sessionNotFound(sessionId);
  }

  private freshId(now: number): string {
    let id = newSessionId(now);
    while (this.s.sessionExists.get(id) !== undefined) id = newSessionId(now);
    return id;
  }

  /** Lazily: the statement only starts when iteration does, and every exit path closes it. */
  private *allRecords(sessionId: string): Generator<StoredRecord> {
    for (const row of this.s.recordsFrom.iterate(sessionId, 0)) yield decodeRow(row);
  }

  /**
   * A read that selects some kinds still refuses a kind this version does not know at or after
   * `fromSeq` (never a silent skip): the session's distinct kinds are walked through the kind index.
   */
  private requireKnownKinds(sessionId: string, fromSeq: number): void {
    let kind = '';
    for (;;) {
      const next = this.s.nextKind.get(sessionId, kind);
      if (next === undefined) return;
      kind = next.kind;
      if (isRecordKind(kind)) continue;
      const found = this.s.firstOfKindFrom.get(sessionId, kind, fromSeq);
      if (found !== undefined) throw unknownKind(found.seq, kind);
    }
  }
}

function decodeRow(row: RecordRow): StoredRecord {
  return decodeRecord(row.seq, row.kind, row.body);
}

function requireCount(name: string, value: number): void {
  if (!Number.isInteger(value) || value < 0) throw invalidArgument(`${name} must be a whole number >= 0`);
}
