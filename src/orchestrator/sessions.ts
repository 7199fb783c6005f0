/**
 * The conversation's persistence: the open session of the village, the two write points (messages at
 * submit, exchanges and turn records at each exit), and switching (new chat, resume, fork, delete).
 * Without a store (it could not be opened) the village runs in memory and says so once.
 */
import type { AgentId } from '../domain/ids.ts';
import { join } from 'node:path';
import { setImmediate as nextTurnOfLoop } from 'node:timers/promises';
import type { DiagLog } from '../diag/log.ts';
import { CoreError } from '../domain/errors.ts';
import type { EventBus } from '../domain/events.ts';
import type { AgentMessage } from '../domain/message.ts';
import type {
  ForkPoint,
  SessionMeta,
  SessionSearchHit,
  SessionSummary,
  ToolCallRecord,
  TurnRecord,
} from '../domain/session.ts';
import type { SessionRecord, SessionStore } from '../store/index.ts';
import { startSearchBackfill } from '../store/search-backfill.ts';
import { AppendBatch } from './append-batch.ts';
import type { MessageSink } from './message-log.ts';
import type { StorePage } from './message-page.ts';
import type { Orchestrator } from './orchestrator.ts';
import { forkTitle } from './session-titles.ts';
import { summarizeAgents } from './summarize.ts';
import type { TurnSink } from './turn-sink.ts';

/** Records per page of the startup GC's read of the open session. */
const ATTACHMENT_SCAN_ROWS = 1_000;

function codeOf(error: unknown): string {
  return (error as CoreError | null)?.code ?? (error as Error | null)?.name ?? 'error';
}

export class Sessions implements TurnSink, MessageSink {
  private current: string | null = null;
  private orch: Orchestrator | null = null;

  /** Bumped at every switch: work that started in another conversation must not land in this one. */
  private generation = 0;

  private stopBackfill: (() => void) | null = null;

  /** The records of the current stretch of the event loop, committed together (see AppendBatch). */
  private readonly batch = new AppendBatch((sessionId, records) => this.writeBatch(sessionId, records));

  constructor(
    private store: SessionStore | null,
    private readonly log: DiagLog,
    private readonly events: EventBus,
    private readonly exportsDir: string,
    /** Why there is no store (a refused planted link names the file), for the commands' refusal. */
    readonly storeProblem: string | null = null,
  ) {}

  get persistent(): boolean {
    return this.store !== null;
  }

  /**
   * Boot: open the latest session (by updatedAt) and restore its log, histories and summaries; if it
   * cannot be read, one WARN and a new session; if nothing works, run without saving. Never throws.
   */
  attach(orch: Orchestrator): void {
    this.orch = orch;
    if (!this.store) return;
    this.startBackfill(this.store);
    this.sweepLeftovers(this.store);
    try {
      for (const warning of this.store.warnings()) this.log.warn(`session: ${warning}`);
      const latest = this.store.latestSession();
      if (latest !== null) {
        this.open(latest.id);
        this.pruneEmptyChats();
        return;
      }
    } catch (error) {
      this.log.warn(`session: the latest session could not be read (${codeOf(error)}); starting a new one`);
    }
    try {
      this.open(this.store.createSession());
    } catch (error) {
      this.log.warn(`session: no session could be created (${codeOf(error)}); conversations are not saved`);
      this.disable();
    }
  }

  /** What a crash left of a delete or a fork being copied goes, a slice at a time, in the background. */
  private sweepLeftovers(store: SessionStore): void {
    store.sweepOrphans().catch((error: unknown) => {
      this.log.warn(`session: removing what an interrupted delete or fork left failed (${codeOf(error)})`);
    });
  }

  private startBackfill(store: SessionStore): void {
    this.stopBackfill = startSearchBackfill(store, (error) => {
      this.log.warn(
        `session: building the search index failed (${codeOf(error)}); older messages are not all searchable`,
      );
    });
  }

  /**
   * Boot: at most one empty chat is kept, the open one (issue 22: empty "(no request yet)" chats piled
   * up, one per new chat and per start).
   */
  private pruneEmptyChats(): void {
    const store = this.store!;
    this.safe('pruning empty chats', () => {
      for (const id of store.emptySessions()) if (id !== this.current) store.deleteIfEmpty(id);
    });
  }

