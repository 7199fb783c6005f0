/**
 * The plan review window (Spec 43): a servant with planReview proposes instead of delivering; a person
 * dispatches (possibly edited, with a verifier) as a new causal root whose bundle comes from System to
 * the coordinator only, or discards. Delegated turns and the bypass switch skip the window.
 */
import { afterEach, expect, it } from 'vitest';
import type { AgentId } from '../src/domain/ids.ts';
import { newMessage } from '../src/orchestrator/message-log.ts';
import { discardPlanWave, dispatchPlanWave } from '../src/orchestrator/plan/review-window.ts';
import { call, say } from './fakes/scripted-model.ts';
import { thrownCoreError } from './helpers/core-error.ts';
import { makeOrchestra, type Orchestra } from './helpers/orchestra.ts';

let o: Orchestra;
afterEach(async () => {
  await o.close();
});
const id = (s: string) => s as AgentId;
const planCall = () =>
  call('plan', {
    tasks: [
      { to: 'b', message: 'count the apples' },
      { to: 'c', message: 'count the pears' },
    ],
  });

async function reviewVillage() {
  o = await makeOrchestra();
  const a = await o.agent('a', { planReview: true });
  const b = await o.agent('b');
  const c = await o.agent('c');
  await o.connect('a', 'b', 'c');
  await o.start('a', 'b', 'c');
  return { a, b, c };
}

it('proposes instead of delivering, recording each task with its message, and ends the turn', async () => {
  const { a, b, c } = await reviewVillage();
  a.script(planCall(), say('never asked'));
  o.orch.sendUserMessage(id('a'), 'plan it');
  await o.idle();
  // The proposal is the coordinator's reply: no further round.
  expect(a.requests).toHaveLength(1);
  const reply = o.orch.messages.list().find((m) => m.from.kind === 'agent' && m.from.id === 'a')!;
  expect(reply.content).toBe(
    'Proposed a plan (2 tasks: b (B), c (C)). Nothing has been sent yet. Once a person reviews and dispatches it, the bundle of answers will arrive from the system.',
  );
  expect(reply.to).toEqual({ kind: 'user' });
  expect(b.requests).toHaveLength(0);
  expect(c.requests).toHaveLength(0);
  const [record] = o.orch.planWaves.list();
  expect(record).toMatchObject({ planId: 1, state: 'pending', wave: 1 });
  expect(record!.tasks.map((t) => [t.to, t.state, t.message])).toEqual([
    ['b', 'running', 'count the apples'],
    ['c', 'running', 'count the pears'],
  ]);
  expect(o.lines('plan pending:')).toEqual(['plan pending: agent=a plan_id=1 wave=1 tasks=2']);
  expect(o.lines('plan wave:')).toEqual([]);
});

it('dispatch runs the edited tasks as a new root at hop 1 and brings the bundle to the coordinator from System', async () => {
  const { a, b, c } = await reviewVillage();
  const v = await o.agent('v');
  await o.start('v');
  a.script(planCall(), (request) => say(`got: ${request.messages.at(-1)!.content.length}`));
  o.orch.sendUserMessage(id('a'), 'plan it');
  await o.idle();
  b.script(say('12 apples'));
  v.script(say('usable as is'));
  dispatchPlanWave(o.orch, 1, [{ to: 'b', message: 'count the green apples' }], id('v'));
  await o.idle();
  expect(c.requests).toHaveLength(0);
  expect(b.sentAt(0)).toContain('count the green apples');
  const asked = o.orch.messages.list().find((m) => m.content === 'count the green apples')!;
  expect(asked).toMatchObject({ from: { kind: 'agent', id: 'a' }, hop: 1 });
  const bundle = o.orch.messages
    .list()
    .find((m) => m.from.kind === 'system' && m.content.startsWith('## b (B)'))!;
  expect(bundle.to).toEqual({ kind: 'agent', id: 'a' });
  expect(bundle.content).toBe('## b (B)\n12 apples\n\n## Verification: v (V)\nusable as is');
  // The coordinator's next turn is the bundle, from the system.
  expect(a.sentAt(1)).toContain('## b (B)\n12 apples');
  const [record] = o.orch.planWaves.list();
  expect(record).toMatchObject({ state: 'dispatched' });
  expect(record!.tasks.map((t) => [t.to, t.state, t.message])).toEqual([['b', 'answered', undefined]]);
  expect(o.lines('plan dispatch:')).toEqual(['plan dispatch: agent=a plan_id=1 tasks=1 verifier=v']);
  expect(o.lines('plan wave:')).toEqual(['plan wave: agent=a plan_id=1 wave=1 hop=1 tasks=1']);
  // Once dispatched, it cannot be dispatched or discarded again.
  expect(thrownCoreError(() => dispatchPlanWave(o.orch, 1, [{ to: 'b', message: 'x' }], null)).code).toBe(
    'PLAN_NOT_PENDING',
  );
  expect(thrownCoreError(() => discardPlanWave(o.orch, 1)).code).toBe('PLAN_NOT_PENDING');
});

