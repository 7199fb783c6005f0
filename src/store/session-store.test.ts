import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { thrownCoreError } from '../../test/helpers/core-error.ts';
import type { SessionStore } from './session-store.ts';
import { agent, agentMessage, exchange, message, summary, tempStore, turn, userMessage } from './test-kit.ts';

let store: SessionStore;
let clock: { now: number };
let cleanup: () => void;

beforeEach(() => {
  ({ store, clock, cleanup } = tempStore());
});
afterEach(() => cleanup());

describe('createSession', () => {
  it('makes an id {epoch_ms}-{short random} and an empty meta without fork fields', () => {
    const id = store.createSession();
    expect(id).toMatch(/^1000001-[0-9a-f]{8}$/);
    const meta = store.meta(id);
    expect(meta).toEqual({ title: '', createdAt: 1_000_001, updatedAt: 1_000_001, recordCount: 0 });
    expect(Object.keys(meta)).toEqual(['title', 'createdAt', 'updatedAt', 'recordCount']);
    expect(store.lastSeq(id)).toBeNull();
    expect(store.records(id)).toEqual([]);
  });

  it('keeps a given title, clipped to 30 characters', () => {
    const id = store.createSession('x'.repeat(40));
    expect(store.meta(id).title).toBe('x'.repeat(30));
  });

  it('never reuses an id, even within the same millisecond', () => {
    clock.now = 5;
    const ids = new Set(Array.from({ length: 50 }, () => store.createSession()));
    expect(ids.size).toBe(50);
  });
});

describe('append', () => {
  it('numbers records per session from 0', () => {
    const a = store.createSession();
    const b = store.createSession();
    expect(store.append(a, userMessage('one'))).toBe(0);
    expect(store.append(a, exchange('alice', 's', 'r'))).toBe(1);
    expect(store.append(b, userMessage('other'))).toBe(0);
    expect(store.append(a, turn('alice'))).toBe(2);
    expect(store.append(b, agentMessage('alice', 'hi'))).toBe(1);
    expect(store.lastSeq(a)).toBe(2);
    expect(store.lastSeq(b)).toBe(1);
  });

  it('moves updatedAt and recordCount with the record, in one write', () => {
    const id = store.createSession();
    store.append(id, userMessage('hello'));
    store.append(id, exchange('alice', 's', 'r'));
    const meta = store.meta(id);
    expect(meta.recordCount).toBe(2);
    expect(meta.createdAt).toBe(1_000_001);
    expect(meta.updatedAt).toBe(1_000_003);
  });

  it('titles the session after the first user message, 30 code points, and keeps that title', () => {
    const id = store.createSession();
    store.append(id, agentMessage('alice', 'agents do not title sessions'));
    expect(store.meta(id).title).toBe('');
    const first = '🦊'.repeat(31) + ' rest';
    store.append(id, userMessage(first));
    expect(store.meta(id).title).toBe('🦊'.repeat(30));
    store.append(id, userMessage('second message'));
    expect(store.meta(id).title).toBe('🦊'.repeat(30));
  });

  it('does not let an external client title the session', () => {
    const id = store.createSession();
    store.append(id, {
      kind: 'message',
      message: message('from outside', { from: { kind: 'external', client: 'mcp' } }),
    });
    expect(store.meta(id).title).toBe('');
  });

  it('does not retitle a session created with a title', () => {
    const id = store.createSession('chosen');
    store.append(id, userMessage('hello'));
    expect(store.meta(id).title).toBe('chosen');
  });

  it('refuses a summary whose coversUpToSeq is not below its own seq, and writes nothing', () => {
    const id = store.createSession();
    store.append(id, exchange('alice', 's', 'r'));
    expect(thrownCoreError(() => store.append(id, summary('alice', 't', 1))).code).toBe('INVALID_ARGUMENT');
    expect(store.meta(id).recordCount).toBe(1);
    expect(store.append(id, summary('alice', 't', 0))).toBe(1);
  });

  it('refuses an unknown kind from a caller', () => {
    const id = store.createSession();
    const bogus = { kind: 'note', text: 'x' } as unknown as Parameters<SessionStore['append']>[1];
    expect(thrownCoreError(() => store.append(id, bogus)).code).toBe('INVALID_ARGUMENT');
  });
});

describe('appendMany', () => {
  it('writes the records in order with consecutive seqs and one metadata update', () => {
    const id = store.createSession();
    store.append(id, agentMessage('alice', 'first'));
    const before = clock.now;
    expect(
      store.appendMany(id, [
        agentMessage('alice', 'x'),
        userMessage('titled by me'),
        exchange('alice', 's', 'r'),
      ]),
    ).toEqual([1, 2, 3]);
    expect(store.records(id).map((r) => [r.seq, r.kind])).toEqual([
      [0, 'message'],
      [1, 'message'],
      [2, 'message'],
      [3, 'exchange'],
    ]);
    // One clock read for the whole batch: the metadata was written once.
    expect(store.meta(id)).toMatchObject({ title: 'titled by me', recordCount: 4, updatedAt: before + 1 });
  });

  it('is all or nothing: a bad record anywhere writes none of them', () => {
    const id = store.createSession();
    store.append(id, exchange('alice', 's', 'r'));
    const batch = [userMessage('lost'), exchange('alice', 's2', 'r2'), summary('alice', 't', 3)];
    expect(thrownCoreError(() => store.appendMany(id, batch)).code).toBe('INVALID_ARGUMENT');
    expect(store.records(id)).toHaveLength(1);
    expect(store.meta(id)).toMatchObject({ title: '', recordCount: 1 });
    // A summary may cover records of its own batch written before it.
    expect(store.appendMany(id, [userMessage('kept'), summary('alice', 't', 1)])).toEqual([1, 2]);
  });

  it('leaves an empty batch without a trace, and refuses an unknown session', () => {
    const id = store.createSession();
    const meta = store.meta(id);
    expect(store.appendMany(id, [])).toEqual([]);
    expect(store.meta(id)).toEqual(meta);
    expect(thrownCoreError(() => store.appendMany('404-none', [userMessage('x')])).code).toBe(
      'SESSION_NOT_FOUND',
    );
  });
});

