/**
 * Issue 24: the records of one stretch of the event loop commit in one transaction, in the order they
 * were recorded, with the seqs one append each would have given. Counted on a real SQLite file: each
 * commit ends with one commit frame in the WAL.
 */
import { afterEach, beforeEach, expect, it } from 'vitest';
import { walFrames } from '../../test/helpers/wal-frames.ts';
import type { SessionRecord } from '../store/index.ts';
import type { SessionStore } from '../store/session-store.ts';
import { exchange, tempStore, toolCall, turn, userMessage } from '../store/test-kit.ts';
import { AppendBatch } from './append-batch.ts';

let store: SessionStore;
let path: string;
let cleanup: () => void;
beforeEach(() => ({ store, path, cleanup } = tempStore()));
afterEach(() => cleanup());

const nextLoopTurn = () => new Promise((done) => setImmediate(done));

function batchOn(s: SessionStore): AppendBatch {
  return new AppendBatch((id, records) => void s.appendMany(id, records));
}

it('commits the records of one stretch together, at the next setImmediate', async () => {
  const id = store.createSession();
  const batch = batchOn(store);
  const before = walFrames(path).commits;
  const records: SessionRecord[] = [userMessage('hi', 'alice'), exchange('alice', 's', 'r'), turn('alice')];
  for (const record of records) batch.add(id, record);
  batch.add(id, toolCall('alice'));
  expect(walFrames(path).commits).toBe(before);
  await nextLoopTurn();
  expect(walFrames(path).commits).toBe(before + 1);
  expect(store.records(id).map((r) => r.kind)).toEqual(['message', 'exchange', 'turn', 'tool']);
});

it('gives the order and seqs that one append per record gave', async () => {
  const one = store.createSession();
  const other = store.createSession();
  const sequence: [string, SessionRecord][] = [
    [one, userMessage('a', 'alice')],
    [one, exchange('alice', 's1', 'r1')],
    [other, userMessage('b', 'bob')],
    [one, turn('alice')],
    [other, exchange('bob', 's2', 'r2')],
  ];
  const batch = batchOn(store);
  for (const [id, record] of sequence) batch.add(id, record);
  await nextLoopTurn();
  const { store: plain, cleanup: done } = tempStore();
  try {
    const ids = new Map([
      [one, plain.createSession()],
      [other, plain.createSession()],
    ]);
    for (const [id, record] of sequence) plain.append(ids.get(id)!, record);
    for (const [id, twin] of ids) expect(store.records(id)).toEqual(plain.records(twin));
    expect(store.meta(one).recordCount).toBe(3);
  } finally {
    done();
  }
});

it('lets a read that follows a write in the same tick see it, through flush()', () => {
  const id = store.createSession();
  const batch = batchOn(store);
  batch.add(id, userMessage('just sent', 'alice'));
  batch.flush();
  expect(store.tailMessages(id, 10).map((m) => m.content)).toEqual(['just sent']);
  // Nothing is left queued: the scheduled write finds nothing more to commit.
  const commits = walFrames(path).commits;
  return nextLoopTurn().then(() => expect(walFrames(path).commits).toBe(commits));
});
