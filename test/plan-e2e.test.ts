/**
 * plan end to end: three servants on the fake provider over real HTTP; the coordinator's plan call
 * reaches both workers, the bundle comes back as the tool result, and the wave shows in
 * list_plan_waves. Then the review window through the API: propose, dispatch with an edit.
 */
import { afterEach, beforeEach, expect, it } from 'vitest';
import type { PlanWaveRecord } from '../src/domain/plan.ts';
import { FakeProvider, openAiToolCall, textReply } from './fakes/fake-provider.ts';
import {
  isReply,
  startFakeServant,
  startTestVillage,
  waitForMessage,
  type TestVillage,
} from './helpers/village-server.ts';

let fake: FakeProvider;
let v: TestVillage;

beforeEach(async () => {
  fake = await new FakeProvider().start();
  v = await startTestVillage();
  await v.ready();
  for (const [id, name] of [
    ['boss', 'Boss'],
    ['ann', 'Ann'],
    ['ben', 'Ben'],
  ]) {
    await startFakeServant(v, fake.baseUrl, { id: id!, name: name! });
  }
  await v.ok('set_connections', { agentId: 'boss', connectedAgents: ['ann', 'ben'] });
});
afterEach(async () => {
  await v.close();
  await fake.stop();
});

const planCall = (tasks: { to: string; message: string }[]) => ({ body: openAiToolCall('plan', { tasks }) });

it('runs a wave through the real client and returns the bundle in input order', async () => {
  fake.enqueue(
    planCall([
      { to: 'ben', message: 'check the dates' },
      { to: 'ann', message: 'check the names' },
    ]),
    { body: textReply('openai', 'worker says fine') },
    { body: textReply('openai', 'worker says fine') },
    { body: textReply('openai', 'all checked') },
  );
  await v.ok('send_user_message', { to: 'boss', content: 'check everything' });
  await waitForMessage(v, isReply('all checked'), 'the final reply');
  const first = fake.requests[0]!.body as { tools: { function: { name: string } }[] };
  expect(first.tools.map((t) => t.function.name)).toContain('plan');
  const last = fake.requests.at(-1)!.body as { messages: { role: string; content: string }[] };
  expect(last.messages.filter((m) => m.role === 'tool').map((m) => m.content)).toEqual([
    '## ben (Ben)\nworker says fine\n\n## ann (Ann)\nworker says fine',
  ]);
  const waves = await v.ok<PlanWaveRecord[]>('list_plan_waves');
  expect(waves.map((w) => [w.planId, w.agentId, w.state, w.tasks.map((t) => [t.to, t.state])])).toEqual([
    [
      1,
      'boss',
      'dispatched',
      [
        ['ben', 'answered'],
        ['ann', 'answered'],
      ],
    ],
  ]);
});

it('with review on, proposes; a person dispatches an edited wave through the API', async () => {
  await v.ok('update_agent', { spec: { id: 'boss', planReview: true } });
  expect(await v.ok('get_plan_review_bypass')).toEqual({ enabled: false });
  fake.enqueue(planCall([{ to: 'ann', message: 'draft the note' }]));
  await v.ok('send_user_message', { to: 'boss', content: 'plan the note' });
  await waitForMessage(
    v,
    (m) => m.from.kind === 'agent' && m.content.startsWith('Proposed a plan'),
    'the proposal',
  );
  let waves = await v.ok<PlanWaveRecord[]>('list_plan_waves');
  expect(waves[0]).toMatchObject({
    planId: 1,
    state: 'pending',
    tasks: [{ to: 'ann', message: 'draft the note' }],
  });
  expect((await v.call('dispatch_plan_wave', { planId: 7, tasks: [] })).status).toBe(404);

  fake.enqueue(
    { body: textReply('openai', 'note drafted') },
    { body: textReply('openai', 'thanks, sending it') },
  );
  await v.ok('dispatch_plan_wave', {
    planId: 1,
    tasks: [{ to: 'ann', message: 'draft the short note' }],
    verifier: null,
  });
  await waitForMessage(v, isReply('thanks, sending it'), 'the coordinator’s reply to the bundle');
  const bundle = (await v.ok<{ from: { kind: string }; content: string }[]>('list_messages')).find(
    (m) => m.from.kind === 'system' && m.content.startsWith('## ann'),
  )!;
  expect(bundle.content).toBe('## ann (Ann)\nnote drafted');
  waves = await v.ok<PlanWaveRecord[]>('list_plan_waves');
  expect(waves[0]).toMatchObject({ state: 'dispatched', tasks: [{ to: 'ann', state: 'answered' }] });
  expect((await v.call('discard_plan_wave', { planId: 1 })).status).toBe(409);
});