  /** After a switch: the chat left behind is deleted if it is empty (issue 22). */
  private leave(previous: string | null): void {
    if (previous === null || previous === this.current || !this.store) return;
    const pruned = this.safe('pruning an empty chat', () => this.store!.deleteIfEmpty(previous));
    if (pruned === true) this.events.emit({ type: 'sessionDeleted', sessionId: previous });
  }

  private disable(): void {
    this.batch.flush();
    this.store?.close();
    this.store = null;
    this.current = null;
  }

  sessionId(): string {
    return this.current ?? 'unsaved';
  }

  recordMessage(message: AgentMessage): void {
    this.append({ kind: 'message', message });
  }
  recordExchange(agentId: string, sent: string, replied: string): void {
    this.append({ kind: 'exchange', agentId: agentId as never, sent, replied });
  }
  recordTurn(record: TurnRecord): void {
    this.append({ kind: 'turn', turn: record });
  }
  recordToolCall(record: ToolCallRecord): void {
    this.append({ kind: 'tool', tool: record });
  }

  /**
   * The open session's newest `limit` tool calls in [fromMs, beforeMs), oldest first: the chat's tool
   * rows for the page of messages it loaded (after a reload, resume or fork, or an older page).
   */
  toolCalls(range: { fromMs: number | null; beforeMs: number | null }, limit: number): ToolCallRecord[] {
    if (!this.store || this.current === null) return [];
    this.batch.flush();
    return this.store.toolCallsBetween(this.current, range, limit);
  }

  /** Queued for the stretch's one transaction (see AppendBatch); a save failure is a WARN. */
  private append(record: SessionRecord): void {
    if (!this.store || this.current === null) return;
    this.batch.add(this.current, record);
  }

  /** Writes queued records before anything reads the store or the conversation changes. */
  flush(): void {
    this.batch.flush();
  }

  /**
   * One transaction for the batch. If it fails, each record is tried alone, so a failure costs what it
   * cost before batching: the records that cannot be saved, each a WARN (the conversation goes on in
   * memory).
   */
  private writeBatch(sessionId: string, records: SessionRecord[]): void {
    const store = this.store;
    if (!store) return;
    if (this.safe('write', () => store.appendMany(sessionId, records), records.length > 1) !== undefined) {
      return;
    }
    if (records.length === 1) return;
    for (const record of records) this.safe('write', () => store.append(sessionId, record));
  }

  private safe<T>(what: string, task: () => T, quiet = false): T | undefined {
    try {
      return task();
    } catch (error) {
      if (!quiet) this.log.warn(`session: ${what} failed (${codeOf(error)})`);
      return undefined;
    }
  }

  /** The store, with every queued record written first: a read after a write sees it. */
  private requireStore(): SessionStore {
    this.batch.flush();
    if (!this.store) {
      throw new CoreError(
        'SESSION_STORE_FAILED',
        'conversations are not being saved (the store could not be opened)',
        { detail: this.storeProblem ?? 'open' },
      );
    }
    return this.store;
  }

  private requireIdle(): void {
    if (this.orch?.anyTurnInFlight()) {
      throw new CoreError('SESSION_SWITCH_BLOCKED', 'a turn is in flight; interrupt it or wait, then switch');
    }
  }

  /** Shows `id`: log, histories and summaries are replaced, then conversationCleared and sessionSwitched. */
  private open(id: string): void {
    const store = this.requireStore();
    const orch = this.orch!;
    const messages = store.tailMessages(id, orch.config.logCapacity);
    const { histories, summaries } = store.restoreHistories(id, orch.config.historyTurns);
    this.current = id;
    this.generation += 1;
    orch.loadConversation(
      messages,
      new Map(
        [...histories].map(([agent, list]) => [
          agent as string,
          list.map((x) => ({ sent: x.sent, replied: x.replied })),
        ]),
      ),
      new Map([...summaries].map(([agent, summary]) => [agent as string, summary.text])),
    );
    this.events.emit({ type: 'sessionSwitched', sessionId: id });
  }

  /** Messages of the open session older than `before` (see SessionStore.messagesBefore); null unsaved. */
  olderMessages(before: string | number, limit: number): StorePage | null {
    if (!this.store || this.current === null) return null;
    this.batch.flush();
    return this.store.messagesBefore(this.current, before, limit);
  }

  list(): SessionSummary[] {
    return this.requireStore().listSessions();
  }

