/** Issue 24: the restore through the history index returns what the old full scan of the session did. */
import Database from 'better-sqlite3';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { restoreFromRecords } from './restore.ts';
import { prepareScaleStatements } from './scale-statements.ts';
import type { SessionStore } from './session-store.ts';
import { agentMessage, exchange, summary, tempStore, toolCall, turn, userMessage } from './test-kit.ts';

let store: SessionStore;
let path: string;
let cleanup: () => void;
let id: string;

beforeEach(() => {
  ({ store, path, cleanup } = tempStore());
  id = store.createSession();
});
afterEach(() => cleanup());

/** A long, mixed session: five agents, exchanges among messages, turns and tool rows, summaries. */
function fillMixed(): void {
  const agents = ['alice', 'bob', 'carol', 'dave', 'erin'];
  for (let n = 0; n < 3_000; n += 1) {
    const who = agents[(n * 7) % agents.length]!;
    store.append(id, userMessage(`q${n}`, who));
    store.append(id, exchange(who, `s${n}`, `r${n}`));
    if (n % 3 === 0) store.append(id, turn(who));
    if (n % 5 === 0) store.append(id, toolCall(who));
    if (n % 2 === 0) store.append(id, agentMessage(who, `a${n}`));
    // Summaries now and then, covering up to some earlier seq (bob: twice; erin: never).
    if (n === 900 || n === 2_400) store.append(id, summary('bob', `bob until ${n}`, store.lastSeq(id)! - 40));
    if (n === 1_500) store.append(id, summary('alice', 'alice', store.lastSeq(id)!));
    if (n === 2_999) store.append(id, summary('carol', 'carol covers all', store.lastSeq(id)!));
  }
  // An agent with a summary and no exchange at all.
  store.append(id, summary('frank', 'frank only', 0));
}

it('equals the full scan for every window size on a session with many exchanges', () => {
  fillMixed();
  const all = store.records(id);
  for (const turns of [0, 1, 2, 8, 50, 700, 10_000]) {
    const indexed = store.restoreHistories(id, turns);
    const scanned = restoreFromRecords(all, turns);
    expect(indexed.histories).toEqual(scanned.histories);
    expect(indexed.summaries).toEqual(scanned.summaries);
    expect(indexed.histories.size).toBe(turns === 0 ? 0 : scanned.histories.size);
  }
  // What the comparison rests on: carol's summary covers everything, so she has no history; erin none.
  const eight = store.restoreHistories(id, 8);
  expect(eight.histories.has('carol' as never)).toBe(false);
  expect(eight.histories.get('erin' as never)).toHaveLength(8);
  expect(eight.summaries.get('frank' as never)?.text).toBe('frank only');
});

it('reads through the history index, not the session: each statement a seek, no sort', () => {
  store.append(id, exchange('alice', 's', 'r'));
  const db = new Database(path, { readonly: true });
  try {
    const s = prepareScaleStatements(db);
    const plan = (source: string, ...args: unknown[]) =>
      (db.prepare(`EXPLAIN QUERY PLAN ${source}`).all(...args) as { detail: string }[])
        .map((row) => row.detail)
        .join(' | ');
    for (const [statement, args] of [
      [s.nextHistoryAgent, [id, '']],
      [s.latestSummary, [id, 'alice']],
      [s.lastExchanges, [id, 'alice', -1, 8]],
    ] as const) {
      const detail = plan(statement.source, ...args);
      expect(detail).toMatch(/SEARCH records USING (COVERING )?INDEX records_history/);
      expect(detail).not.toMatch(/TEMP B-TREE/);
    }
  } finally {
    db.close();
  }
});
