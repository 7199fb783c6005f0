import { beforeAll, describe, expect, it } from 'vitest';
import type { AgentMessage } from '../src/domain/message.ts';
import { SessionStore } from '../src/store/session-store.ts';
import { sessionStorePath } from '../src/store/session-file.ts';
import { makeTempRoot, removeRoot, startTestVillage, type TestVillage } from './helpers/village-server.ts';

/** More than the in-memory log holds (5,000), so the oldest pages come from the store. */
const TOTAL = 5_300;

interface Page {
  messages: AgentMessage[];
  hasMore: boolean;
  next: string | number | null;
}

function seededMessage(i: number): AgentMessage {
  return {
    id: `m-${i}`,
    from: i % 2 === 0 ? { kind: 'user' } : { kind: 'agent', id: 'alice' as never },
    to: i % 2 === 0 ? { kind: 'agent', id: 'alice' as never } : { kind: 'user' },
    content: `message ${i}`,
    tokens: 1,
    tsMs: 1_000 + i,
    hop: 0,
  };
}

let root: string;
let v: TestVillage;

beforeAll(async () => {
  root = await makeTempRoot();
  // A first boot makes the workspace and its store; the seeded session is then the latest one.
  const first = await startTestVillage({ root });
  await first.ready();
  await first.close();
  const workspace = first.workspace;
  const store = SessionStore.open(sessionStorePath(workspace), { workspace });
  const id = store.createSession('long');
  store.appendMany(
    id,
    Array.from({ length: TOTAL }, (_, i) => ({ kind: 'message' as const, message: seededMessage(i) })),
  );
  // A non-message record between messages: paging must skip it.
  store.append(id, { kind: 'exchange', agentId: 'alice' as never, sent: 'a', replied: 'b' });
  store.close();
  v = await startTestVillage({ root });
  await v.ready();
  return async () => {
    await v.close();
    await removeRoot(root);
  };
});

const indexes = (page: Page) => page.messages.map((m) => Number(m.id.slice(2)));
const range = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => from + i);

describe('list_messages with a cursor', () => {
  it('keeps the old shape: a bare array of the last messages', async () => {
    const list = await v.ok<AgentMessage[]>('list_messages', { limit: 3 });
    expect(list.map((m) => m.id)).toEqual(['m-5297', 'm-5298', 'm-5299']);
  });

  it('gives the newest page oldest first with hasMore (100 by default)', async () => {
    const page = await v.ok<Page>('list_messages', { page: true });
    expect(indexes(page)).toEqual(range(TOTAL - 100, TOTAL));
    expect(page.hasMore).toBe(true);
  });

  /** Every message, paging back from the newest with `nextOf(page)` as the next `before`. */
  async function pageToFirst(nextOf: (page: Page) => string | number | null | undefined) {
    const seen: number[] = [];
    const cursors: (string | number)[] = [];
    let before: string | number | null | undefined;
    let hasMore = true;
    while (hasMore) {
      const page = await v.ok<Page>('list_messages', {
        limit: 500,
        ...(before === undefined || before === null ? { page: true } : { before }),
      });
      seen.unshift(...indexes(page));
      hasMore = page.hasMore;
      before = nextOf(page);
      if (before !== null && before !== undefined) cursors.push(before);
    }
    return { seen, cursors };
  }

  it('pages older by id from memory, across the memory edge into the store, to the first', async () => {
    const { seen, cursors } = await pageToFirst((page) => page.messages[0]?.id);
    // 5,300 in pages of 500: the eleventh holds 300, the ones before 4,800 straddle memory and store.
    expect(cursors).toHaveLength(11);
    expect(seen).toEqual(range(0, TOTAL));
  });

  it('gives the next cursor: an id inside memory, then the store seq of the oldest', async () => {
    const { seen, cursors } = await pageToFirst((page) => page.next);
    expect(seen).toEqual(range(0, TOTAL));
    // Memory holds 300..5,299: nine pages from it (ids m-4800 .. m-800); the tenth ends exactly at
    // memory's edge (its oldest id, the store says there is more); the last is the store's, seq 0.
    expect(cursors.slice(0, 9)).toEqual(range(0, 9).map((i) => `m-${TOTAL - 500 * (i + 1)}`));
    expect(cursors.slice(9)).toEqual(['m-300', 0]);
  });

  it('pages from an id that only the store holds, and by store seq', async () => {
    const byId = await v.ok<Page>('list_messages', { before: 'm-50', limit: 20 });
    expect(indexes(byId)).toEqual(range(30, 50));
    expect(byId.hasMore).toBe(true);
    const bySeq = await v.ok<Page>('list_messages', { before: 10, limit: 20 });
    expect(indexes(bySeq)).toEqual(range(0, 10));
    expect(bySeq.hasMore).toBe(false);
  });

  it('answers an empty page without more before the first message', async () => {
    expect(await v.ok<Page>('list_messages', { before: 'm-0', limit: 5 })).toEqual({
      messages: [],
      hasMore: false,
      next: null,
    });
  });

  it.each([
    [{ before: 'no-such-id' }],
    [{ before: -1 }],
    [{ before: 1.5 }],
    [{ before: '' }],
    [{ page: true, limit: 0 }],
    [{ page: true, limit: 501 }],
    [{ before: 'm-10', limit: 1000 }],
    [{ page: false }],
    [{ page: true, after: 'm-1' }],
  ])('refuses %j with INVALID_ARGUMENT', async (args) => {
    const result = await v.call<{ code: string }>('list_messages', args);
    expect(result.status).toBe(400);
    expect(result.body.code).toBe('INVALID_ARGUMENT');
  });
});