describe('turns', () => {
  it('returns only the turn records, in seq order', () => {
    const id = store.createSession();
    store.append(id, userMessage('hello', 'alice'));
    store.append(id, turn('alice', { prompt: 1 }));
    store.append(id, exchange('alice', 's', 'r'));
    store.append(id, turn('bob', { prompt: 2 }));
    expect(store.turns(id).map((t) => [t.agentId, t.prompt])).toEqual([
      ['alice', 1],
      ['bob', 2],
    ]);
    expect(store.turns(store.createSession())).toEqual([]);
    expect(thrownCoreError(() => store.turns('404-none')).code).toBe('SESSION_NOT_FOUND');
  });
});

describe('reading', () => {
  it('returns records in seq order with their payloads, from a seq on', () => {
    const id = store.createSession();
    store.append(id, userMessage('hello', 'alice'));
    store.append(id, exchange('alice', 'sent', 'replied'));
    store.append(id, summary('alice', 'so far', 1));
    store.append(id, turn('alice'));
    const records = store.records(id);
    expect(records.map((r) => [r.seq, r.kind])).toEqual([
      [0, 'message'],
      [1, 'exchange'],
      [2, 'summary'],
      [3, 'turn'],
    ]);
    expect(records[1]).toEqual({
      seq: 1,
      kind: 'exchange',
      agentId: 'alice',
      sent: 'sent',
      replied: 'replied',
    });
    expect(records[0]).toEqual({ seq: 0, ...userMessage('hello', 'alice') });
    expect(store.records(id, 2).map((r) => r.seq)).toEqual([2, 3]);
    expect(store.records(id, 9)).toEqual([]);
  });

  it('keeps a message whole, grounding and coRecipients included', () => {
    const id = store.createSession();
    const whole = message('grounded', {
      coRecipients: [agent('bob')],
      grounding: { queries: ['q'], sources: [{ uri: 'https://e.example', title: '' }], engine: 'google' },
      reasoningSummary: 'why',
    });
    store.append(id, { kind: 'message', message: whole });
    expect(store.records(id)).toEqual([{ seq: 0, kind: 'message', message: whole }]);
  });

  it('tails the last N messages oldest first, passing over other kinds', () => {
    const id = store.createSession();
    for (let i = 0; i < 10; i += 1) {
      store.append(id, userMessage(`m${i}`));
      store.append(id, exchange('alice', `s${i}`, `r${i}`));
      store.append(id, turn('alice'));
    }
    expect(store.tailMessages(id, 3).map((m) => m.content)).toEqual(['m7', 'm8', 'm9']);
    expect(store.tailMessages(id, 50)).toHaveLength(10);
    expect(store.tailMessages(id, 0)).toEqual([]);
  });

  it('lists by updatedAt, most recent first, not by id', () => {
    const a = store.createSession();
    const b = store.createSession();
    const c = store.createSession();
    store.append(a, userMessage('a'));
    // Ids read in time order (a < b < c) but a was written last.
    expect(store.listSessions().map((s) => s.id)).toEqual([a, c, b]);
    expect(store.latestSession()?.id).toBe(a);
    store.append(b, userMessage('b'));
    expect(store.listSessions().map((s) => s.id)).toEqual([b, a, c]);
    expect(store.latestSession()).toEqual({ id: b, meta: store.meta(b) });
  });

  it('has no latest session when empty', () => {
    expect(store.latestSession()).toBeNull();
    expect(store.listSessions()).toEqual([]);
  });
});

describe('unknown sessions', () => {
  it('is SESSION_NOT_FOUND for every operation', () => {
    const calls: (() => unknown)[] = [
      () => store.meta('nope'),
      () => store.append('nope', userMessage('x')),
      () => store.records('nope'),
      () => store.lastSeq('nope'),
      () => store.tailMessages('nope', 5),
      () => store.restoreHistories('nope', 8),
      () => store.forkSession('nope', 0),
      () => store.forkPoints('nope'),
      () => store.deleteSession('nope'),
      () => store.exportSession('nope', '/tmp'),
    ];
    for (const call of calls) expect(thrownCoreError(call).code).toBe('SESSION_NOT_FOUND');
  });
});

describe('deleteSession', () => {
  it('removes the session and its records, leaving others alone', () => {
    const a = store.createSession();
    const b = store.createSession();
    store.append(a, userMessage('a'));
    store.append(b, userMessage('b'));
    store.deleteSession(a);
    expect(thrownCoreError(() => store.meta(a)).code).toBe('SESSION_NOT_FOUND');
    expect(store.listSessions().map((s) => s.id)).toEqual([b]);
    expect(store.records(b)).toHaveLength(1);
  });
});

describe('failures', () => {
  it('is SESSION_STORE_FAILED naming the operation once the store is closed', () => {
    const id = store.createSession();
    store.close();
    const read = thrownCoreError(() => store.meta(id));
    expect([read.code, read.detail]).toEqual(['SESSION_STORE_FAILED', 'read']);
    const write = thrownCoreError(() => store.append(id, userMessage('x')));
    expect([write.code, write.detail]).toEqual(['SESSION_STORE_FAILED', 'begin']);
    const create = thrownCoreError(() => store.createSession());
    expect(create.code).toBe('SESSION_STORE_FAILED');
  });
});
