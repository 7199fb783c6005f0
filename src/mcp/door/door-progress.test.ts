/**
 * The door's side of progress (issue 23): `notifications/progress` only for a client that gave a
 * progress token, `progress` strictly increasing, the message in the village language, nothing once
 * the answer is the result, and a client gone mid-ask never breaks the ask. The village side (which
 * servant, which chain) is test/mcp/door-progress.test.ts.
 */
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { ProgressNotificationSchema, type Progress } from '@modelcontextprotocol/sdk/types.js';
import { afterEach, beforeEach, expect, it } from 'vitest';
import type { AskProgress } from '../../domain/ask-progress.ts';
import { McpDoor } from './door-server.ts';
import { DOOR_TOOL_NAME, type DoorAnswer } from './door-tool.ts';
import { connectClient, deferred, freePort, type Deferred } from './test-kit.ts';

const TOKEN = '0123456789abcdef0123456789abcdef';

interface Pending {
  onProgress: ((update: AskProgress) => void) | undefined;
  answer: Deferred<DoorAnswer>;
}

let door: McpDoor;
let port: number;
let language: 'ja' | 'en';
let started: Deferred<Pending>;
const clients: Client[] = [];

beforeEach(async () => {
  language = 'en';
  started = deferred<Pending>();
  port = await freePort();
  door = new McpDoor({
    language: () => language,
    ask: (_message, _client, _signal, _attachment, onProgress) => {
      const pending: Pending = { onProgress, answer: deferred<DoorAnswer>() };
      started.resolve(pending);
      return pending.answer.promise;
    },
  });
  await door.apply({ enabled: true, port, token: TOKEN });
});

afterEach(async () => {
  await Promise.allSettled(clients.splice(0).map((client) => client.close()));
  await door.close();
});

async function connect() {
  const connected = await connectClient(`http://127.0.0.1:${port}/mcp`, TOKEN);
  clients.push(connected.client);
  return connected;
}

/** Every progress notification the client gets, whatever its token (replacing the SDK's own routing). */
function recordProgress(client: Client): Progress[] {
  const seen: Progress[] = [];
  client.setNotificationHandler(ProgressNotificationSchema, (notification) => {
    seen.push(notification.params);
  });
  return seen;
}

const until = async (check: () => boolean) => {
  for (let i = 0; i < 300 && !check(); i += 1) await new Promise((r) => setTimeout(r, 10));
  expect(check()).toBe(true);
};

it('sends increasing progress with the village-language message while the ask runs, nothing after', async () => {
  const { client } = await connect();
  const seen: Progress[] = [];
  const call = client.callTool({ name: DOOR_TOOL_NAME, arguments: { message: 'long job' } }, undefined, {
    onprogress: (progress) => seen.push(progress),
    resetTimeoutOnProgress: true,
  });
  const pending = await started.promise;
  expect(pending.onProgress).toBeTypeOf('function');
  pending.onProgress!({ kind: 'working', agent: 'Alice', excerpt: '' });
  pending.onProgress!({ kind: 'tool', agent: 'Alice', tool: 'ask → Bob' });
  pending.onProgress!({ kind: 'working', agent: 'Bob', excerpt: '…the notes are fine' });
  await until(() => seen.length === 3);
  language = 'ja';
  pending.onProgress!({ kind: 'working', agent: 'Bob', excerpt: '確認しました' });
  pending.onProgress!({ kind: 'tool', agent: 'Bob', tool: 'web_fetch' });
  await until(() => seen.length === 5);
  pending.answer.resolve({ text: 'done', isError: false });
  const result = await call;
  expect(result.isError).toBe(false);
  // Called after the answer: dropped by the door, and harmless to the caller.
  expect(() => pending.onProgress!({ kind: 'working', agent: 'Late', excerpt: 'x' })).not.toThrow();
  await new Promise((r) => setTimeout(r, 100));
  expect(seen.map((p) => [p.progress, p.message])).toEqual([
    [1, 'Alice is working'],
    [2, 'Alice is calling ask → Bob'],
    [3, 'Bob is working: …the notes are fine'],
    [4, 'Bobが作業中: 確認しました'],
    [5, 'Bobが web_fetch を呼び出し中'],
  ]);
});

it('gives the village no progress callback when the client asked for none', async () => {
  const { client } = await connect();
  const seen = recordProgress(client);
  const call = client.callTool({ name: DOOR_TOOL_NAME, arguments: { message: 'quiet job' } });
  const pending = await started.promise;
  expect(pending.onProgress).toBeUndefined();
  pending.answer.resolve({ text: 'done', isError: false });
  await call;
  expect(seen).toEqual([]);
});

it('a client gone mid-ask: progress sends fail quietly and the ask still ends', async () => {
  const { client, transport } = await connect();
  const call = client
    .callTool({ name: DOOR_TOOL_NAME, arguments: { message: 'and go' } }, undefined, { onprogress: () => {} })
    .catch(() => 'closed');
  const pending = await started.promise;
  pending.onProgress!({ kind: 'working', agent: 'Alice', excerpt: '' });
  await transport.close();
  expect(await call).toBe('closed');
  for (let i = 0; i < 5; i += 1) {
    expect(() => pending.onProgress!({ kind: 'working', agent: 'Alice', excerpt: `${i}` })).not.toThrow();
  }
  await new Promise((r) => setTimeout(r, 50));
  pending.answer.resolve({ text: 'nobody listens', isError: false });
  // The door is free again: the gate was left although the client had gone.
  started = deferred<Pending>();
  const { client: again } = await connect();
  const next = again.callTool({ name: DOOR_TOOL_NAME, arguments: { message: 'next' } });
  (await started.promise).answer.resolve({ text: 'served', isError: false });
  expect((await next).isError).toBe(false);
});
