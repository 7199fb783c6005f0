import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { thrownCoreError } from '../../test/helpers/core-error.ts';
import type { SessionStore } from './session-store.ts';
import { agent, agentMessage, exchange, message, tempStore, turn, userMessage } from './test-kit.ts';

let store: SessionStore;
let cleanup: () => void;

beforeEach(() => {
  ({ store, cleanup } = tempStore());
});
afterEach(() => cleanup());

function conversation(): string {
  const id = store.createSession();
  store.append(id, userMessage('first request', 'alice')); // 0
  store.append(id, agentMessage('alice', 'first answer')); // 1
  store.append(id, exchange('alice', 'first request', 'first answer')); // 2
  store.append(id, turn('alice')); // 3
  store.append(id, userMessage('second\nrequest', 'alice')); // 4
  store.append(id, agentMessage('alice', 'second answer')); // 5
  return id;
}

describe('forkSession', () => {
  it('copies records up to and including atSeq with their seq numbers, and nothing later', () => {
    const source = conversation();
    const fork = store.forkSession(source, 3);
    const copied = store.records(fork);
    expect(copied.map((r) => r.seq)).toEqual([0, 1, 2, 3]);
    expect(copied).toEqual(store.records(source).slice(0, 4));
    expect(store.records(source)).toHaveLength(6);
  });

  it('names the parent and the fork seq, keeps the title, and becomes the latest', () => {
    const source = conversation();
    const fork = store.forkSession(source, 3);
    const meta = store.meta(fork);
    expect(meta).toMatchObject({
      title: 'first request',
      parentId: source,
      forkedAtSeq: 3,
      recordCount: 4,
    });
    expect(Object.keys(meta)).toEqual([
      'title',
      'createdAt',
      'updatedAt',
      'parentId',
      'forkedAtSeq',
      'recordCount',
    ]);
    expect(meta.createdAt).toBe(meta.updatedAt);
    expect(store.latestSession()?.id).toBe(fork);
    expect(store.meta(source).parentId).toBeUndefined();
  });

  it('continues numbering after the copied records', () => {
    const fork = store.forkSession(conversation(), 3);
    expect(store.append(fork, userMessage('another way', 'alice'))).toBe(4);
    expect(store.meta(fork).recordCount).toBe(5);
  });

  it('includes the turn records up to the fork point', () => {
    const fork = store.forkSession(conversation(), 3);
    expect(store.records(fork).filter((r) => r.kind === 'turn')).toHaveLength(1);
  });

  it('forks at seq 0 and at the last seq', () => {
    const source = conversation();
    expect(store.records(store.forkSession(source, 0))).toHaveLength(1);
    expect(store.records(store.forkSession(source, 5))).toHaveLength(6);
  });

  it('refuses a seq past the end, a negative or fractional seq, and an empty source', () => {
    const source = conversation();
    expect(thrownCoreError(() => store.forkSession(source, 6)).code).toBe('INVALID_ARGUMENT');
    expect(thrownCoreError(() => store.forkSession(source, -1)).code).toBe('INVALID_ARGUMENT');
    expect(thrownCoreError(() => store.forkSession(source, 1.5)).code).toBe('INVALID_ARGUMENT');
    const empty = store.createSession();
    expect(thrownCoreError(() => store.forkSession(empty, 0)).code).toBe('INVALID_ARGUMENT');
    expect(store.listSessions()).toHaveLength(2);
  });

  it('can fork a fork', () => {
    const first = store.forkSession(conversation(), 4);
    const second = store.forkSession(first, 1);
    expect(store.meta(second)).toMatchObject({ parentId: first, forkedAtSeq: 1, recordCount: 2 });
  });
});

describe('forkPoints', () => {
  it('offers user messages only, never seq 0, cutting just before each', () => {
    const id = conversation();
    expect(store.forkPoints(id)).toEqual([
      { atSeq: 3, preview: 'second request', text: 'second\nrequest', to: 'alice', tsMs: 1_700_000_000_000 },
    ]);
  });

  it('previews 60 characters with line breaks as spaces and keeps the full text', () => {
    const id = store.createSession();
    store.append(id, agentMessage('alice', 'a system-ish opener'));
    const long = `line one\r\nline two\rline three\n${'あ'.repeat(80)}`;
    store.append(id, userMessage(long, 'bob'));
    const [point] = store.forkPoints(id);
    expect(point!.atSeq).toBe(0);
    expect(point!.text).toBe(long);
    expect(point!.preview).toBe(`line one line two line three ${'あ'.repeat(31)}`);
    expect([...point!.preview]).toHaveLength(60);
  });

  it('leaves out `to` when the target is not an agent, and passes over system and external messages', () => {
    const id = store.createSession();
    store.append(id, userMessage('opening', 'alice'));
    store.append(id, userMessage('to everyone'));
    store.append(id, { kind: 'message', message: message('joined', { from: { kind: 'system' } }) });
    store.append(id, {
      kind: 'message',
      message: message('outside', { from: { kind: 'external', client: 'c' } }),
    });
    const points = store.forkPoints(id);
    expect(points).toHaveLength(1);
    expect(points[0]).toEqual({
      atSeq: 0,
      preview: 'to everyone',
      text: 'to everyone',
      tsMs: 1_700_000_000_000,
    });
    expect('to' in points[0]!).toBe(false);
  });

  it('carries the attachment references of the message (an attachment-only request too)', () => {
    const id = store.createSession();
    store.append(id, userMessage('opening', 'alice'));
    const ref = {
      id: '3b241101-e2bb-4255-8caf-4136c566a962',
      kind: 'image' as const,
      fileName: 'photo.png',
      mimeType: 'image/webp',
      byteLength: 1234,
      width: 30,
      height: 20,
    };
    store.append(id, {
      kind: 'message',
      message: message('', { to: { kind: 'agent', id: agent('alice') }, attachments: [ref] }),
    });
    const [point] = store.forkPoints(id);
    expect(point).toEqual({
      atSeq: 0,
      preview: '',
      text: '',
      to: 'alice',
      tsMs: 1_700_000_000_000,
      attachments: [ref],
    });
    expect('attachments' in store.forkPoints(conversation())[0]!).toBe(false);
  });

  it('gives an atSeq that forks to just before the message', () => {
    const id = conversation();
    const [point] = store.forkPoints(id);
    const fork = store.forkSession(id, point!.atSeq);
    const records = store.records(fork);
    expect(records.at(-1)!.seq).toBe(3);
    expect(records.some((r) => r.kind === 'message' && r.message.content === point!.text)).toBe(false);
  });
});