it('dispatch re-validates against the connections now and refuses with typed errors, leaving the wave pending', async () => {
  const { a } = await reviewVillage();
  a.script(planCall());
  o.orch.sendUserMessage(id('a'), 'plan it');
  await o.idle();
  expect(thrownCoreError(() => dispatchPlanWave(o.orch, 99, [], null)).code).toBe('PLAN_NOT_FOUND');
  await o.connect('a', 'b');
  const refused = thrownCoreError(() => dispatchPlanWave(o.orch, 1, [{ to: 'c', message: 'x' }], null));
  expect(refused.code).toBe('INVALID_ARGUMENT');
  expect(refused.message).toContain('not a connection');
  await o.orch.stopAgent(id('a'));
  expect(thrownCoreError(() => dispatchPlanWave(o.orch, 1, [{ to: 'b', message: 'x' }], null)).code).toBe(
    'NOT_RUNNING',
  );
  expect(o.orch.planWaves.list()[0]!.state).toBe('pending');
});

it('discard drops the proposal and its messages; nothing is delivered', async () => {
  const { a, b } = await reviewVillage();
  a.script(planCall());
  o.orch.sendUserMessage(id('a'), 'plan it');
  await o.idle();
  discardPlanWave(o.orch, 1);
  const [record] = o.orch.planWaves.list();
  expect(record!.state).toBe('discarded');
  expect(record!.tasks.every((t) => t.message === undefined)).toBe(true);
  expect(o.lines('plan discard:')).toEqual(['plan discard: agent=a plan_id=1 tasks=2']);
  expect(b.requests).toHaveLength(0);
  expect(o.events.at(-1)).toMatchObject({ type: 'planWaveFinished', planId: 1, bundleChars: null });
});

it('a delegated turn never opens the window, and the bypass switch skips it with a line', async () => {
  const { a, b, c } = await reviewVillage();
  const x = await o.agent('x');
  await o.connect('x', 'a');
  await o.start('x');
  b.fallback = say('B');
  c.fallback = say('C');
  // x asks a: a's turn is delegated, so its plan runs at once.
  x.script(call('ask_a', { message: 'coordinate for me' }), say('x done'));
  a.script(planCall(), say('a done'));
  o.orch.sendUserMessage(id('x'), 'go');
  await o.idle();
  expect(b.requests).toHaveLength(1);
  expect(o.lines('plan pending:')).toEqual([]);
  expect(o.lines('plan review skipped:')).toEqual([]);

  o.orch.planReviewBypass = true;
  a.script(planCall(), say('a done again'));
  o.orch.sendUserMessage(id('a'), 'go');
  await o.idle();
  expect(b.requests).toHaveLength(2);
  expect(o.lines('plan review skipped:')).toEqual(['plan review skipped: agent=a reason=bypass']);
});

