/**
 * askExternal's progress (issue 23) with scripted models: the request's chain is followed through an
 * ask to a second servant, and the bus subscription ends on every outcome (answered, timeout,
 * interrupt); a refused request and a caller that wants no progress never subscribe at all.
 */
import { afterEach, beforeEach, expect, it } from 'vitest';
import type { AskProgress } from '../src/domain/ask-progress.ts';
import type { AgentId } from '../src/domain/ids.ts';
import { askExternal } from '../src/orchestrator/external-ask.ts';
import { call, say, type ScriptedModel } from './fakes/scripted-model.ts';
import { makeOrchestra, type Orchestra } from './helpers/orchestra.ts';

let o: Orchestra;
let desk: ScriptedModel;
/** Bus subscriptions made since the test began that are still open, and how many were made. */
let open: number;
let made: number;
let told: AskProgress[];
const record = (update: AskProgress) => void told.push(update);
const live = () => new AbortController().signal;

beforeEach(async () => {
  o = await makeOrchestra();
  desk = await o.agent('desk');
  await o.village.update((w) => ({ ...w, reception: 'desk' as AgentId }));
  const bus = o.orch.events;
  const subscribe = bus.subscribe.bind(bus);
  open = 0;
  made = 0;
  told = [];
  bus.subscribe = (listener) => {
    open += 1;
    made += 1;
    const off = subscribe(listener);
    return () => {
      open -= 1;
      return off();
    };
  };
});
afterEach(async () => {
  await o.close();
});

it('follows the chain through an ask, then unsubscribes once answered', async () => {
  const bob = await o.agent('bob');
  await o.connect('desk', 'bob');
  await o.start('desk', 'bob');
  desk.script(call('ask_bob', { message: 'how are the notes?' }), say('they are fine'));
  bob.script(say('fine'));
  const answer = await askExternal(o.orch, 'cli', 'check the notes', live(), null, record);
  expect(answer).toEqual({ text: 'they are fine', isError: false });
  expect(told).toEqual([
    { kind: 'working', agent: 'DESK', excerpt: '' },
    { kind: 'tool', agent: 'DESK', tool: 'ask → BOB' },
    { kind: 'working', agent: 'BOB', excerpt: '' },
    { kind: 'working', agent: 'DESK', excerpt: '' },
  ]);
  expect([made, open]).toEqual([1, 0]);
});

it('unsubscribes at the timeout and at an interrupt, and tells nothing after', async () => {
  await o.start('desk');
  o.orch.askTimeoutSecs = () => 0.05;
  desk.script(async () => {
    await new Promise((r) => setTimeout(r, 150));
    return say('late');
  });
  expect((await askExternal(o.orch, 'cli', 'slow', live(), null, record)).isError).toBe(true);
  expect(open).toBe(0);
  const toldAtTimeout = told.length;
  await o.idle();
  expect(told).toHaveLength(toldAtTimeout);

  o.orch.askTimeoutSecs = () => 30;
  let started = false;
  desk.script(async () => {
    started = true;
    await new Promise((r) => setTimeout(r, 400));
    return say('never');
  });
  const outside = new AbortController();
  const pending = askExternal(o.orch, 'cli', 'cancel me', outside.signal, null, record);
  for (let i = 0; i < 200 && !started; i += 1) await new Promise((r) => setTimeout(r, 5));
  expect(open).toBe(1);
  outside.abort();
  expect((await pending).text).toMatch(/interrupted/);
  expect([made, open]).toEqual([2, 0]);
});

it('never subscribes for a refused request, nor for a caller that wants no progress', async () => {
  await o.start('desk');
  expect((await askExternal(o.orch, 'cli', '  ', live(), null, record)).isError).toBe(true);
  await o.orch.stopAgent('desk' as AgentId);
  expect((await askExternal(o.orch, 'cli', 'hello', live(), null, record)).isError).toBe(true);
  await o.start('desk');
  expect(await askExternal(o.orch, 'cli', 'hello', live())).toEqual({ text: 'ok', isError: false });
  expect([made, told]).toEqual([0, []]);
});
