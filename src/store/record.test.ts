import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { thrownCoreError } from '../../test/helpers/core-error.ts';
import { decodeRecord, encodeRecord } from './record.ts';
import type { SessionStore } from './session-store.ts';
import { exchange, summary, tempStore, turn, userMessage } from './test-kit.ts';

describe('record codec', () => {
  it('stores the payload without the kind, and reads back the same record', () => {
    for (const record of [userMessage('m', 'a'), exchange('a', 's', 'r'), summary('a', 't', 0), turn('a')]) {
      const encoded = encodeRecord(record);
      expect(encoded.kind).toBe(record.kind);
      expect(JSON.parse(encoded.body)).not.toHaveProperty('kind');
      expect(decodeRecord(7, encoded.kind, encoded.body)).toEqual({ seq: 7, ...record });
    }
    expect(encodeRecord(exchange('a', 's', 'r')).body).toBe('{"agentId":"a","sent":"s","replied":"r"}');
  });

  it('refuses an unknown kind, bad JSON and a body missing its fields', () => {
    const cases: [string, string][] = [
      ['note', '{}'],
      ['message', 'not json'],
      ['exchange', '[]'],
      ['exchange', '{"agentId":"a","sent":"s"}'],
      ['summary', '{"agentId":"a","text":"t","coversUpToSeq":"1"}'],
      ['turn', '{"agentId":"a"}'],
    ];
    for (const [kind, body] of cases) {
      const error = thrownCoreError(() => decodeRecord(1, kind, body));
      expect([error.code, error.detail]).toEqual(['SESSION_STORE_FAILED', 'read']);
    }
  });
});

describe('an unknown kind in the file', () => {
  let store: SessionStore;
  let dir: string;
  let cleanup: () => void;
  let id: string;

  beforeEach(() => {
    ({ store, dir, cleanup } = tempStore());
    id = store.createSession();
    store.append(id, userMessage('before', 'alice'));
    store.append(id, exchange('alice', 's', 'r'));
    const raw = new Database(join(dir, 'workspace', 'sessions.sqlite'));
    raw
      .prepare('INSERT INTO records (session_id, seq, kind, body) VALUES (?, 2, ?, ?)')
      .run(id, 'vote', '{}');
    raw.close();
    store.append(id, userMessage('after', 'alice'));
  });
  afterEach(() => cleanup());

  it('is an error for every read that passes it, never a silent skip', () => {
    const reads: (() => unknown)[] = [
      () => store.records(id),
      () => store.records(id, 2),
      () => store.tailMessages(id, 5),
      () => store.tailMessages(id, 2),
      () => store.restoreHistories(id, 8),
      () => store.forkPoints(id),
      () => store.turns(id),
      () => store.forkSession(id, 3),
      () => store.exportSession(id, dir),
    ];
    for (const read of reads) {
      const error = thrownCoreError(read);
      expect([error.code, error.detail]).toEqual(['SESSION_STORE_FAILED', 'read']);
      expect(error.message).toContain('unknown record kind "vote" at seq 2');
    }
  });

  it('does not stop reads that end before it', () => {
    expect(store.records(id, 3)).toHaveLength(1);
    expect(store.tailMessages(id, 1).map((m) => m.content)).toEqual(['after']);
    expect(store.records(store.forkSession(id, 1))).toHaveLength(2);
  });
});
