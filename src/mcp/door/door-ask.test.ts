import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { McpDoor } from './door-server.ts';
import { DOOR_TEXTS } from './door-texts.ts';
import { DOOR_BUSY_TEXT, DOOR_TOOL_NAME, type DoorAnswer } from './door-tool.ts';
import { connectClient, deferred, freePort, type Deferred } from './test-kit.ts';

const TOKEN = '0123456789abcdef0123456789abcdef';

interface Pending {
  message: string;
  signal: AbortSignal;
  answer: Deferred<DoorAnswer>;
  aborted: Promise<void>;
}

let door: McpDoor;
let port: number;
let started: Deferred<Pending>[];
let calls: Pending[];
let language: 'ja' | 'en';
const clients: Client[] = [];

/** The next ask the door starts, once it has started. */
function nextAsk(): Promise<Pending> {
  const waiter = deferred<Pending>();
  started.push(waiter);
  return waiter.promise;
}

beforeEach(async () => {
  started = [];
  calls = [];
  language = 'en';
  port = await freePort();
  door = new McpDoor({
    language: () => language,
    ask: (message, _client, signal) => {
      const aborted = new Promise<void>((resolve) => {
        if (signal.aborted) resolve();
        signal.addEventListener('abort', () => resolve(), { once: true });
      });
      const pending: Pending = { message, signal, answer: deferred<DoorAnswer>(), aborted };
      calls.push(pending);
      started.shift()?.resolve(pending);
      return pending.answer.promise;
    },
  });
  await door.apply({ enabled: true, port, token: TOKEN });
});

afterEach(async () => {
  for (const call of calls) call.answer.resolve({ text: 'late', isError: false });
  await Promise.allSettled(clients.splice(0).map((client) => client.close()));
  await door.close();
});

async function connect(name?: string) {
  const connected = await connectClient(`http://127.0.0.1:${port}/mcp`, TOKEN, name);
  clients.push(connected.client);
  return connected;
}

function call(client: Client, message: string, signal?: AbortSignal) {
  return client.callTool({ name: DOOR_TOOL_NAME, arguments: { message } }, undefined, { signal });
}

function textOf(result: Awaited<ReturnType<Client['callTool']>>): string {
  return (result.content as { text?: string }[]).map((part) => part.text ?? '').join('');
}

describe('one outside request at a time', () => {
  it('answers a second call at once with busy while the first runs, then serves again', async () => {
    const { client: first } = await connect('first');
    const { client: second } = await connect('second');
    const firstStarted = nextAsk();
    const firstCall = call(first, 'long job');
    const pending = await firstStarted;
    expect(pending.message).toBe('long job');

    const busy = await call(second, 'me too');
    expect(busy.isError).toBe(true);
    expect(textOf(busy)).toBe(DOOR_BUSY_TEXT);
    expect(textOf(busy)).toMatch(/busy with another external request/);
    const sameSession = await call(first, 'and again');
    expect(sameSession.isError).toBe(true);
    expect(calls).toHaveLength(1);

    pending.answer.resolve({ text: 'done', isError: false });
    expect(textOf(await firstCall)).toBe('done');

    const thirdStarted = nextAsk();
    const third = call(second, 'now?');
    (await thirdStarted).answer.resolve({ text: 'yes', isError: false });
    expect(textOf(await third)).toBe('yes');
  });

  it('says busy in the village language, read at the call (a Japanese village answers Japanese)', async () => {
    const { client: first } = await connect('first');
    const { client: second } = await connect('second');
    const firstStarted = nextAsk();
    const firstCall = call(first, 'long job');
    const pending = await firstStarted;
    language = 'ja';
    const busy = await call(second, 'me too');
    expect(busy.isError).toBe(true);
    expect(textOf(busy)).toBe(DOOR_TEXTS.ja.busy);
    pending.answer.resolve({ text: 'done', isError: false });
    await firstCall;
  });
});

describe('the signal given to ask', () => {
  it('aborts when the client cancels the request', async () => {
    const { client } = await connect();
    const controller = new AbortController();
    const askStarted = nextAsk();
    const pendingCall = call(client, 'cancel me', controller.signal);
    const pending = await askStarted;
    expect(pending.signal.aborted).toBe(false);
    controller.abort();
    await expect(pendingCall).rejects.toThrow();
    await pending.aborted;
    expect(pending.signal.aborted).toBe(true);
  });

  it('aborts when the client goes away without cancelling', async () => {
    const { client, transport } = await connect();
    const askStarted = nextAsk();
    const pendingCall = call(client, 'hang up').catch(() => 'closed');
    const pending = await askStarted;
    await transport.close();
    await pending.aborted;
    expect(pending.signal.aborted).toBe(true);
    expect(await pendingCall).toBe('closed');
  });

  it('aborts when the door is disabled, and the door is free again once ask settles', async () => {
    const { client } = await connect();
    const askStarted = nextAsk();
    void call(client, 'still running').catch(() => undefined);
    const pending = await askStarted;
    await door.apply({ enabled: false, port, token: TOKEN });
    await pending.aborted;
    pending.answer.resolve({ text: 'too late', isError: false });

    await door.apply({ enabled: true, port, token: TOKEN });
    const { client: again } = await connect();
    const nextStarted = nextAsk();
    const next = call(again, 'fresh');
    (await nextStarted).answer.resolve({ text: 'served', isError: false });
    expect(textOf(await next)).toBe('served');
  });

  it('stays live for a normal call', async () => {
    const { client } = await connect();
    const askStarted = nextAsk();
    const pendingCall = call(client, 'normal');
    const pending = await askStarted;
    pending.answer.resolve({ text: 'ok', isError: false });
    expect(textOf(await pendingCall)).toBe('ok');
    expect(pending.signal.aborted).toBe(false);
  });
});
