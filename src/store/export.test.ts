import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SessionStore } from './session-store.ts';
import { exchange, message, summary, tempStore, turn, turnRecord, userMessage } from './test-kit.ts';

let store: SessionStore;
let dir: string;
let cleanup: () => void;

beforeEach(() => {
  ({ store, dir, cleanup } = tempStore());
});
afterEach(() => cleanup());

describe('exportSession', () => {
  it('writes {dir}/{id}.jsonl: a header without kind, then one seq/kind line per record', () => {
    const id = store.createSession();
    store.append(id, userMessage('hello\nworld', 'alice'));
    store.append(id, exchange('alice', 'hello\nworld', 'hi'));
    store.append(id, summary('alice', 'greeted', 1));
    store.append(id, turn('alice'));
    const exports = join(dir, 'workspace', 'exports');
    const path = store.exportSession(id, exports);
    expect(path).toBe(join(exports, `${id}.jsonl`));

    const text = readFileSync(path, 'utf8');
    expect(text.endsWith('\n')).toBe(true);
    const lines = text.slice(0, -1).split('\n');
    expect(lines).toHaveLength(5);
    expect(lines[0]).toBe(JSON.stringify({ session: { id, meta: store.meta(id) } }));
    expect(lines[0]).not.toContain('"kind"');
    expect(lines[0]!.startsWith(`{"session":{"id":"${id}","meta":{"title":"hello world"`)).toBe(true);
    expect(lines[1]).toBe(
      JSON.stringify({
        seq: 0,
        kind: 'message',
        message: message('hello\nworld', { to: { kind: 'agent', id: 'alice' as never } }),
      }),
    );
    expect(lines[2]).toBe(
      '{"seq":1,"kind":"exchange","agentId":"alice","sent":"hello\\nworld","replied":"hi"}',
    );
    expect(lines[3]).toBe('{"seq":2,"kind":"summary","agentId":"alice","text":"greeted","coversUpToSeq":1}');
    expect(lines[4]).toBe(JSON.stringify({ seq: 3, kind: 'turn', turn: turnRecord('alice') }));
    expect(lines.filter((line) => line.includes('"kind":"message"'))).toHaveLength(1);
  });

  it('writes a header only for an empty session, and overwrites an earlier export', () => {
    const id = store.createSession('empty');
    const path = store.exportSession(id, dir);
    store.append(id, userMessage('later'));
    store.exportSession(id, dir);
    const lines = readFileSync(path, 'utf8').trim().split('\n');
    expect(lines).toHaveLength(2);
    expect(JSON.parse(lines[0]!)).toEqual({ session: { id, meta: store.meta(id) } });
  });

  it.skipIf(process.platform === 'win32')('makes the file 0600 and a new folder 0700', () => {
    const id = store.createSession();
    const exports = join(dir, 'fresh', 'exports');
    const path = store.exportSession(id, exports);
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(statSync(exports).mode & 0o777).toBe(0o700);
  });

  it('is SESSION_STORE_FAILED (export) when the folder cannot be made', () => {
    const id = store.createSession();
    const blocked = join(dir, 'workspace', 'sessions.sqlite', 'exports');
    try {
      store.exportSession(id, blocked);
      expect.unreachable();
    } catch (error) {
      expect(error).toMatchObject({ code: 'SESSION_STORE_FAILED', detail: 'export' });
    }
    // The failed export left no statement or transaction open.
    expect(store.append(id, userMessage('still writable'))).toBe(0);
  });
});
