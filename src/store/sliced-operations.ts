import { setImmediate as nextTurnOfLoop } from 'node:timers/promises';
import { isSafeIdentifier } from '../domain/ids.ts';
import type { SessionMeta, SessionSummary } from '../domain/session.ts';
import { writeExportFileInSlices } from './export-file.ts';
import { buildMeta, encodeMeta } from './meta.ts';
import type { StoredRecord } from './record.ts';
import { unknownKind } from './record.ts';
import type { ScaleStatements } from './scale-statements.ts';
import type { SessionSearch } from './session-search.ts';
import type { RecordRow, Statements } from './statements.ts';
import { guarded, invalidArgument, sessionNotFound, storeFailed, storeProblem } from './store-error.ts';
import type { Transactions } from './transactions.ts';

/**
 * Records per slice of a fork or a delete: one slice is one short transaction (measured on a 2-core
 * machine: about 10-20 ms for a fork's copy with its search rows), then the event loop runs before the
 * next (issue 24: a million records copied in one transaction held the loop for 2.6 s and more).
 */
export const SLICE_ROWS = 500;

/**
 * Search rows per slice of a delete: each takes its trigram index entries out with it (about 0.25 ms
 * a row), so far fewer than records fit in a slice.
 */
export const SEARCH_SLICE_ROWS = 50;

/**
 * Records per slice of a delete: fewer than a fork's, as a slice's commit may also checkpoint the
 * WAL the deletes filled (a 1M-record delete at 500 a slice held the loop up to 57 ms).
 */
export const DELETE_SLICE_ROWS = 250;

/** Records per slice of an export: decoding and re-encoding each costs more than copying it. */
export const EXPORT_SLICE_ROWS = 500;

/** What the sliced operations need of the store (its statements, transactions and bookkeeping). */
export interface SlicedStore {
  tx: Transactions;
  s: Statements;
  scale: ScaleStatements;
  search: SessionSearch;
  now: () => number;
  loadMeta(sessionId: string): SessionMeta;
  freshId(now: number): string;
  decodeRow(row: RecordRow): StoredRecord;
  /** Ids whose records are being written or removed: never swept as orphans, never reused. */
  busy: Set<string>;
}

/**
 * A fork copied `SLICE_ROWS` records per transaction into an id that has no session row yet, so no
 * list, search or read sees it; the last transaction adds the row (the fork appears whole). A failure
 * removes the copied records (and a crash leaves them to `sweepOrphans`): all or nothing.
 */
export async function forkInSlices(
  store: SlicedStore,
  sourceId: string,
  atSeq: number,
  titleOf: (title: string) => string,
): Promise<string> {
  const { tx, s, scale } = store;
  const id = tx.read(() => {
    store.loadMeta(sourceId);
    const last = s.lastSeq.get(sourceId)?.seq ?? null;
    if (last === null || atSeq > last) {
      throw invalidArgument(`atSeq ${atSeq} is past the last record of the session (${last ?? 'none'})`);
    }
    return store.freshId(store.now());
  });
  store.busy.add(id);
  try {
    for (let from = 0; from <= atSeq; from += SLICE_ROWS) {
      const before = Math.min(from + SLICE_ROWS, atSeq + 1);
      tx.write(() => {
        const copied = scale.copyRecordsRange.run(id, sourceId, from, before).changes;
        if (copied !== before - from) {
          // seq runs 0..last without gaps: a short copy is a kind this version does not know, or
          // the source was deleted meanwhile.
          const unknown = scale.unknownKindBetween.get(sourceId, from, before);
          if (unknown !== undefined) throw unknownKind(unknown.seq, unknown.kind);
          throw sessionNotFound(sourceId);
        }
        scale.copySearchRange.run(id, sourceId, from, before);
      }, 'create');
      await nextTurnOfLoop();
    }
    return tx.write(() => {
      const source = store.loadMeta(sourceId);
      store.search.forkedBacklog(sourceId, id, atSeq);
      const now = store.now();
      const meta = buildMeta({
        title: titleOf(source.title),
        createdAt: now,
        updatedAt: now,
        parentId: sourceId,
        forkedAtSeq: atSeq,
        recordCount: atSeq + 1,
      });
      s.insertSession.run(id, encodeMeta(meta));
      return id;
    }, 'create');
  } catch (error) {
    await purgeInSlices(store, id).catch(() => {
      // Left for the sweep at the next open; the fork's own failure is the one to report.
    });
    throw error;
  } finally {
    store.busy.delete(id);
  }
}

