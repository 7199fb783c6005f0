import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { thrownCoreError } from '../../test/helpers/core-error.ts';
import { decodeRecord, encodeRecord } from './record.ts';
import { MIGRATIONS, SCHEMA_VERSION } from './schema.ts';
import { sessionStorePath } from './session-file.ts';
import { SessionStore } from './session-store.ts';
import {
  agentMessage,
  exchange,
  message,
  tempStore,
  toolCall,
  toolCallRecord,
  turn,
  turnRecord,
  userMessage,
} from './test-kit.ts';

let store: SessionStore;
let dir: string;
let cleanup: () => void;

beforeEach(() => {
  ({ store, dir, cleanup } = tempStore());
});
afterEach(() => cleanup());

function withTools(): string {
  const id = store.createSession();
  store.append(id, userMessage('look around', 'alice')); // 0
  store.append(id, toolCall('alice', { callId: 'c1', tsMs: 11 })); // 1
  store.append(id, toolCall('alice', { callId: 'c2', tsMs: 12, isError: true, resultPreview: 'missing' })); // 2
  store.append(id, agentMessage('alice', 'done')); // 3
  store.append(id, exchange('alice', 'look around', 'done')); // 4
  store.append(id, turn('alice')); // 5
  store.append(id, toolCall('alice', { callId: 'c3', tsMs: 13 })); // 6
  return id;
}

const ALL = { fromMs: null, beforeMs: null };
function ids(
  id: string,
  range: typeof ALL | { fromMs: number | null; beforeMs: number | null },
  limit: number,
) {
  return store.toolCallsBetween(id, range, limit).map((t) => t.callId);
}

describe('the tool record kind', () => {
  it('round-trips through encode and decode with every field', () => {
    const record = toolCall('alice', { reason: null, reasonState: 'unsupported', name: 'srv__search' });
    const asked = toolCall('alice', { name: 'ask_bob', reasonState: 'excluded', target: 'bob' as never });
    const encoded = encodeRecord(asked);
    expect(decodeRecord(1, encoded.kind, encoded.body)).toEqual({ seq: 1, ...asked });
    const { kind, body } = encodeRecord(record);
    expect(decodeRecord(4, kind, body)).toEqual({ seq: 4, ...record });
  });

  it('refuses a malformed tool body instead of guessing', () => {
    const body = JSON.stringify({ ...toolCallRecord('alice'), isError: 'yes' });
    const error = thrownCoreError(() => decodeRecord(2, 'tool', body));
    expect(error.code).toBe('SESSION_STORE_FAILED');
    expect(error.message).toContain('malformed tool record at seq 2: isError');
  });

  it('toolCallsBetween returns the newest in the time range oldest first; 0 gives none', () => {
    const id = withTools();
    expect(ids(id, ALL, 10)).toEqual(['c1', 'c2', 'c3']);
    expect(ids(id, ALL, 2)).toEqual(['c2', 'c3']);
    expect(store.toolCallsBetween(id, ALL, 0)).toEqual([]);
    expect(store.toolCallsBetween(id, ALL, 10)[1]).toMatchObject({ isError: true, resultPreview: 'missing' });
  });

  it('a time range is [fromMs, beforeMs): an older page of messages gets just its own rows', () => {
    const id = withTools();
    expect(ids(id, { fromMs: 12, beforeMs: null }, 10)).toEqual(['c2', 'c3']);
    expect(ids(id, { fromMs: null, beforeMs: 12 }, 10)).toEqual(['c1']);
    expect(ids(id, { fromMs: 11, beforeMs: 13 }, 10)).toEqual(['c1', 'c2']);
    expect(ids(id, { fromMs: 14, beforeMs: null }, 10)).toEqual([]);
  });

  it('history restore, the message tail and statistics ignore tool records', () => {
    const id = withTools();
    expect(store.tailMessages(id, 10).map((m) => m.content)).toEqual(['look around', 'done']);
    expect(store.turns(id)).toEqual([turnRecord('alice')]);
    const { histories } = store.restoreHistories(id, 10);
    expect(histories.get('alice' as never)).toEqual([{ sent: 'look around', replied: 'done' }]);
  });

  it('a fork copies the tool records up to the fork point and none after', () => {
    const id = withTools();
    const fork = store.forkSession(id, 3);
    expect(store.toolCallsBetween(fork, ALL, 10).map((t) => t.callId)).toEqual(['c1', 'c2']);
  });

  it('export writes tool lines like the other kinds', () => {
    const id = withTools();
    const path = store.exportSession(id, join(dir, 'exports'));
    const lines = readFileSync(path, 'utf8').trim().split('\n');
    expect(JSON.parse(lines[2]!)).toEqual({
      seq: 1,
      kind: 'tool',
      tool: toolCallRecord('alice', { callId: 'c1', tsMs: 11 }),
    });
  });
});

describe('a store written before the tool kind', () => {
  it('opens a version 3 file, migrates it through 4 (search) and 5 (tool kind), and shows no tool rows', () => {
    store.close();
    mkdirSync(join(dir, 'old'), { recursive: true });
    const path = sessionStorePath(join(dir, 'old'));
    const old = new Database(path);
    for (const sql of MIGRATIONS.slice(0, 3)) old.exec(sql);
    old.pragma('user_version = 3');
    old
      .prepare('INSERT INTO sessions (id, meta) VALUES (?, ?)')
      .run('100-aaaa', JSON.stringify({ title: 'old', createdAt: 1, updatedAt: 2, recordCount: 1 }));
    old
      .prepare('INSERT INTO records (session_id, seq, kind, body) VALUES (?, ?, ?, ?)')
      .run('100-aaaa', 0, 'message', JSON.stringify(message('from v3')));
    old.close();

    const reopened = SessionStore.open(path);
    try {
      expect(reopened.toolCallsBetween('100-aaaa', ALL, 50)).toEqual([]);
      expect(reopened.tailMessages('100-aaaa', 50).map((m) => m.content)).toEqual(['from v3']);
      reopened.append('100-aaaa', toolCall('alice'));
      expect(reopened.toolCallsBetween('100-aaaa', ALL, 50)).toHaveLength(1);
    } finally {
      reopened.close();
    }
    const check = new Database(path);
    expect(check.pragma('user_version', { simple: true })).toBe(SCHEMA_VERSION);
    // Through 5 (the tool kind) and on: version 6 (issue 24) only adds the history index.
    expect(SCHEMA_VERSION).toBeGreaterThanOrEqual(5);
    expect(check.prepare("SELECT name FROM sqlite_master WHERE name = 'search_rows'").get()).toBeTruthy();
    check.close();
  });
});