  currentSession(): SessionSummary | null {
    this.batch.flush();
    if (!this.store || this.current === null) return null;
    return { id: this.current, meta: this.store.meta(this.current) };
  }

  /**
   * New chat: always allowed. Without a store it still clears the conversation (only
   * conversationCleared is announced then).
   */
  newChat(): SessionSummary | null {
    this.batch.flush();
    if (!this.store) {
      this.generation += 1;
      this.orch!.loadConversation([], new Map());
      return null;
    }
    const previous = this.current;
    const id = this.store.createSession();
    this.open(id);
    this.leave(previous);
    return { id, meta: this.store.meta(id) };
  }

  resume(id: string): SessionSummary {
    const store = this.requireStore();
    const meta = store.meta(id);
    this.requireIdle();
    const previous = this.current;
    this.open(id);
    this.leave(previous);
    return { id, meta };
  }

  continueLatest(): SessionSummary {
    const latest = this.requireStore().latestSession();
    if (!latest) throw new CoreError('SESSION_NOT_FOUND', 'there is no saved conversation');
    return this.resume(latest.id);
  }

  forkPoints(id: string): ForkPoint[] {
    return this.requireStore().forkPoints(id);
  }

  /**
   * Copied a slice at a time (a long session never holds the event loop); listed only once whole. A
   * turn that started during the copy wins: the fork is removed and the switch refused, as it would
   * have been had the turn started first.
   */
  async fork(id: string, atSeq: number): Promise<SessionSummary> {
    const store = this.requireStore();
    store.meta(id);
    this.requireIdle();
    const language = this.orch!.language();
    const forked = await store.forkSessionInSlices(id, atSeq, (title) => forkTitle(title, language));
    try {
      this.requireIdle();
    } catch (error) {
      await this.removeQuietly(store, forked);
      throw error;
    }
    this.batch.flush();
    const previous = this.current;
    this.open(forked);
    this.leave(previous);
    return { id: forked, meta: store.meta(forked) };
  }

  /**
   * Takes back a conversation made for a send that then failed (resend_from, issue 22, past the
   * ledger: Edit and Regenerate are all or nothing). The first of `back` that can still be opened is
   * shown again first, so the screen never sits in a conversation being removed; then `made` is
   * deleted and every window hears `sessionDeleted`. Never throws: it runs while the send's own error
   * is on its way to the caller, and that error is the one the person must see; a failure here is a
   * WARN.
   */
  async discardMade(made: string, back: readonly string[]): Promise<void> {
    this.batch.flush();
    const store = this.store;
    if (!store) return;
    if (this.current === made) {
      const shown = back.some(
        (id) =>
          id !== made &&
          this.safe('switching back after a failed send', () => {
            this.open(id);
            return true;
          }) === true,
      );
      // Nothing to go back to (deleted meanwhile): the fork stays rather than the screen being empty.
      if (!shown) return;
    }
    const removed = this.safe('removing the conversation of a failed send', () => {
      const purged = store.deleteSessionInSlices(made);
      return purged;
    });
    if (removed === undefined) return;
    this.events.emit({ type: 'sessionDeleted', sessionId: made });
    await this.purged(removed);
  }

  /** The records of a deleted session go a slice at a time; a failure there is a WARN (swept at the next open). */
  private async purged(purging: Promise<void>): Promise<void> {
    try {
      await purging;
    } catch (error) {
      this.log.warn(`session: removing a deleted conversation's records failed (${codeOf(error)})`);
    }
  }

  private async removeQuietly(store: SessionStore, id: string): Promise<void> {
    const purging = this.safe('removing an unused fork', () => store.deleteSessionInSlices(id));
    if (purging !== undefined) await this.purged(purging);
  }

  /** A stored message of `sessionId` with its seq (null: not there); SESSION_NOT_FOUND for an unknown session. */
  messageById(sessionId: string, messageId: string): { seq: number; message: AgentMessage } | null {
    return this.requireStore().messageById(sessionId, messageId);
  }

  /** SESSION_SWITCH_BLOCKED while any turn runs (the check fork and resume make, for a caller's own order). */
  assertIdle(): void {
    this.requireIdle();
  }

  /** `rename_session`: every open UI hears `sessionRenamed`. */
  rename(id: string, title: string): SessionSummary {
    const meta: SessionMeta = this.requireStore().renameSession(id, title);
    this.events.emit({ type: 'sessionRenamed', sessionId: id, title: meta.title });
    return { id, meta };
  }