/**
 * The delete's visible part, in one transaction: the session row (and its search backlog) goes, so
 * nothing lists, searches or reads the session from here on. Its records are then removed by
 * `purgeInSlices`; what a crash leaves of them is swept at the next open.
 */
export function hideSession(store: SlicedStore, sessionId: string): void {
  store.tx.write(() => {
    if (store.s.sessionExists.get(sessionId) === undefined) throw sessionNotFound(sessionId);
    store.s.deleteSession.run(sessionId);
    // Only the backlog here: the search rows take their trigram entries with them, a slice at a time
    // in the purge (every search read joins the session row, so they are unseen from now on).
    store.search.backlogDeleted(sessionId);
  });
}

/** Removes the records and search rows of a session that has no row (any more), a slice at a time. */
export async function purgeInSlices(store: SlicedStore, sessionId: string): Promise<void> {
  const { tx, scale } = store;
  store.busy.add(sessionId);
  try {
    for (;;) {
      const removed = tx.write(
        () =>
          scale.deleteRecordsSlice.run(sessionId, sessionId, DELETE_SLICE_ROWS).changes +
          scale.deleteSearchSlice.run(sessionId, sessionId, SEARCH_SLICE_ROWS).changes,
      );
      if (removed === 0) return;
      await nextTurnOfLoop();
    }
  } finally {
    store.busy.delete(sessionId);
  }
}

/**
 * Records and search rows whose session has no row: what a crash left of a delete or a fork being
 * copied. Removed a slice at a time; returns how many sessions' leftovers were found.
 */
export async function sweepOrphans(store: SlicedStore): Promise<number> {
  const owners = store.tx.read(() => {
    const found = new Set<string>();
    for (const next of [store.scale.nextRecordOwner, store.scale.nextSearchOwner]) {
      let id = '';
      for (let row = next.get(id); row !== undefined; row = next.get(id)) {
        id = row.id;
        if (!store.busy.has(id) && store.s.sessionExists.get(id) === undefined) found.add(id);
      }
    }
    return found;
  });
  for (const id of owners) {
    // Taken in the meantime (a fork began copying under a fresh id: never one with rows).
    if (store.busy.has(id)) continue;
    await purgeInSlices(store, id);
  }
  return owners.size;
}

/**
 * The export, read `EXPORT_SLICE_ROWS` records per read between awaits: records are never rewritten, so the
 * slices up to the header's recordCount are the snapshot the header describes. A session deleted
 * meanwhile is an error, never a short file.
 */
export async function exportInSlices(store: SlicedStore, sessionId: string, dir: string): Promise<string> {
  const session: SessionSummary = { id: sessionId, meta: guarded('export', () => store.loadMeta(sessionId)) };
  if (!isSafeIdentifier(sessionId)) throw storeProblem('export', 'the session id is not a safe file name');
  const total = session.meta.recordCount;
  async function* slices(): AsyncGenerator<StoredRecord[]> {
    for (let from = 0; from < total; from += EXPORT_SLICE_ROWS) {
      if (from > 0) await nextTurnOfLoop();
      const rows = guarded('export', () =>
        store.s.recordsPage.all(sessionId, from, total, EXPORT_SLICE_ROWS),
      );
      if (rows.length !== Math.min(EXPORT_SLICE_ROWS, total - from) || rows[0]!.seq !== from) {
        throw storeProblem('export', 'the session was deleted while it was being exported');
      }
      yield guarded('export', () => rows.map((row) => store.decodeRow(row)));
    }
  }
  try {
    return await writeExportFileInSlices(dir, session, slices());
  } catch (error) {
    throw storeFailed('export', error);
  }
}