it('stopping the coordinator cuts a dispatched wave: no bundle, running tasks interrupted', async () => {
  const { a, b } = await reviewVillage();
  a.script(planCall());
  o.orch.sendUserMessage(id('a'), 'plan it');
  await o.idle();
  b.script(async (_request, options) => {
    await new Promise((resolve) => options.signal?.addEventListener('abort', resolve, { once: true }));
    throw new Error('aborted');
  });
  dispatchPlanWave(o.orch, 1, [{ to: 'b', message: 'slow one' }], null);
  for (let i = 0; i < 200 && b.requests.length === 0; i += 1) await new Promise((r) => setTimeout(r, 5));
  await o.orch.stopAgent(id('a'));
  await o.idle();
  const [record] = o.orch.planWaves.list();
  expect(record!.tasks.map((t) => t.state)).toEqual(['interrupted']);
  expect(record!.bundleChars).toBeNull();
  expect(o.orch.messages.list().some((m) => m.from.kind === 'system' && m.content.startsWith('## b'))).toBe(
    false,
  );
});

it('a chain carrying the schedule flag skips the window, logged as schedule', async () => {
  const { a, b } = await reviewVillage();
  b.fallback = say('B');
  a.script(planCall(), say('done'));
  const message = o.orch.messages.record(
    newMessage({
      from: { kind: 'user' },
      to: { kind: 'agent', id: id('a') },
      content: 'scheduled',
      hop: 0,
      nowMs: 0,
    }),
  );
  o.orch.runtimeIfKnown(id('a'))!.enqueue({ ...o.orch.rootEnvelope(message), autoApprovePlans: true });
  await o.idle();
  expect(b.requests).toHaveLength(1);
  expect(o.lines('plan review skipped:')).toEqual(['plan review skipped: agent=a reason=schedule']);
  expect(o.lines('plan pending:')).toEqual([]);
});

it('a bundle the coordinator cannot take is discarded with a line and a System notice', async () => {
  o = await makeOrchestra({ config: { mailboxCapacity: 1 } });
  const a = await o.agent('a', { planReview: true });
  const b = await o.agent('b');
  await o.agent('c');
  await o.connect('a', 'b', 'c');
  await o.start('a', 'b', 'c');
  a.script(planCall());
  o.orch.sendUserMessage(id('a'), 'plan it');
  await o.idle();
  // The coordinator is busy with a long turn and its one inbox place is taken.
  let release!: () => void;
  const busy = new Promise<void>((r) => (release = r));
  a.script(async () => {
    await busy;
    return say('long turn done');
  });
  o.orch.sendUserMessage(id('a'), 'long job');
  for (let i = 0; i < 200 && a.requests.length < 2; i += 1) await new Promise((r) => setTimeout(r, 5));
  o.orch.sendUserMessage(id('a'), 'queued');
  b.script(say('B answered'));
  dispatchPlanWave(o.orch, 1, [{ to: 'b', message: 'quick one' }], null);
  for (let i = 0; i < 200 && o.lines('plan bundle discarded:').length === 0; i += 1) {
    await new Promise((r) => setTimeout(r, 5));
  }
  expect(o.lines('plan bundle discarded:')).toEqual([
    'plan bundle discarded: agent=a plan_id=1 reason=mailbox_full',
  ]);
  expect(
    o.orch.messages.list().some((m) => m.from.kind === 'system' && m.content.includes('inbox was full')),
  ).toBe(true);
  release();
  await o.idle();
});

it('a dispatched wave has its own budget: the proposing chain being spent does not stop it', async () => {
  o = await makeOrchestra({ tokenBudget: 1_000 });
  const a = await o.agent('a', { planReview: true });
  const b = await o.agent('b');
  await o.agent('c');
  await o.connect('a', 'b', 'c');
  await o.start('a', 'b', 'c');
  // The proposing turn overruns its chain's whole pool.
  a.script({ ...planCall(), usage: { ...planCall().usage, prompt: 50_000 } });
  o.orch.sendUserMessage(id('a'), 'plan it');
  await o.idle();
  expect(o.orch.planWaves.list()[0]!.state).toBe('pending');
  b.script(say('B answered'));
  dispatchPlanWave(o.orch, 1, [{ to: 'b', message: 'go' }], null);
  await o.idle();
  expect(o.orch.planWaves.list()[0]!.tasks.map((t) => t.state)).toEqual(['answered']);
  expect(b.requests).toHaveLength(1);
});
