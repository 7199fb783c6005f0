import type Database from 'better-sqlite3';
import type { AgentMessage } from '../domain/message.ts';
import type {
  ForkPoint,
  SessionMeta,
  SessionSearchHit,
  SessionSummary,
  ToolCallRecord,
  TurnRecord,
} from '../domain/session.ts';
import { forkPointOf } from './fork-points.ts';
import {
  buildMeta,
  clipTitle,
  decodeMeta,
  encodeMeta,
  newSessionId,
  renamedTitle,
  titleFrom,
} from './meta.ts';
import type { RestoredHistories } from './restore.ts';
import { restoreThroughIndex } from './restore-indexed.ts';
import type { MessageEntry, SessionRecord, StoredRecord, ToolEntry, TurnEntry } from './record.ts';
import { encodeRecord } from './record.ts';
import { repairRecordCounts } from './record-counts.ts';
import { BACKFILL_CHARS, BACKFILL_RECORDS } from './search-backfill.ts';
import { prepareScaleStatements } from './scale-statements.ts';
import { prepareSearchStatements } from './search-statements.ts';
import { openStoreFile } from './session-file.ts';
import { SessionSearch } from './session-search.ts';
import type { SlicedStore } from './sliced-operations.ts';
import {
  exportInSlices,
  forkInSlices,
  hideSession,
  purgeInSlices,
  sweepOrphans,
} from './sliced-operations.ts';
import type { Statements } from './statements.ts';
import { prepareStatements } from './statements.ts';
import { guarded, invalidArgument, sessionNotFound } from './store-error.ts';
import { deleteIfEmptyChat, emptyChats } from './empty-chats.ts';
import { decodeRow, requireCount, requireKnownKinds } from './store-rows.ts';
import { deleteInOneTransaction, exportInOneRead, forkInOneTransaction } from './one-transaction.ts';
import { LaggingMeta } from './lagging-meta.ts';
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
  private readonly search: SessionSearch;
  private readonly sliced: SlicedStore;
  private readonly lagging = new LaggingMeta();

  private constructor(
    readonly path: string,
    private readonly db: Database.Database,
    private readonly now: () => number,
  ) {
    this.s = prepareStatements(db);
    this.tx = new Transactions(db);
    this.search = new SessionSearch(prepareSearchStatements(db));
    this.sliced = {
      tx: this.tx,
      s: this.s,
      scale: prepareScaleStatements(db),
      search: this.search,
      now,
      loadMeta: (id) => this.loadMeta(id),
      freshId: (nowMs) => this.freshId(nowMs),
      decodeRow,
      busy: new Set(),
    };
  }

  /** Open or create the file (see `openStoreFile`); throws SESSION_STORE_FAILED when it cannot. */
  static open(path: string, options: SessionStoreOptions = {}): SessionStore {
    const db = openStoreFile(path, options.workspace);
    try {
      return guarded('open', () => {
        // Counts an append left to a later write are behind after a crash (see LaggingMeta).
        repairRecordCounts(db);
        return new SessionStore(path, db, options.now ?? Date.now);
      });
    } catch (error) {
      db.close();
      throw error;
    }
  }

  close(): void {
    if (!this.db.open) return;
    try {
      this.flushMeta();
    } catch {
      // It costs at most updatedAt's last second; recordCount is worked out again at the next open.
    }
    this.db.close();
  }

  /** Writes the session rows whose updatedAt / recordCount wait in memory (see LaggingMeta). */
  flushMeta(): void {
    this.lagging.flush(this.tx, this.s);
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
    let waiting: { stored: SessionMeta; next: SessionMeta } | null = null;
    const seqs = this.tx.write(() => {
      // While the row waits, its stored fields are known here (LaggingMeta). The seq is always read:
      // records are the file's truth, whoever wrote them.
      const held = this.lagging.held(sessionId);
      const stored = held?.stored ?? this.loadStoredMeta(sessionId);
      const meta = held?.next ?? stored;
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
        this.search.recorded(sessionId, seq, record);
        if (title === '' && record.kind === 'message') title = titleFrom(record.message) ?? '';
        return seq;
      });
      if (records.length > 0) {
        const next = { ...meta, title, updatedAt: this.now(), recordCount: first + records.length };
        if (this.lagging.mustWrite(stored, next)) {
          this.s.updateMeta.run(encodeMeta(next), sessionId);
          this.lagging.forget(sessionId);
        } else {
          waiting = { stored, next };
        }
      }
      return seqs;
    });
    // Only once committed: a failed commit leaves the row as it was, and nothing waiting for it.
    if (waiting !== null) this.lagging.hold(sessionId, waiting);
    return seqs;
  }

  /**
   * Set the title (1..120 characters after trimming, no control characters: INVALID_ARGUMENT). A set
   * title is kept: only an empty one is taken from the first user message. updatedAt does not move
   * (the list's order and "latest" follow the conversation, not its name). Returns the new meta.
   */
  renameSession(sessionId: string, title: string): SessionMeta {
    const clean = renamedTitle(title);
    return this.tx.write(() => {
      const next = { ...this.loadMeta(sessionId), title: clean };
      this.s.updateMeta.run(encodeMeta(next), sessionId);
      this.lagging.forget(sessionId);
      return buildMeta(next);
    });
  }

  /**
   * Messages (user and agent) containing `query`, at most 50, newest first (issue 22). Three characters
   * or more go through the trigram index; a shorter query scans the newest indexed messages (bounded).
   * What an old file recorded before version 4 is found once `backfillSearch` has indexed it.
   */
  searchSessions(query: string): SessionSearchHit[] {
    const trimmed = query.trim();
    if (trimmed === '') throw invalidArgument('the search query is empty');
    this.flushMeta();
    return this.tx.read(() => this.search.search(trimmed));
  }

  /**
   * Index up to `limit` old message records, and at most `maxChars` characters of their text (one
   * longer record still goes alone), in one short transaction; false when all are indexed.
   */
  backfillSearch(limit = BACKFILL_RECORDS, maxChars = BACKFILL_CHARS): boolean {
    requireCount('limit', limit);
    requireCount('maxChars', maxChars);
    if (limit === 0) return this.search.backlogSessions() > 0;
    return this.tx.write(() => this.search.backfill(limit, maxChars));
  }

  /**
   * Delete `sessionId` if it is an empty chat: no title of its own (never renamed, no user message)
   * and no record but system lines (a notice that an agent joined is not a conversation). Returns
   * whether it did; an absent session: false.
   */
  deleteIfEmpty(sessionId: string): boolean {
    this.flushMeta();
    return this.tx.write(() => deleteIfEmptyChat(this.s, this.search, sessionId));
  }

  /** The ids of every empty chat (see `deleteIfEmpty`), for the pruning at boot. */
  emptySessions(): string[] {
    this.flushMeta();
    return guarded('read', () => emptyChats(this.s));
  }

  meta(sessionId: string): SessionMeta {
    return guarded('read', () => this.loadMeta(sessionId));
  }

  /** Every session, most recently updated first (updatedAt, never the id). */
  listSessions(): SessionSummary[] {
    this.flushMeta();
    return guarded('read', () =>
      this.s.listSessions.all().map(({ id, meta }) => ({ id, meta: decodeMeta(id, meta) })),
    );
  }

  /** The session with the greatest updatedAt, or null when there is none. */
  latestSession(): SessionSummary | null {
    this.flushMeta();
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

  /**
   * Up to `limit` records with `fromSeq <= seq < beforeSeq`, in seq order: the export download reads a
   * session page by page between awaits, each page its own short read (records are never rewritten, so
   * the pages up to the header's recordCount are the snapshot the header describes).
   */
  recordsPage(sessionId: string, fromSeq: number, beforeSeq: number, limit: number): StoredRecord[] {
    requireCount('limit', limit);
    return guarded('read', () =>
      this.s.recordsPage.all(sessionId, fromSeq, beforeSeq, limit).map((row) => decodeRow(row)),
    );
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
      requireKnownKinds(this.s, sessionId, rows.length === limit ? rows[0]!.seq : 0);
      return rows.map((row) => (decodeRow(row) as MessageEntry).message);
    });
  }

  /**
   * The newest `limit` tool-call records whose time is in [fromMs, beforeMs) (either end open when
   * null), oldest first: the chat's tool rows for the messages it has loaded. The UI asks one range per
   * page of messages, so an older page brings its own rows; the kind index bounds the read to tool rows.
   */
  toolCallsBetween(
    sessionId: string,
    range: { fromMs: number | null; beforeMs: number | null },
    limit: number,
  ): ToolCallRecord[] {
    requireCount('limit', limit);
    return guarded('read', () => {
      this.ensureExists(sessionId);
      if (limit === 0) return [];
      const from = range.fromMs ?? Number.MIN_SAFE_INTEGER;
      const before = range.beforeMs ?? Number.MAX_SAFE_INTEGER;
      const rows = this.s.toolRowsBetween.all(sessionId, from, before, limit).reverse();
      return rows.map((row) => (decodeRow(row) as ToolEntry).tool);
    });
  }

  /**
   * The `limit` messages just older than `before` (a record seq, or a message id), oldest first, and
   * whether still older ones exist (`list_messages` paging past the in-memory log), with the oldest's
   * seq: a seq cursor is one index seek, an id one costs a scan of the message rows. An id this
   * session does not hold is INVALID_ARGUMENT: the caller's cursor is from another conversation.
   */
  messagesBefore(
    sessionId: string,
    before: number | string,
    limit: number,
  ): { messages: AgentMessage[]; hasMore: boolean; oldestSeq: number | null } {
    requireCount('limit', limit);
    return guarded('read', () => {
      this.ensureExists(sessionId);
      const seq = typeof before === 'number' ? before : this.s.messageSeqById.get(sessionId, before)?.seq;
      if (seq === undefined)
        throw invalidArgument(`no message ${JSON.stringify(before)} in this conversation`);
      // One row more than asked says whether there are older ones without a second query.
      const rows = this.s.messagesBefore.all(sessionId, seq, limit + 1);
      const hasMore = rows.length > limit;
      const page = rows.slice(0, limit).reverse();
      if (page.length > 0) requireKnownKinds(this.s, sessionId, page[0]!.seq);
      return {
        messages: page.map((row) => (decodeRow(row) as MessageEntry).message),
        hasMore,
        oldestSeq: page[0]?.seq ?? null,
      };
    });
  }

  /** The message with this id and its seq, or null when the session holds no such message (resend_from). */
  messageById(sessionId: string, messageId: string): { seq: number; message: AgentMessage } | null {
    return guarded('read', () => {
      this.ensureExists(sessionId);
      const seq = this.s.messageSeqById.get(sessionId, messageId)?.seq;
      if (seq === undefined) return null;
      const [row] = this.s.messagesBefore.all(sessionId, seq + 1, 1);
      return row === undefined ? null : { seq, message: (decodeRow(row) as MessageEntry).message };
    });
  }

  /**
   * Each agent's history and active summary as of now: what `restoreFromRecords` makes of every
   * history row, read through the history index (a few rows per agent, whatever the session's length).
   */
  restoreHistories(sessionId: string, historyTurns: number): RestoredHistories {
    requireCount('historyTurns', historyTurns);
    return this.tx.read(() => {
      this.ensureExists(sessionId);
      requireKnownKinds(this.s, sessionId, 0);
      return restoreThroughIndex(this.sliced.scale, sessionId, historyTurns, decodeRow);
    });
  }

  /** The user messages one can fork before, oldest first (see `forkPointOf`). */
  forkPoints(sessionId: string): ForkPoint[] {
    return guarded('read', () => {
      this.ensureExists(sessionId);
      requireKnownKinds(this.s, sessionId, 0);
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
      requireKnownKinds(this.s, sessionId, 0);
      return this.s.turnRows.all(sessionId).map((row) => (decodeRow(row) as TurnEntry).turn);
    });
  }

  /**
   * A new session holding copies of the source's records with seq <= atSeq, seq numbers kept (and their
   * search rows); its meta names parentId / forkedAtSeq and takes `titleOf(source title)` (default: the
   * source's title, as the ledger says; the app passes "… (fork)", issue 22). Returns the new id.
   */
  forkSession(sourceId: string, atSeq: number, titleOf: (title: string) => string = (t) => t): string {
    requireCount('atSeq', atSeq);
    this.flushMeta();
    return forkInOneTransaction(this.sliced, sourceId, atSeq, titleOf);
  }

  /**
   * `forkSession` copied a slice of records per transaction between awaits, so a long session never
   * holds the event loop; the fork is listed only once complete, and a failure leaves nothing of it.
   */
  forkSessionInSlices(
    sourceId: string,
    atSeq: number,
    titleOf: (title: string) => string = (t) => t,
  ): Promise<string> {
    requireCount('atSeq', atSeq);
    this.flushMeta();
    return forkInSlices(this.sliced, sourceId, atSeq, titleOf);
  }

  /**
   * `deleteSession` in two steps: the session is gone for every reader when this returns (or throws
   * SESSION_NOT_FOUND); the promise settles once its records are removed, a slice at a time.
   */
  deleteSessionInSlices(sessionId: string): Promise<void> {
    this.flushMeta();
    hideSession(this.sliced, sessionId);
    return purgeInSlices(this.sliced, sessionId);
  }

  /** Removes, a slice at a time, what a crash left of a delete or a fork; the number of sessions found. */
  sweepOrphans(): Promise<number> {
    return sweepOrphans(this.sliced);
  }

  /** `exportSession`, read a slice at a time between awaits (same file, same bytes). */
  exportSessionInSlices(sessionId: string, dir: string): Promise<string> {
    this.flushMeta();
    return exportInSlices(this.sliced, sessionId, dir);
  }

  /** Remove the session and all its records, in one transaction (the app deletes in slices). */
  deleteSession(sessionId: string): void {
    this.flushMeta();
    deleteInOneTransaction(this.sliced, sessionId);
  }

  /** `exportSessionInSlices` in one read (see `exportInOneRead`). Returns the path. */
  exportSession(sessionId: string, dir: string): string {
    this.flushMeta();
    return exportInOneRead(this.sliced, sessionId, dir);
  }

  /** The boot WARN lines: more than 200 sessions, or a session with more than 50,000 records. */
  warnings(): string[] {
    return storeWarnings(this.listSessions());
  }

  /** The session's meta as readers see it (fields an append has not written yet laid over the row). */
  private loadMeta(sessionId: string): SessionMeta {
    return this.lagging.shown(sessionId, this.loadStoredMeta(sessionId));
  }

  private loadStoredMeta(sessionId: string): SessionMeta {
    const row = this.s.selectMeta.get(sessionId);
    if (row === undefined) throw sessionNotFound(sessionId);
    return decodeMeta(sessionId, row.meta);
  }

  private ensureExists(sessionId: string): void {
    if (this.s.sessionExists.get(sessionId) === undefined) throw sessionNotFound(sessionId);
  }

  private freshId(now: number): string {
    const taken = (id: string) =>
      this.sliced.busy.has(id) ||
      this.s.sessionExists.get(id) !== undefined ||
      this.sliced.scale.anyRecord.get(id) !== undefined;
    let id = newSessionId(now);
    while (taken(id)) id = newSessionId(now);
    return id;
  }

  /** Lazily: the statement only starts when iteration does, and every exit path closes it. */
}
