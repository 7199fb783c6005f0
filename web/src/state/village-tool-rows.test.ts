/**
 * Tool rows page with the messages (issue 22): the UI store, over real HTTP to a real village, shows
 * the stored tool rows of the pages of messages it has loaded and no others; an older page brings its
 * own rows, none twice, and once every page is in, every row is.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { AgentMessage } from '../../../src/domain/message.ts';
import type { SessionRecord } from '../../../src/store/index.ts';
import { sessionStorePath } from '../../../src/store/session-file.ts';
import { SessionStore } from '../../../src/store/session-store.ts';
import { toolCall } from '../../../src/store/test-kit.ts';
import { VillageStore } from './village.ts';
import {
  makeTempRoot,
  removeRoot,
  startTestVillage,
  type TestVillage,
} from '../../../test/helpers/village-server.ts';

/** Three pages of 200 (the UI's page size) and a bit. */
const MESSAGES = 450;
/** A tool call after every tenth message, a millisecond later than it. */
const EVERY = 10;

function seeded(i: number): AgentMessage {
  return {
    id: `m-${i}`,
    from: { kind: 'user' },
    to: { kind: 'agent', id: 'alice' as never },
    content: `message ${i}`,
    tokens: 1,
    tsMs: 1_000 + i * 10,
    hop: 0,
  };
}

let root: string;
let v: TestVillage;

beforeAll(async () => {
  root = await makeTempRoot();
  const first = await startTestVillage({ root });
  await first.ready();
  await first.close();
  const store = SessionStore.open(sessionStorePath(first.workspace), { workspace: first.workspace });
  const id = store.createSession('long');
  const records: SessionRecord[] = [];
  for (let i = 0; i < MESSAGES; i++) {
    records.push({ kind: 'message', message: seeded(i) });
    if (i % EVERY === 0) records.push(toolCall('alice', { callId: `c-${i}`, tsMs: seeded(i).tsMs + 1 }));
  }
  store.appendMany(id, records);
  store.close();
  v = await startTestVillage({ root });
  await v.ready();
});
afterAll(async () => {
  await v.close();
  await removeRoot(root);
});

it('loads the tool rows of each page of messages as the page loads', async () => {
  const asked: string[] = [];
  const village = new VillageStore({
    token: '',
    call: <T>(name: string, args?: unknown) => {
      asked.push(name);
      return v.ok<T>(name, args);
    },
  });
  const s = village.state;
  const callIds = () => s.toolRows.map((row) => row.call?.callId);
  const expected = (fromMessage: number) =>
    Array.from({ length: MESSAGES / EVERY }, (_, k) => k * EVERY)
      .filter((i) => i >= fromMessage)
      .map((i) => `c-${i}`);

  await village.refetch('messages');
  expect(s.messages[0]?.id).toBe('m-250');
  // Only rows at or after the oldest loaded message: none float above the list.
  expect(callIds()).toEqual(expected(250));
  // The rows came with the page, in the one answer.
  expect(asked).toEqual(['list_messages']);

  expect(await village.loadOlderMessages()).toBe(200);
  expect(s.messages[0]?.id).toBe('m-50');
  expect(callIds()).toEqual(expected(50));

  // The last page is the first of the conversation: every row older than it comes too.
  expect(await village.loadOlderMessages()).toBe(50);
  expect(s.olderMessages.hasMore).toBe(false);
  expect(callIds()).toEqual(expected(0));
  expect(new Set(s.toolRows.map((row) => row.key)).size).toBe(s.toolRows.length);

  // A fresh fetch (reload, resume) starts again from the newest page.
  await village.refetch('messages');
  expect(callIds()).toEqual(expected(250));
});

it('list_tool_calls takes a time range and refuses a bad one with a typed error', async () => {
  const rows = await v.ok<{ callId: string }[]>('list_tool_calls', { fromMs: 1_001, beforeMs: 1_102 });
  expect(rows.map((r) => r.callId)).toEqual(['c-0', 'c-10']);
  const bad = await v.call('list_tool_calls', { fromMs: 'yesterday' });
  expect(bad.status).toBe(400);
});

it("list_messages brings a page's own tool rows with it, and only with a page", async () => {
  interface Page {
    messages: AgentMessage[];
    next: number | string;
    toolCalls: { callId: string }[];
  }
  const newest = await v.ok<Page>('list_messages', { page: true, limit: 200, toolCalls: {} });
  expect(newest.messages[0]?.id).toBe('m-250');
  expect(newest.toolCalls.map((c) => c.callId)).toEqual(
    Array.from({ length: 20 }, (_, k) => `c-${250 + k * 10}`),
  );
  // An older page: up to the message that was oldest (m-250), whose own row belongs to the newer page.
  const older = await v.ok<Page>('list_messages', {
    before: newest.next,
    limit: 200,
    toolCalls: { beforeMs: newest.messages[0]!.tsMs },
  });
  expect(older.toolCalls.map((c) => c.callId)).toEqual(
    Array.from({ length: 20 }, (_, k) => `c-${50 + k * 10}`),
  );
  // Without toolCalls the page is as before; toolCalls without a page is a typed refusal.
  const plain = await v.ok<Record<string, unknown>>('list_messages', { page: true, limit: 5 });
  expect(plain).not.toHaveProperty('toolCalls');
  const bad = await v.call('list_messages', { limit: 5, toolCalls: {} });
  expect(bad.status).toBe(400);
  expect(JSON.stringify(bad.body)).toContain('INVALID_ARGUMENT');
});
