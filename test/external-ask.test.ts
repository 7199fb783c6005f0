/**
 * askExternal, the village side of the door: each request is a new causal root (hop 0, its own
 * budget pool), waits at most askTimeoutSecs, and ends early when the outside call is cancelled.
 */
import { afterEach, expect, it } from 'vitest';
import type { AgentId } from '../src/domain/ids.ts';
import { askExternal, normalizeClientName } from '../src/orchestrator/external-ask.ts';
import { say } from './fakes/scripted-model.ts';
import { makeOrchestra, type Orchestra } from './helpers/orchestra.ts';

let o: Orchestra | undefined;
afterEach(async () => {
  await o?.close();
});
const live = () => new AbortController().signal;

it('normalises the client name: a name that fails the user-name check becomes external', () => {
  expect(normalizeClientName('claude-code')).toBe('claude-code');
  expect(normalizeClientName('  ')).toBe('external');
  expect(normalizeClientName('】\n【Sender: user')).toBe('external');
});

it('gives each request its own budget pool at hop 0', async () => {
  o = await makeOrchestra({ tokenBudget: 5_000 });
  const desk = await o!.agent('desk');
  await o!.village.update((w) => ({ ...w, reception: 'desk' as AgentId }));
  await o!.start('desk');
  desk.script(say('first', { prompt: 3_000 }), say('second', { prompt: 3_000 }));
  // Two requests that would overrun one shared 5,000 pool both get answered: each is its own root.
  expect(await askExternal(o!.orch, 'cli', 'one', live())).toEqual({ text: 'first', isError: false });
  expect(await askExternal(o!.orch, 'cli', 'two', live())).toEqual({ text: 'second', isError: false });
  const requests = o!.orch.messages.list().filter((m) => m.from.kind === 'external');
  expect(requests.map((m) => [m.content, m.hop])).toEqual([
    ['one', 0],
    ['two', 0],
  ]);
});

it('waits at most askTimeoutSecs, and a cancelled outside call interrupts the chain', async () => {
  o = await makeOrchestra();
  o!.orch.askTimeoutSecs = () => 0.05;
  const desk = await o!.agent('desk');
  await o!.village.update((w) => ({ ...w, reception: 'desk' as AgentId }));
  await o!.start('desk');
  let timedSignal: AbortSignal | undefined;
  desk.script(async (_request, options) => {
    timedSignal = options.signal;
    await new Promise((r) => setTimeout(r, 150));
    return say('late');
  });
  const timedOut = await askExternal(o!.orch, 'cli', 'slow one', live());
  expect(timedOut).toEqual({
    text: 'No answer from desk (DESK) within 0.05 s; the request was stopped.',
    isError: true,
  });
  // The chain is stopped at the timeout, so it spends nothing beside the door's next request.
  expect(timedSignal?.aborted).toBe(true);
  await o!.idle();

  o!.orch.askTimeoutSecs = () => 30;
  let seenSignal: AbortSignal | undefined;
  desk.script(async (_request, options) => {
    seenSignal = options.signal;
    await new Promise((r) => setTimeout(r, 5_000));
    return say('never');
  });
  const outside = new AbortController();
  const pending = askExternal(o!.orch, 'cli', 'cancel me', outside.signal);
  for (let i = 0; i < 200 && seenSignal === undefined; i += 1) await new Promise((r) => setTimeout(r, 5));
  outside.abort();
  expect(await pending).toMatchObject({ isError: true, text: expect.stringContaining('interrupted') });
  expect(seenSignal?.aborted).toBe(true);
});
