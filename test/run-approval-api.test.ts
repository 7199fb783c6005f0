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

/**
 * Two tabs (or the chat row and the Approvals dialog) deciding one entry at the same moment: the
 * decisions queue on the servant's files, the first one applies, the second answers the ledger's
 * `ApprovalOutcome::NotFound` (`{ outcome: 'not_found' }`, part 5 §2.2 "the UI must say so") and
 * writes nothing: the pattern lands in exactly one list, never twice, never in both.
 */
it('two decisions of one entry at once: one applies, the other is not_found and changes nothing', async () => {
  await startFakeServant(v, fake.baseUrl, { id: 'dev', name: 'Dev', enabledTools: ['run'] });
  const entry = (command: string, args: string[], at: number) => ({
    command,
    args,
    count: 1,
    firstRequestedAtMs: at,
  });
  await v.ok('write_config_file', {
    agentId: 'dev',
    kind: 'run',
    content: JSON.stringify({
      allow: [],
      deny: [],
      pending: [entry('ls', ['-la'], 1), entry('git', ['log'], 2), entry('npm', ['test'], 3)],
    }),
  });
  const policy = async () =>
    JSON.parse(await v.ok<string>('read_config_file', { agentId: 'dev', kind: 'run' })) as {
      allow: string[];
      deny: string[];
      pending: { command: string }[];
    };
  const outcomes = (results: { outcome: string }[]) => results.map((r) => r.outcome).sort();

  // Allow in the row while the dialog refuses: exactly one of them wins.
  const ls = { agentId: 'dev', command: 'ls', args: ['-la'] };
  const raced = await Promise.all([
    v.ok<{ outcome: string }>('approve_command', { ...ls, open: false }),
    v.ok<{ outcome: string }>('reject_command', ls),
  ]);
  expect(raced.filter((r) => r.outcome === 'not_found')).toHaveLength(1);
  let file = await policy();
  const inAllow = file.allow.filter((p) => p === 'ls -la').length;
  const inDeny = file.deny.filter((p) => p === 'ls -la').length;
  expect(inAllow + inDeny).toBe(1);
  expect((await v.ok<State>('run_request_state', ls)).state).toBe(inAllow === 1 ? 'allowed' : 'denied');

  // Two Allows with different granularity (two tabs): one pattern is written, not both.
  const git = { agentId: 'dev', command: 'git', args: ['log'] };
  const twice = await Promise.all([
    v.ok<{ outcome: string }>('approve_command', { ...git, open: false }),
    v.ok<{ outcome: string }>('approve_command', { ...git, open: true }),
  ]);
  expect(outcomes(twice)).toEqual(['approved', 'not_found']);
  file = await policy();
  expect(file.allow.filter((p) => p.startsWith('git log'))).toHaveLength(1);

  // Two refusals: deny holds the pattern once.
  const npm = { agentId: 'dev', command: 'npm', args: ['test'] };
  const refused = await Promise.all([
    v.ok<{ outcome: string }>('reject_command', npm),
    v.ok('reject_command', npm),
  ]);
  expect(outcomes(refused as { outcome: string }[])).toEqual(['not_found', 'rejected']);
  file = await policy();
  expect(file.deny.filter((p) => p === 'npm test')).toHaveLength(1);
  expect(file.pending).toEqual([]);
});
