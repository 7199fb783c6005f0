/**
 * Inline approval over the API (issue 22), with a servant driven by the fake provider over real HTTP:
 * a refused `run` call's stored tool record names the request, the pending entry keeps the model's
 * reason, and approving with exactly the record's request works and moves run_request_state on.
 */
import { afterEach, beforeEach, expect, it } from 'vitest';
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
});
afterEach(async () => {
  await v.close();
  await fake.stop();
});

interface StoredCall {
  name: string;
  reason: string | null;
  approval?: { command: string; args: string[] };
}
type State = { state: string; entry: { reason?: string; exactPattern: string } | null };

it('approves from the row’s data: the record’s request, the entry’s reason, the state after', async () => {
  await startFakeServant(v, fake.baseUrl, { id: 'dev', name: 'Dev', enabledTools: ['run'] });
  fake.enqueue(
    {
      body: openAiToolCall('run', { command: 'node', args: ['--version'], reason: 'check the node version' }),
    },
    { body: openAiToolCall('run', { command: 'node', args: ['-p', '1+1'], reason: 'add two numbers' }) },
    { body: textReply('openai', 'waiting for approval') },
  );
  await v.ok('send_user_message', { to: 'dev', content: 'check the version' });
  await waitForMessage(v, isReply('waiting for approval'), 'the reply');

  const calls = await v.ok<StoredCall[]>('list_tool_calls');
  expect(calls.map((c) => c.approval)).toEqual([
    { command: 'node', args: ['--version'] },
    { command: 'node', args: ['-p', '1+1'] },
  ]);
  const pending = await v.ok<{ agents: { entries: { reason?: string }[] }[] }>('list_pending_commands');
  expect(pending.agents[0]!.entries.map((e) => e.reason)).toEqual([
    'check the node version',
    'add two numbers',
  ]);

  const [first, second] = calls.map((c) => ({ agentId: 'dev', ...c.approval! }));
  expect(await v.ok<State>('run_request_state', first)).toEqual({
    state: 'pending',
    entry: expect.objectContaining({ reason: 'check the node version', exactPattern: 'node --version' }),
  });
  expect(await v.ok('approve_command', { ...first, open: false })).toMatchObject({
    outcome: 'approved',
    pattern: 'node --version',
    firstAllow: true,
  });
  expect(await v.ok<State>('run_request_state', first)).toEqual({ state: 'allowed', entry: null });
  expect(await v.ok('reject_command', second)).toMatchObject({ outcome: 'rejected' });
  expect(await v.ok<State>('run_request_state', second)).toEqual({ state: 'denied', entry: null });
  const gone = { agentId: 'dev', command: 'node', args: ['--help'] };
  expect(await v.ok<State>('run_request_state', gone)).toEqual({ state: 'gone', entry: null });

  const unknown = await v.call('run_request_state', { ...first, agentId: 'nobody' });
  expect(unknown.status).toBeGreaterThanOrEqual(400);
});
