/**
 * An append leaves the session row alone while it may (LaggingMeta, issue 24: the row and its index
 * were two of an append's five WAL pages): the store's readers still see every append at once, a
 * clean close writes what waits, and after a crash the next open counts the records again.
 */
import { copyFileSync, renameSync } from 'node:fs';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { META_WRITE_INTERVAL_MS } from './lagging-meta.ts';
import { SessionStore } from './session-store.ts';
import { exchange, tempStore, userMessage } from './test-kit.ts';

let store: SessionStore;
let path: string;
let clock: { now: number };
let cleanup: () => void;

beforeEach(() => {
  ({ store, path, clock, cleanup } = tempStore());
});
afterEach(() => cleanup());

/** The session row as it is in the file, read on a connection of its own. */
function storedMeta(id: string): { updatedAt: number; recordCount: number; title: string } {
  const raw = new Database(path, { readonly: true });
  try {
    const row = raw.prepare<[string], { meta: string }>('SELECT meta FROM sessions WHERE id = ?').get(id)!;
    return JSON.parse(row.meta) as { updatedAt: number; recordCount: number; title: string };
  } finally {
    raw.close();
  }
}

describe('the session row behind the appends', () => {
  it('is written by the first record and the title, then waits while meta() shows every append', () => {
    const id = store.createSession();
    store.append(id, userMessage('hello there'));
    const first = storedMeta(id);
    expect(first).toMatchObject({ title: 'hello there', recordCount: 1 });
    store.append(id, exchange('alice', 's', 'r'));
    store.append(id, exchange('alice', 's2', 'r2'));
    expect(storedMeta(id)).toEqual(first);
    const shown = store.meta(id);
    expect(shown.recordCount).toBe(3);
    expect(shown.updatedAt).toBeGreaterThan(first.updatedAt);
  });

  it('is written again once the stored updatedAt is the interval old', () => {
    const id = store.createSession();
    store.append(id, userMessage('hello'));
    store.append(id, exchange('alice', 's', 'r'));
    expect(storedMeta(id).recordCount).toBe(1);
    clock.now += META_WRITE_INTERVAL_MS;
    store.append(id, exchange('alice', 's2', 'r2'));
    expect(storedMeta(id)).toMatchObject({ recordCount: 3, updatedAt: store.meta(id).updatedAt });
  });

  it('is written before sessions are listed or ordered in SQL: the latest is the one appended last', () => {
    const older = store.createSession();
    const newer = store.createSession();
    store.append(newer, userMessage('first of newer'));
    store.append(older, userMessage('first of older'));
    // Within the interval of its stored row: this append waits, and in the file `older` is newest.
    store.append(newer, exchange('alice', 's', 'r'));
    expect(storedMeta(newer).updatedAt).toBeLessThan(storedMeta(older).updatedAt);
    expect(store.latestSession()?.id).toBe(newer);
    expect(store.listSessions().map((s) => s.id)).toEqual([newer, older]);
    expect(storedMeta(newer)).toMatchObject({ recordCount: 2, updatedAt: store.meta(newer).updatedAt });
  });

  it('is written by a clean close', () => {
    const id = store.createSession();
    store.append(id, userMessage('hello'));
    store.append(id, exchange('alice', 's', 'r'));
    const shown = store.meta(id);
    store.close();
    expect(storedMeta(id)).toMatchObject({ recordCount: 2, updatedAt: shown.updatedAt });
  });

  it('after a crash, the next open counts the records again', () => {
    const id = store.createSession();
    store.append(id, userMessage('hello'));
    for (let i = 0; i < 4; i += 1) store.append(id, exchange('alice', `s${i}`, `r${i}`));
    // What a process killed now leaves: the file and its WAL as they are, nothing of what waits.
    copyFileSync(path, `${path}.crash`);
    copyFileSync(`${path}-wal`, `${path}.crash-wal`);
    store.close();
    renameSync(`${path}.crash`, path);
    renameSync(`${path}.crash-wal`, `${path}-wal`);
    expect(storedMeta(id).recordCount).toBe(1);
    store = SessionStore.open(path);
    expect(store.meta(id).recordCount).toBe(5);
    expect(store.listSessions()[0]!.meta.recordCount).toBe(5);
    expect(store.records(id)).toHaveLength(5);
    store.close();
  });
});
