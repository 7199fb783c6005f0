/**
 * MCP progress during a long `ask_fuseforks` (issue 23), in a running village over real HTTP: the
 * reception asks a second servant, both stream slowly from the fake provider, and the SDK's real
 * client sees paced `notifications/progress` naming the servants in order with an excerpt of what
 * they stream, never a servant of another chain running at the same time, nothing after the result,
 * nothing without a progress token, and Japanese text in a Japanese village.
 */
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { ProgressNotificationSchema, type Progress } from '@modelcontextprotocol/sdk/types.js';
import { afterEach, expect, it } from 'vitest';
import { sseBody } from '../../src/llm/stream/stream-test-helpers.ts';
import { connectClient } from '../../src/mcp/door/test-kit.ts';
import { openAiToolCall, type ScriptedReply } from '../fakes/fake-provider.ts';
import { closeDoorVillage, openDoorVillage, type DoorVillage } from '../helpers/door-village.ts';
import { startFakeServant } from '../helpers/village-server.ts';

const BOB_TEXT =
  'The notes are in good order. I read every page of the release notes and the tests pass on ' +
  'all three platforms, the changelog lists each fix, and nothing is missing from the migration guide.';
const DESK_TEXT = 'Bob says the notes are in good order and nothing is missing.';
const CAROL_TEXT = 'Carol is counting sheep in another conversation entirely, one sheep at a time. '.repeat(
  4,
);

/** An OpenAI-compatible reply streamed word by word, slowly, over the real socket. */
function slowText(text: string, gapMs = 20): ScriptedReply {
  const words = text.split(/(?<= )/);
  const lines = [
    ...words.map((w) =>
      JSON.stringify({ choices: [{ index: 0, delta: { content: w }, finish_reason: null }] }),
    ),
    JSON.stringify({ choices: [{ index: 0, delta: {}, finish_reason: 'stop' }] }),
    JSON.stringify({ choices: [], usage: { prompt_tokens: 11, completion_tokens: 30, total_tokens: 41 } }),
  ];
  return { stream: { bytes: sseBody(lines, { done: true }), pieces: [48], gapMs } };
}

interface Seen extends Progress {
  atMs: number;
}

let bed: DoorVillage | undefined;
const clients: Client[] = [];
afterEach(async () => {
  await Promise.allSettled(clients.splice(0).map((client) => client.close()));
  if (bed) await closeDoorVillage(bed);
  bed = undefined;
});

async function connect(door: DoorVillage): Promise<Client> {
  const { client } = await connectClient(door.url, door.token, 'claude-code');
  clients.push(client);
  return client;
}

/** One call asking for progress: the result, and every notification with when it arrived. */
async function askWithProgress(client: Client, message: string) {
  const seen: Seen[] = [];
  const result = await client.callTool({ name: 'ask_fuseforks', arguments: { message } }, undefined, {
    onprogress: (progress) => seen.push({ ...progress, atMs: performance.now() }),
    resetTimeoutOnProgress: true,
  });
  return { result, seen };
}

const textOf = (result: Record<string, unknown>) =>
  (result.content as { text?: string }[]).map((part) => part.text ?? '').join('');

/** The servants named, in order, each run of the same one told once. */
function servantsInOrder(seen: Progress[], pattern: RegExp): string[] {
  const names = seen.map((p) => pattern.exec(p.message ?? '')?.[1] ?? `?${p.message}`);
  return names.filter((name, i) => i === 0 || names[i - 1] !== name);
}

it('names the servants of this chain in order with an excerpt, paced, never another chain, nothing after', async () => {
  bed = await openDoorVillage();
  const { v, fake } = bed;
  await startFakeServant(v, fake.baseUrl, { id: 'bob', name: 'Bob' });
  await startFakeServant(v, fake.baseUrl, { id: 'carol', name: 'Carol' });
  await v.ok('set_connections', { agentId: 'desk', connectedAgents: ['bob'] });
  // Another chain, running the whole time: a person's message to Carol, streaming slowly.
  fake.enqueue(slowText(CAROL_TEXT, 25));
  await v.ok('send_user_message', { to: 'carol', content: 'count the sheep' });
  await fake.waitForRequests(1);
  fake.enqueue(
    { body: openAiToolCall('ask_bob', { message: 'how are the notes?' }) },
    slowText(BOB_TEXT),
    slowText(DESK_TEXT),
  );

  const client = await connect(bed);
  const { result, seen } = await askWithProgress(client, 'please check the release notes');
  expect(textOf(result)).toBe(DESK_TEXT);
  const countAtResult = seen.length;

  const messages = seen.map((p) => p.message ?? '');
  // progress counts up, strictly.
  expect(seen.map((p) => p.progress)).toEqual(seen.map((_, i) => i + 1));
  expect(servantsInOrder(seen, /^(\w+) is/)).toEqual(['Desk', 'Bob', 'Desk']);
  expect(messages[0]).toBe('Desk is working');
  expect(messages).toContain('Desk is calling ask → Bob');
  // An excerpt of what Bob streamed: a tail of his text, one line, bounded.
  const bobExcerpts = messages.filter((m) => m.startsWith('Bob is working: ')).map((m) => m.slice(16));
  expect(bobExcerpts.length).toBeGreaterThan(0);
  const flatBob = BOB_TEXT.replace(/\s+/g, ' ');
  for (const excerpt of bobExcerpts) {
    expect(Array.from(excerpt).length).toBeLessThanOrEqual(120);
    expect(flatBob).toContain(excerpt.replace(/^…/, '').trim());
  }
  // Carol works the whole time in another chain: never named, never quoted.
  expect(messages.join('\n')).not.toMatch(/Carol|sheep/);
  // Paced: the same servant's streamed text at most about once per 500 ms (its deltas come each ~50 ms;
  // the margin is for a loaded machine bunching two notifications on the wire).
  for (let i = 1; i < seen.length; i += 1) {
    const sameStream =
      messages[i]!.startsWith('Bob is working: ') && messages[i - 1]!.startsWith('Bob is working: ');
    if (sameStream) expect(seen[i]!.atMs - seen[i - 1]!.atMs).toBeGreaterThan(250);
  }
  // Nothing after the answer was returned, even while Carol still streams.
  await new Promise((r) => setTimeout(r, 800));
  expect(seen).toHaveLength(countAtResult);
}, 30_000);

it('sends nothing without a progress token, and Japanese text in a Japanese village', async () => {
  bed = await openDoorVillage({ language: 'ja' });
  const { fake } = bed;
  const client = await connect(bed);
  // Without onprogress the SDK sends no token: any progress notification at all would be seen here.
  const unasked: Progress[] = [];
  client.setNotificationHandler(ProgressNotificationSchema, (n) => void unasked.push(n.params));
  fake.enqueue(slowText(DESK_TEXT));
  const quiet = await client.callTool({ name: 'ask_fuseforks', arguments: { message: 'quiet please' } });
  expect(textOf(quiet)).toBe(DESK_TEXT);
  expect(unasked).toEqual([]);

  const other = await connect(bed);
  fake.enqueue(slowText(BOB_TEXT, 25));
  const { seen } = await askWithProgress(other, '確認してください');
  const messages = seen.map((p) => p.message ?? '');
  expect(messages[0]).toBe('Deskが作業中');
  expect(messages.length).toBeGreaterThan(1);
  for (const message of messages) expect(message).toMatch(/^Deskが作業中/);
  expect(messages.some((m) => m.startsWith('Deskが作業中: '))).toBe(true);
}, 30_000);
