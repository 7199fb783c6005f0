import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { thrownCoreError } from '../../test/helpers/core-error.ts';
import type { SessionStore } from './session-store.ts';
import { agent, exchange, summary, tempStore, turn, userMessage } from './test-kit.ts';

let store: SessionStore;
let cleanup: () => void;
let id: string;

beforeEach(() => {
  ({ store, cleanup } = tempStore());
  id = store.createSession();
});
afterEach(() => cleanup());

const pair = (n: number) => ({ sent: `s${n}`, replied: `r${n}` });

describe('restoreHistories', () => {
  it('restores each agent from its exchanges only, oldest first; messages and turns are never history', () => {
    store.append(id, userMessage('hi', 'alice'));
    store.append(id, exchange('alice', 's1', 'r1'));
    store.append(id, turn('alice'));
    store.append(id, exchange('bob', 's2', 'r2'));
    store.append(id, exchange('alice', 's3', 'r3'));
    const { histories, summaries } = store.restoreHistories(id, 8);
    expect(histories).toEqual(
      new Map([
        [agent('alice'), [pair(1), pair(3)]],
        [agent('bob'), [pair(2)]],
      ]),
    );
    expect(summaries.size).toBe(0);
  });

  it('applies the window at load: the last historyTurns exchanges per agent', () => {
    for (let n = 1; n <= 6; n += 1) store.append(id, exchange('alice', `s${n}`, `r${n}`));
    store.append(id, exchange('bob', 's9', 'r9'));
    expect(store.restoreHistories(id, 2).histories.get(agent('alice'))).toEqual([pair(5), pair(6)]);
    expect(store.restoreHistories(id, 2).histories.get(agent('bob'))).toEqual([pair(9)]);
    // Widening the window restores more: nothing was dropped when saving.
    expect(store.restoreHistories(id, 100).histories.get(agent('alice'))).toHaveLength(6);
    expect(store.restoreHistories(id, 0).histories.size).toBe(0);
  });

  it('uses the latest summary and only the exchanges after its coversUpToSeq', () => {
    store.append(id, exchange('alice', 's0', 'r0')); // 0
    store.append(id, exchange('alice', 's1', 'r1')); // 1
    store.append(id, summary('alice', 'old summary', 0)); // 2
    store.append(id, exchange('alice', 's3', 'r3')); // 3
    store.append(id, exchange('alice', 's4', 'r4')); // 4
    store.append(id, summary('alice', 'new summary', 3)); // 5
    store.append(id, exchange('alice', 's6', 'r6')); // 6
    const { histories, summaries } = store.restoreHistories(id, 8);
    expect(summaries.get(agent('alice'))).toEqual({ text: 'new summary', coversUpToSeq: 3, seq: 5 });
    // s4 was written before the summary but after what it covers: it stays.
    expect(histories.get(agent('alice'))).toEqual([pair(4), pair(6)]);
  });

  it('applies the window after the summary cut', () => {
    for (let n = 0; n < 5; n += 1) store.append(id, exchange('alice', `s${n}`, `r${n}`)); // 0..4
    store.append(id, summary('alice', 'sum', 1)); // 5
    for (let n = 6; n < 9; n += 1) store.append(id, exchange('alice', `s${n}`, `r${n}`)); // 6..8
    expect(store.restoreHistories(id, 3).histories.get(agent('alice'))).toEqual([pair(6), pair(7), pair(8)]);
    expect(store.restoreHistories(id, 10).histories.get(agent('alice'))).toEqual([
      pair(2),
      pair(3),
      pair(4),
      pair(6),
      pair(7),
      pair(8),
    ]);
  });

  it('keeps summaries per agent: one agent’s summary does not cut another’s history', () => {
    store.append(id, exchange('alice', 's0', 'r0'));
    store.append(id, exchange('bob', 's1', 'r1'));
    store.append(id, summary('alice', 'alice so far', 1));
    const { histories, summaries } = store.restoreHistories(id, 8);
    expect(histories.has(agent('alice'))).toBe(false);
    expect(histories.get(agent('bob'))).toEqual([pair(1)]);
    expect([...summaries.keys()]).toEqual(['alice']);
  });

  it('gives a summary without later exchanges and no history entry', () => {
    store.append(id, exchange('alice', 's0', 'r0'));
    store.append(id, summary('alice', 'all of it', 0));
    const restored = store.restoreHistories(id, 8);
    expect(restored.histories.size).toBe(0);
    expect(restored.summaries.get(agent('alice'))?.text).toBe('all of it');
  });

  it('refuses a negative window', () => {
    expect(thrownCoreError(() => store.restoreHistories(id, -1)).code).toBe('INVALID_ARGUMENT');
  });
});
