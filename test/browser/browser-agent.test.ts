/**
 * End to end: a servant with the bundled `browser` tool, driven by the fake provider over real HTTP,
 * navigates to a local page, takes a snapshot, clicks a button by its ref and reads the result; all in
 * the real Chromium of the village's browser service.
 */
import { afterEach, beforeEach, expect, it } from 'vitest';
import { FakeProvider, openAiToolCall, textReply } from '../fakes/fake-provider.ts';
import {
  isInterruptLine,
  isReply,
  startFakeServant,
  startTestVillage,
  waitForMessage,
  type TestVillage,
} from '../helpers/village-server.ts';
import type { BrowserCounters } from '../../src/browser/counters.ts';
import { startPageServer, type PageServer } from './pages.ts';

let fake: FakeProvider;
let v: TestVillage;
let pages: PageServer;

beforeEach(async () => {
  fake = await new FakeProvider().start();
  pages = await startPageServer();
  v = await startTestVillage();
  await v.ready();
});
afterEach(async () => {
  await v.close();
  await fake.stop();
  await pages.close();
});

/** The tool results the model got back, in order, from the last request. */
function toolResults(): string[] {
  const last = fake.requests.at(-1)!.body as { messages: { role: string; content: string }[] };
  return last.messages.filter((m) => m.role === 'tool').map((m) => m.content);
}

it('navigates, snapshots and clicks a button by ref', async () => {
  await startFakeServant(v, fake.baseUrl, { id: 'surfer', name: 'Surfer', enabledTools: ['browser'] });
  await startFakeServant(v, fake.baseUrl, { id: 'plain', name: 'Plain' });
  fake.enqueue(
    {
      body: openAiToolCall('browser', {
        action: 'navigate',
        url: pages.url('/form'),
        reason: 'open the form',
      }),
    },
    { body: openAiToolCall('browser', { action: 'snapshot' }) },
    { body: openAiToolCall('browser', { action: 'act', request: { kind: 'click', ref: 'e2' } }) },
    {
      body: openAiToolCall('browser', {
        action: 'act',
        request: { kind: 'evaluate', fn: '() => document.querySelector("#out").textContent' },
      }),
    },
    { body: textReply('openai', 'the button says clicked') },
  );
  await v.ok('send_user_message', { to: 'surfer', content: 'press Go on the form' });
  await waitForMessage(v, isReply('the button says clicked'), 'the reply');

  const offered = (fake.requests[0]!.body as { tools: { function: { name: string; description: string } }[] })
    .tools;
  const browser = offered.find((t) => t.function.name === 'browser');
  expect(browser?.function.description).toContain('side effects');
  const [navigated, snapshot, clicked, read] = toolResults();
  expect(JSON.parse(navigated!)).toMatchObject({ ok: true, url: pages.url('/form') });
  expect(snapshot).toContain(`url: ${pages.url('/form')}`);
  expect(snapshot).toContain('button "Go" [ref=e2]');
  expect(JSON.parse(clicked!)).toMatchObject({ ok: true, url: pages.url('/form') });
  expect(JSON.parse(read!)).toMatchObject({ ok: true, result: 'clicked 1' });

  // The same Chromium answers over HTTP: the servant's tab is there.
  const { tabs } = await v.ok<{ tabs: Array<{ url: string }> }>('browser/tabs');
  expect(tabs.map((tab) => tab.url)).toContain(pages.url('/form'));

  // Not offered to a servant that did not turn it on (it is not a default tool).
  fake.enqueue({ body: textReply('openai', 'no browser here') });
  await v.ok('send_user_message', { to: 'plain', content: 'hello' });
  await waitForMessage(v, isReply('no browser here'), 'the plain reply');
  const plainTools = (fake.requests.at(-1)!.body as { tools?: { function: { name: string } }[] }).tools ?? [];
  expect(plainTools.map((t) => t.function.name)).not.toContain('browser');
}, 90_000);

it('gives failures back as text with their code: an unknown ref, and evaluate turned off', async () => {
  await startFakeServant(v, fake.baseUrl, { id: 'surfer', name: 'Surfer', enabledTools: ['browser'] });
  await v.ok('browser/settings', { evaluateEnabled: false });
  fake.enqueue(
    { body: openAiToolCall('browser', { action: 'navigate', url: pages.url('/other') }) },
    { body: openAiToolCall('browser', { action: 'act', request: { kind: 'click', ref: 'e7' } }) },
    { body: openAiToolCall('browser', { action: 'act', request: { kind: 'evaluate', fn: '() => 1' } }) },
    { body: openAiToolCall('browser', { action: 'act', request: { kind: 'jump' } }) },
    { body: textReply('openai', 'done trying') },
  );
  await v.ok('send_user_message', { to: 'surfer', content: 'try things' });
  await waitForMessage(v, isReply('done trying'), 'the reply');
  const [, unknownRef, disabled, badKind] = toolResults();
  expect(unknownRef).toMatch(
    /^error BROWSER_REF_NOT_FOUND: unknown ref e7 for this tab \(take a new snapshot\)$/,
  );
  expect(disabled).toMatch(/^error BROWSER_EVALUATE_DISABLED: /);
  expect(badKind).toMatch(/^error INVALID_ARGUMENT: kind: /);
}, 90_000);

it('an interrupt ends a servant evaluate that would never settle, like a client disconnect', async () => {
  await startFakeServant(v, fake.baseUrl, { id: 'surfer', name: 'Surfer', enabledTools: ['browser'] });
  await v.ok('browser/start');
  const { targetId } = await v.ok<{ targetId: string }>('browser/tabs/open', { url: pages.url('/form') });
  fake.enqueue({
    body: openAiToolCall('browser', {
      action: 'act',
      targetId,
      request: { kind: 'evaluate', fn: '() => new Promise(() => {})', timeoutMs: 60_000 },
    }),
  });
  await v.ok('send_user_message', { to: 'surfer', content: 'wait forever' });
  let counters = await v.ok<BrowserCounters>('browser/counters');
  for (let i = 0; i < 500 && fake.requests.length === 0; i += 1) await new Promise((r) => setTimeout(r, 10));
  await new Promise((r) => setTimeout(r, 500));
  const interrupted = await v.ok('interrupt_turn', { agentId: 'surfer' });
  expect(interrupted).toEqual({ interrupted: true });
  await waitForMessage(v, isInterruptLine, 'the interrupt line');
  for (let i = 0; i < 100 && counters.evaluate.aborts === 0; i += 1) {
    await new Promise((r) => setTimeout(r, 20));
    counters = await v.ok<BrowserCounters>('browser/counters');
  }
  expect(counters.evaluate).toMatchObject({ total: 1, aborts: 1, timeouts: 0 });
  expect(counters.terminateExecution.sent).toBe(1);
  expect(fake.requests).toHaveLength(1);
  // The tab is free for the next caller.
  const read = await v.ok<{ result: unknown }>('browser/act', {
    kind: 'evaluate',
    targetId,
    fn: '() => document.title',
  });
  expect(read.result).toBe('Form');
}, 90_000);
