import { isSafeIdentifier } from '../domain/ids.ts';
import { writeExportFile } from './export-file.ts';
import { buildMeta, encodeMeta } from './meta.ts';
import { unknownKind } from './record.ts';
import type { SlicedStore } from './sliced-operations.ts';
import { invalidArgument, sessionNotFound, storeProblem } from './store-error.ts';
import type { StoredRecord } from './record.ts';

/**
 * The fork, delete and export of a whole session in one transaction each: what the sliced operations
 * must equal, record for record and byte for byte, and what a short session can still use. A million
 * records held the event loop for seconds this way (issue 24): the app uses the sliced ones.
 */

/** The fork in one transaction (SessionStore.forkSession). */
export function forkInOneTransaction(
  store: SlicedStore,
  sourceId: string,
  atSeq: number,
  titleOf: (title: string) => string,
): string {
  return store.tx.write(() => {
    const source = store.loadMeta(sourceId);
    const last = store.s.lastSeq.get(sourceId)?.seq ?? null;
    if (last === null || atSeq > last) {
      throw invalidArgument(`atSeq ${atSeq} is past the last record of the session (${last ?? 'none'})`);
    }
    const now = store.now();
    const id = store.freshId(now);
    const copied = store.s.copyRecords.run(id, sourceId, atSeq).changes;
    if (copied !== atSeq + 1) {
      // seq runs 0..last without gaps, so a short copy means a row of a kind this version does not know.
      const unknown = store.s.unknownKindUpTo.get(sourceId, atSeq);
      if (unknown !== undefined) throw unknownKind(unknown.seq, unknown.kind);
    }
    store.search.forked(sourceId, id, atSeq);
    const meta = buildMeta({
      title: titleOf(source.title),
      createdAt: now,
      updatedAt: now,
      parentId: sourceId,
      forkedAtSeq: atSeq,
      recordCount: copied,
    });
    store.s.insertSession.run(id, encodeMeta(meta));
    return id;
  }, 'create');
}

/** Removes the session and all its records (SESSION_NOT_FOUND when there is none). */
export function deleteInOneTransaction(store: SlicedStore, sessionId: string): void {
  store.tx.write(() => {
    if (store.s.sessionExists.get(sessionId) === undefined) throw sessionNotFound(sessionId);
    store.s.deleteRecords.run(sessionId);
    store.s.deleteSession.run(sessionId);
    store.search.deleted(sessionId);
  });
}

/**
 * Writes `{dir}/{id}.jsonl`: line 1 `{"session":{"id":…,"meta":{…}}}`, then one `{"seq":N,"kind":…}`
 * line per record, header and records from one snapshot. Returns the path. The folder above `dir`
 * is the workspace: `dir` and the file may not be links (see `writeExportFile`).
 */
export function exportInOneRead(store: SlicedStore, sessionId: string, dir: string): string {
  return store.tx.read(() => {
    const meta = store.loadMeta(sessionId);
    if (!isSafeIdentifier(sessionId)) {
      throw storeProblem('export', 'the session id is not a safe file name');
    }
    return writeExportFile(dir, { id: sessionId, meta }, allRecords(store, sessionId));
  }, 'export');
}

function* allRecords(store: SlicedStore, sessionId: string): Generator<StoredRecord> {
  for (const row of store.s.recordsFrom.iterate(sessionId, 0)) yield store.decodeRow(row);
}
