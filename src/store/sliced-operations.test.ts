/**
 * Issue 24: fork, delete and export of a long session in slices between awaits. Each must leave the
 * same result as the one-transaction operation it replaces, and a fork that fails midway must leave
 * nothing behind.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { thrownCoreError } from '../../test/helpers/core-error.ts';
import type { SessionStore } from './session-store.ts';
import { SLICE_ROWS } from './sliced-operations.ts';
import { agentMessage, exchange, tempStore, toolCall, turn, userMessage } from './test-kit.ts';

let store: SessionStore;
let dir: string;
let path: string;
let clock: { now: number };
let cleanup: () => void;
let source: string;

/** More than two slices of mixed records, messages among them (search rows are copied too). */
const RECORDS = SLICE_ROWS * 2 + 321;

beforeEach(() => {
  ({ store, dir, path, clock, cleanup } = tempStore());
  source = store.createSession();
  store.appendMany(
    source,
    Array.from({ length: RECORDS }, (_, n) => {
      if (n % 4 === 0) return userMessage(`question ${n} about the harbour`, 'alice');
      if (n % 4 === 1) return agentMessage('alice', `answer ${n}`);
      if (n % 4 === 2) return exchange('alice', `s${n}`, `r${n}`);
      return n % 8 === 3 ? turn('alice') : toolCall('alice');
    }),
  );
});
afterEach(() => cleanup());

/** Counts event-loop turns taken while `work` runs: a sliced operation lets others run between slices. */
async function loopTurnsDuring<T>(work: Promise<T>): Promise<{ result: T; turns: number }> {
  let turns = 0;
  let running = true;
  const tick = () => {
    turns += 1;
    if (running) setImmediate(tick);
  };
  setImmediate(tick);
  try {
    return { result: await work, turns };
  } finally {
    running = false;
  }
}

function rowsOf(id: string): { records: number; search: number } {
  const db = new Database(path, { readonly: true });
  try {
    const count = (table: string) =>
      (db.prepare(`SELECT COUNT(*) AS n FROM ${table} WHERE session_id = ?`).get(id) as { n: number }).n;
    return { records: count('records'), search: count('search_rows') };
  } finally {
    db.close();
  }
}

function allRecordOwners(): string[] {
  const db = new Database(path, { readonly: true });
  try {
    return (db.prepare('SELECT DISTINCT session_id AS id FROM records').all() as { id: string }[]).map(
      (row) => row.id,
    );
  } finally {
    db.close();
  }
}

describe('forkSessionInSlices', () => {
  it('makes the same fork as forkSession (records, search rows, meta), over several loop turns', async () => {
    const at = RECORDS - 10;
    clock.now = 5_000_000;
    const whole = store.forkSession(source, at, (t) => `${t} (fork)`);
    clock.now = 5_000_000;
    const { result: sliced, turns } = await loopTurnsDuring(
      store.forkSessionInSlices(source, at, (t) => `${t} (fork)`),
    );
    expect(turns).toBeGreaterThanOrEqual(2);
    expect(store.records(sliced)).toEqual(store.records(whole));
    expect(rowsOf(sliced)).toEqual(rowsOf(whole));
    expect(rowsOf(sliced).search).toBeGreaterThan(SLICE_ROWS / 2);
    const { createdAt, updatedAt, ...meta } = store.meta(sliced);
    const { createdAt: c2, updatedAt: u2, ...wholeMeta } = store.meta(whole);
    expect(meta).toEqual(wholeMeta);
    expect([createdAt, updatedAt]).toEqual([c2 + 1, u2 + 1]);
    expect(store.searchSessions('harbour').some((hit) => hit.sessionId === sliced)).toBe(true);
  });

  it('is not listed while it is being copied', async () => {
    const forking = store.forkSessionInSlices(source, RECORDS - 1);
    await new Promise((next) => setImmediate(next));
    expect(store.listSessions().map((s) => s.id)).toEqual([source]);
    const id = await forking;
    expect(
      store
        .listSessions()
        .map((s) => s.id)
        .sort(),
    ).toEqual([source, id].sort());
  });

  it('leaves nothing when it fails midway (a kind this version does not know, in the second slice)', async () => {
    const db = new Database(path);
    db.prepare("UPDATE records SET kind = 'future' WHERE session_id = ? AND seq = ?").run(
      source,
      SLICE_ROWS + 7,
    );
    db.close();
    const before = store.listSessions();
    const error = await store.forkSessionInSlices(source, RECORDS - 1).then(
      () => null,
      (e: unknown) => e as { code: string; message: string },
    );
    expect(error?.code).toBe('SESSION_STORE_FAILED');
    expect(error?.message).toMatch(/future/);
    expect(store.listSessions()).toEqual(before);
    expect(allRecordOwners()).toEqual([source]);
  });

  it('leaves nothing when the source is deleted during the copy', async () => {
    const forking = store.forkSessionInSlices(source, RECORDS - 1).then(
      () => null,
      (e: unknown) => e as { code: string },
    );
    await new Promise((next) => setImmediate(next));
    await store.deleteSessionInSlices(source);
    expect((await forking)?.code).toBe('SESSION_NOT_FOUND');
    expect(store.listSessions()).toEqual([]);
    expect(allRecordOwners()).toEqual([]);
  });

  it('refuses an atSeq past the end, as forkSession does', async () => {
    await expect(store.forkSessionInSlices(source, RECORDS)).rejects.toMatchObject({
      code: 'INVALID_ARGUMENT',
    });
    expect(allRecordOwners()).toEqual([source]);
  });
});

