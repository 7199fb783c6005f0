/**
 * Interrupts stop the model call in flight (issue 17 §1): through the real HTTP client against a fake
 * provider that never answers on its own, the request is aborted at once (the provider sees its client
 * go away) and the turn takes exit 2a: the System line, the interrupted note in history, one
 * `turnInterrupted`, the `turn interrupted` log line, the servant still running. The same for
 * interrupt_all, stop_agent and a plan coordinator's interrupt reaching its workers.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { AgentMessage } from '../src/domain/message.ts';
import type { PlanWaveRecord } from '../src/domain/plan.ts';
import { FakeProvider, openAiToolCall, textReply } from './fakes/fake-provider.ts';
import {
  isInterruptLine,
  isReply,
  removeRoot,
  startFakeServant,
  startTestVillage,
  waitForMessage,
  type TestVillage,
} from './helpers/village-server.ts';

let fake: FakeProvider;
let v: TestVillage;
let ws: WebSocket;
let frames: { type: string; agentId?: string }[];

beforeEach(async () => {
  fake = await new FakeProvider().start();
  v = await startTestVillage();
  await v.ready();
  frames = [];
  ws = new WebSocket(`ws://127.0.0.1:${v.server.port}/api/events?token=${v.server.token}`);
  ws.on('message', (data) => frames.push(JSON.parse(String(data)) as { type: string }));
  await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
});
afterEach(async () => {
  ws.close();
  await v.close();
  await removeRoot(v.root);
  await fake.stop();
});

const interruptedEvents = (agentId: string) =>
  frames.filter((f) => f.type === 'turnInterrupted' && f.agentId === agentId);
const logLines = (prefix: string) =>
  readFileSync(join(v.workspace, 'fuseforks.log'), 'utf8')
    .split('\n')
    .filter((line) => line.includes(prefix));

async function until(what: string, check: () => boolean | Promise<boolean>): Promise<void> {
  for (let i = 0; i < 500; i += 1) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error(`timed out waiting for ${what}`);
}

async function statusOf(id: string): Promise<string> {
  const world = await v.ok<{ agents: { id: string; status: string }[] }>('get_world');
  return world.agents.find((a) => a.id === id)!.status;
}

it('interrupt_turn aborts the call in flight and the turn ends as interrupted, the servant running', async () => {
  await startFakeServant(v, fake.baseUrl, { id: 'a', name: 'A' });
  fake.enqueue({ hold: true });
  await v.ok('send_user_message', { to: 'a', content: 'think hard' });
  await fake.waitForRequests(1);

  expect(await v.ok('interrupt_turn', { agentId: 'a' })).toEqual({ interrupted: true });
  // The provider is still thinking (it never answers on its own): the System line comes from the abort.
  const messages = await waitForMessage(v, isInterruptLine, 'the interrupt line');
  await fake.waitForAborts(1);
  expect(fake.heldCount).toBe(0);
  const line = messages.find(isInterruptLine)!;
  expect(line.content).toMatch(/^A: Interrupted \(detected \d+\.\d s after the request\)$/);
  expect(messages.filter((m) => m.from.kind === 'agent')).toHaveLength(0);
  await until('turnInterrupted', () => interruptedEvents('a').length === 1);
  expect(frames.some((f) => f.type === 'agentFailed')).toBe(false);
  expect(await statusOf('a')).toBe('running');
  await until('the turn interrupted line', () => logLines('turn interrupted: agent=a').length === 1);
  expect(logLines('llm retry')).toHaveLength(0);

  // History keeps what was sent as sent, with the interrupted note: the next call carries both.
  fake.enqueue({ body: textReply('openai', 'second answer') });
  await v.ok('send_user_message', { to: 'a', content: 'again' });
  await waitForMessage(v, isReply('second answer'), 'the second answer');
  const first = fake.requests[0]!.body as { messages: { role: string; content: string }[] };
  const second = fake.requests[1]!.body as { messages: { role: string; content: string }[] };
  const sentFirst = first.messages.at(-1)!;
  expect(second.messages.slice(0, first.messages.length)).toEqual(first.messages);
  expect(second.messages[first.messages.length]).toMatchObject({ role: 'assistant' });
  expect(second.messages[first.messages.length]!.content).toContain('interrupted');
  expect(sentFirst.content).toContain('think hard');

  // The statistics count the turn as interrupted.
  const stats = await v.ok<{ byStop: { stop: string; count: number }[] }>('session_stats', {
    scope: { kind: 'session', sessionId: (await v.ok<{ id: string }>('current_session')).id },
  });
  expect(stats.byStop).toContainEqual({ stop: 'interrupted', count: 1 });
  // A second interrupt finds no turn (2c): nothing to do, and it says so.
  expect(await v.ok('interrupt_turn', { agentId: 'a' })).toEqual({ interrupted: false });
});

it('interrupt_all aborts every call in flight, stop_agent aborts and goes idle', async () => {
  await startFakeServant(v, fake.baseUrl, { id: 'a', name: 'A' });
  await startFakeServant(v, fake.baseUrl, { id: 'b', name: 'B' });
  fake.enqueue({ hold: true }, { hold: true });
  await v.ok('send_user_message', { to: 'a', content: 'one' });
  await v.ok('send_user_message', { to: 'b', content: 'two' });
  await fake.waitForRequests(2);
  expect(await v.ok('interrupt_all')).toEqual({ interrupted: 2 });
  await fake.waitForAborts(2);
  await until('two interrupt lines', async () => {
    const list = await v.ok<AgentMessage[]>('list_messages');
    return list.filter(isInterruptLine).length === 2;
  });
  await until(
    'both turnInterrupted',
    () => interruptedEvents('a').length + interruptedEvents('b').length === 2,
  );
  expect(await statusOf('a')).toBe('running');
  expect(await statusOf('b')).toBe('running');

  fake.enqueue({ hold: true });
  await v.ok('send_user_message', { to: 'a', content: 'three' });
  await fake.waitForRequests(3);
  await v.ok('stop_agent', { agentId: 'a' });
  // stop_agent waits for the turn: by its answer the call is aborted and the servant idle.
  await fake.waitForAborts(3);
  expect(await statusOf('a')).toBe('idle');
  expect(interruptedEvents('a')).toHaveLength(2);
  expect(frames.some((f) => f.type === 'agentFailed')).toBe(false);
});

it("a plan coordinator's interrupt aborts its workers' calls; every task closes as interrupted", async () => {
  for (const [id, name] of [
    ['boss', 'Boss'],
    ['ann', 'Ann'],
    ['bob', 'Bob'],
  ] as const)
    await startFakeServant(v, fake.baseUrl, { id, name });
  await v.ok('set_connections', { agentId: 'boss', connectedAgents: ['ann', 'bob'] });
  fake.enqueue(
    {
      body: openAiToolCall('plan', {
        tasks: [
          { to: 'ann', message: 'part one' },
          { to: 'bob', message: 'part two' },
        ],
      }),
    },
    { hold: true },
    { hold: true },
  );
  await v.ok('send_user_message', { to: 'boss', content: 'split it' });
  await fake.waitForRequests(3);
  expect(await v.ok('interrupt_turn', { agentId: 'boss' })).toEqual({ interrupted: true });
  await fake.waitForAborts(2);
  await until('three turnInterrupted', () => frames.filter((f) => f.type === 'turnInterrupted').length === 3);
  const waves = await v.ok<PlanWaveRecord[]>('list_plan_waves');
  expect(waves[0]!.tasks.map((t) => [t.to, t.state])).toEqual([
    ['ann', 'interrupted'],
    ['bob', 'interrupted'],
  ]);
  // Nothing more was asked of the provider: no bundle, no summarising call.
  await new Promise((r) => setTimeout(r, 50));
  expect(fake.requests).toHaveLength(3);
});
