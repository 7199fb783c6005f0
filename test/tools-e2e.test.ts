/**
 * End to end: a servant with a work folder, driven by the fake provider over real HTTP, reads a file,
 * edits it with sd (preview, then apply), runs an allowed command; a disallowed command is queued as
 * pending, approved through the API, and runs on the next turn.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { FakeProvider, openAiToolCall, textReply } from './fakes/fake-provider.ts';
import {
  isInterruptLine,
  isReply,
  startFakeServant,
  startTestVillage,
  waitForMessage,
  type TestVillage,
} from './helpers/village-server.ts';

let fake: FakeProvider;
let v: TestVillage;
let work: string;

beforeEach(async () => {
  fake = await new FakeProvider().start();
  v = await startTestVillage();
  await v.ready();
  work = join(v.root, 'work');
  mkdirSync(work);
  writeFileSync(join(work, 'greeting.txt'), 'hello world\n');
});
afterEach(async () => {
  await v.close();
  await fake.stop();
});

/** The tool results the model got back in the request that followed each call, in order. */
function toolResults(): string[] {
  const last = fake.requests.at(-1)!.body as { messages: { role: string; content: string }[] };
  return last.messages.filter((m) => m.role === 'tool').map((m) => m.content);
}

const waitForReply = (text: string) => waitForMessage(v, isReply(text), `the reply ${text}`);

it('reads, edits with sd, runs an allowed command, and runs a refused one after approval', async () => {
  await startFakeServant(v, fake.baseUrl, {
    id: 'dev',
    name: 'Dev',
    workDir: work,
    enabledTools: ['file', 'sd', 'run'],
  });
  await v.ok('write_config_file', {
    agentId: 'dev',
    kind: 'run',
    content: JSON.stringify({ allow: ['node -e *'], deny: [] }),
  });

  fake.enqueue(
    { body: openAiToolCall('file', { op: 'read', path: 'greeting.txt', reason: 'read the greeting' }) },
    { body: openAiToolCall('sd', { pattern: 'world', replacement: 'village', path: 'greeting.txt' }) },
    {
      body: openAiToolCall('sd', {
        pattern: 'world',
        replacement: 'village',
        path: 'greeting.txt',
        apply: true,
      }),
    },
    { body: openAiToolCall('run', { command: 'node', args: ['-e', 'console.log(6 * 7)'] }) },
    { body: openAiToolCall('run', { command: 'node', args: ['--version'] }) },
    { body: textReply('openai', 'first turn done') },
  );
  await v.ok('send_user_message', { to: 'dev', content: 'greet the village' });
  await waitForReply('first turn done');

  const offered = (fake.requests[0]!.body as { tools: { function: { name: string } }[] }).tools.map(
    (t) => t.function.name,
  );
  // The blackboard is outside enabledTools: its own gate (a work folder and usesBlackboard) offers it.
  expect(offered).toEqual(['sd', 'file', 'run', 'blackboard', 'room_log']);
  const [read, preview, applied, allowed, refused] = toolResults();
  expect(read).toBe('hello world\n');
  expect(preview).toContain('-hello world');
  expect(preview).toContain('+hello village');
  expect(preview).not.toContain('Applied:');
  expect(applied).toContain('Applied:');
  expect(readFileSync(join(work, 'greeting.txt'), 'utf8')).toBe('hello village\n');
  expect(allowed).toContain('42');
  expect(allowed).toContain(process.execPath.split('/').at(-1));
  expect(refused).not.toContain(process.version);

  const pending = await v.ok<{
    total: number;
    agents: { agentId: string; entries: { command: string; args: string[]; count: number }[] }[];
  }>('list_pending_commands');
  expect(pending.total).toBe(1);
  expect(pending.agents.map((a) => [a.agentId, a.entries])).toEqual([
    [
      'dev',
      [
        expect.objectContaining({
          command: 'node',
          args: ['--version'],
          count: 1,
          exactPattern: 'node --version',
        }),
      ],
    ],
  ]);
  expect(
    await v.ok('approve_command', { agentId: 'dev', command: 'node', args: ['--version'], open: false }),
  ).toMatchObject({
    outcome: 'approved',
    pattern: 'node --version',
  });
  expect((await v.ok<{ total: number }>('list_pending_commands')).total).toBe(0);
  const again = await v.call('approve_command', {
    agentId: 'dev',
    command: 'node',
    args: ['--version'],
    open: false,
  });
  expect(again.body).toMatchObject({ outcome: 'not_found' });

  fake.enqueue(
    { body: openAiToolCall('run', { command: 'node', args: ['--version'] }) },
    { body: textReply('openai', 'second turn done') },
  );
  await v.ok('send_user_message', { to: 'dev', content: 'now check the version' });
  await waitForReply('second turn done');
  expect(toolResults().at(-1)).toContain(process.version);
});

it('a grep whose pattern backtracks for ever leaves the server answering, and an interrupt ends it', async () => {
  writeFileSync(join(work, 'stuck.txt'), `${'a'.repeat(48)}b\n`);
  await startFakeServant(v, fake.baseUrl, { id: 'dev', name: 'Dev', workDir: work, enabledTools: ['grep'] });
  fake.enqueue(
    { body: openAiToolCall('grep', { pattern: '(a+)+$', reason: 'find the runs of a' }) },
    { body: textReply('openai', 'never reached') },
  );
  await v.ok('send_user_message', { to: 'dev', content: 'search the runs' });
  for (let i = 0; i < 500 && fake.requests.length === 0; i += 1) await new Promise((r) => setTimeout(r, 10));
  // Long enough for the pool's worker to start and the pattern to be deep in its backtracking.
  await new Promise((r) => setTimeout(r, 800));
  const world = await v.ok<{ agents: { id: string; status: string }[] }>('get_world');
  expect(world.agents.map((a) => a.id)).toEqual(['dev']);
  expect(await v.ok('interrupt_turn', { agentId: 'dev' })).toEqual({ interrupted: true });
  await waitForMessage(v, isInterruptLine, 'the interrupt line');
  expect(fake.requests).toHaveLength(1);
});