describe('deleteSessionInSlices', () => {
  it('hides the session at once and removes its records and search rows over several loop turns', async () => {
    const other = store.createSession();
    store.append(other, userMessage('keep me'));
    const deleting = loopTurnsDuring(store.deleteSessionInSlices(source));
    expect(thrownCoreError(() => store.meta(source)).code).toBe('SESSION_NOT_FOUND');
    expect(store.listSessions().map((s) => s.id)).toEqual([other]);
    expect(store.searchSessions('harbour')).toEqual([]);
    expect((await deleting).turns).toBeGreaterThanOrEqual(2);
    expect(rowsOf(source)).toEqual({ records: 0, search: 0 });
    expect(store.records(other)).toHaveLength(1);
  });

  it('throws SESSION_NOT_FOUND at the call for an unknown session', () => {
    expect(thrownCoreError(() => void store.deleteSessionInSlices('1-00000000')).code).toBe(
      'SESSION_NOT_FOUND',
    );
  });
});

describe('sweepOrphans', () => {
  it('removes what a crash left of a delete (records and search rows without a session row)', async () => {
    const kept = store.forkSession(source, 100);
    const db = new Database(path);
    db.prepare('DELETE FROM sessions WHERE id = ?').run(source);
    db.close();
    expect(await store.sweepOrphans()).toBe(1);
    expect(rowsOf(source)).toEqual({ records: 0, search: 0 });
    expect(store.records(kept)).toHaveLength(101);
    expect(await store.sweepOrphans()).toBe(0);
  });
});

describe('exportSessionInSlices', () => {
  it('writes the same bytes as exportSession', async () => {
    const exports = join(dir, 'workspace', 'exports');
    const wholePath = store.exportSession(source, exports);
    const whole = readFileSync(wholePath);
    const { result: slicedPath, turns } = await loopTurnsDuring(store.exportSessionInSlices(source, exports));
    expect(slicedPath).toBe(wholePath);
    expect(turns).toBeGreaterThanOrEqual(2);
    const sliced = readFileSync(slicedPath);
    expect(sliced.length).toBeGreaterThan(RECORDS * 50);
    expect(sliced.equals(whole)).toBe(true);
  });

  it('fails, and writes no file, when records go missing during the export (never a short file)', async () => {
    const exports = join(dir, 'workspace', 'exports');
    const exporting = store.exportSessionInSlices(source, exports).then(
      () => null,
      (e: unknown) => e as { code: string },
    );
    // After the first slice was read: another connection removes the rest (as a delete would).
    const db = new Database(path);
    db.prepare('DELETE FROM records WHERE session_id = ? AND seq >= ?').run(source, SLICE_ROWS);
    db.close();
    expect((await exporting)?.code).toBe('SESSION_STORE_FAILED');
    expect(() => readFileSync(join(exports, `${source}.jsonl`))).toThrow();
  });
});