  /** `search_sessions`: messages across every conversation (see `SessionStore.searchSessions`). */
  search(query: string): SessionSearchHit[] {
    return this.requireStore().searchSessions(query);
  }

  /** The store, for the export download's paged reads (SESSION_STORE_FAILED without one). */
  storeForExport(): SessionStore {
    return this.requireStore();
  }

  /**
   * Deleting the open session switches to the next one, or to a new one. The session is gone for every
   * reader at once; the promise settles when its records are removed (a slice at a time).
   */
  async delete(id: string): Promise<void> {
    const store = this.requireStore();
    store.meta(id);
    if (id === this.current) this.requireIdle();
    const purging = store.deleteSessionInSlices(id);
    try {
      this.afterDelete(store, id);
    } finally {
      await this.purged(purging);
    }
  }

  private afterDelete(store: SessionStore, id: string): void {
    // Other windows keep their conversation lists in step (issue 22).
    this.events.emit({ type: 'sessionDeleted', sessionId: id });
    if (id !== this.current) return;
    this.current = null;
    try {
      const next = store.latestSession();
      this.open(next ? next.id : store.createSession());
    } catch (error) {
      this.log.warn(`session: the next session could not be opened (${codeOf(error)}); starting a new one`);
      this.open(store.createSession());
    }
  }

  /** "Summarize and continue" for the open session (allowed while turns are in flight). */
  summarize(only?: ReadonlySet<AgentId>): Promise<number> {
    const store = this.requireStore();
    const session = this.current;
    if (session === null) throw new CoreError('SESSION_NOT_FOUND', 'no conversation is open');
    const generation = this.generation;
    return summarizeAgents(
      this.orch!,
      {
        boundary: () => {
          this.batch.flush();
          return store.lastSeq(session);
        },
        // A switch during the model call: the summary belongs to a conversation no longer shown.
        stillCurrent: () => this.generation === generation,
        saveSummary: (agentId, text, coversUpToSeq) => {
          // After what is queued: the summary's seq comes after the records it may cover.
          this.batch.flush();
          return (
            this.safe('write', () =>
              store.append(session, { kind: 'summary', agentId, text, coversUpToSeq }),
            ) !== undefined
          );
        },
      },
      only,
    );
  }

  /**
   * The attachment ids the open session's messages reference: every message record of it, not only
   * the log's tail, so the startup GC never removes one of them to make room. Empty without a store.
   * Defensive about the shape: a hand-edited record is read, never trusted. Read a page at a time
   * between awaits (issue 24: a million-record session held the boot for seconds).
   */
  async attachmentIdsInCurrentSession(): Promise<Set<string>> {
    const ids = new Set<string>();
    if (!this.store || this.current === null) return ids;
    this.batch.flush();
    const store = this.store;
    const session = this.current;
    for (let from = 0; ;) {
      const page = store.recordsPage(session, from, Number.MAX_SAFE_INTEGER, ATTACHMENT_SCAN_ROWS);
      for (const record of page) {
        if (record.kind !== 'message') continue;
        const refs: unknown = record.message.attachments;
        if (!Array.isArray(refs)) continue;
        for (const ref of refs as { id?: unknown }[]) {
          if (typeof ref?.id === 'string') ids.add(ref.id);
        }
      }
      if (page.length < ATTACHMENT_SCAN_ROWS) return ids;
      from = page[page.length - 1]!.seq + 1;
      await nextTurnOfLoop();
    }
  }

  /** Turn records of one session (unknown id -> SESSION_NOT_FOUND) or of all. */
  turnsFor(sessionId: string | null): [string, TurnRecord][] {
    const store = this.requireStore();
    if (sessionId !== null) store.meta(sessionId);
    const ids = sessionId !== null ? [sessionId] : store.listSessions().map((x) => x.id);
    const turns: [string, TurnRecord][] = [];
    for (const id of ids) for (const turn of store.turns(id)) turns.push([id, turn]);
    return turns;
  }

  /** Read and written a slice at a time between awaits (see SessionStore.exportSessionInSlices). */
  export(id: string): Promise<string> {
    return this.requireStore().exportSessionInSlices(id, this.exportsDir);
  }

  close(): void {
    this.batch.flush();
    this.stopBackfill?.();
    this.store?.close();
  }

  static exportsDir(workspace: string): string {
    return join(workspace, 'exports');
  }
}
