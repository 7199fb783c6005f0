import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { thrownCoreError } from '../../test/helpers/core-error.ts';
import type { SessionStore } from './session-store.ts';
import { META_WRITE_INTERVAL_MS } from './lagging-meta.ts';
import { tempStore, userMessage } from './test-kit.ts';
import { storeWarnings } from './warnings.ts';

let store: SessionStore;
let dir: string;
let clock: { now: number };
let cleanup: () => void;

beforeEach(() => {
  ({ store, dir, clock, cleanup } = tempStore());
});
afterEach(() => cleanup());

const meta = (recordCount: number) => ({ title: '', createdAt: 1, updatedAt: 1, recordCount });

describe('warnings', () => {
  it('is silent at 200 sessions and warns above', () => {
    for (let i = 0; i < 200; i += 1) store.createSession();
    expect(store.warnings()).toEqual([]);
    store.createSession();
    expect(store.warnings()).toEqual(['session store: 201 sessions (more than 200); nothing is deleted']);
    expect(store.listSessions()).toHaveLength(201);
  });

  it('names each session with more than 50,000 records', () => {
    const lines = storeWarnings([
      { id: 'a', meta: meta(50_000) },
      { id: 'b', meta: meta(50_001) },
    ]);
    expect(lines).toEqual(['session store: session b has 50001 records (more than 50,000)']);
  });
});

describe('one transaction per write', () => {
  it('leaves neither record nor metadata behind when part of an append fails', () => {
    const id = store.createSession();
    store.append(id, userMessage('kept'));
    const raw = new Database(join(dir, 'workspace', 'sessions.sqlite'));
    raw.exec(
      `CREATE TRIGGER no_meta BEFORE UPDATE ON sessions BEGIN SELECT RAISE(ABORT, 'meta blocked'); END`,
    );
    // Late enough that this append writes the session row too (see LaggingMeta).
    clock.now += META_WRITE_INTERVAL_MS;
    const error = thrownCoreError(() => store.append(id, userMessage('lost')));
    expect([error.code, error.detail]).toEqual(['SESSION_STORE_FAILED', 'write']);
    raw.exec('DROP TRIGGER no_meta');
    raw.close();
    expect(store.records(id)).toHaveLength(1);
    expect(store.meta(id).recordCount).toBe(1);
    expect(store.append(id, userMessage('next'))).toBe(1);
  });
});
