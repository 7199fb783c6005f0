/**
 * End to end: a servant with a work folder, driven by the fake provider over real HTTP, writes a note
 * with the blackboard tool, reads it back, and is refused when it tries the same with `file`; a servant
 * set not to use the blackboard is never offered the tool.
 */
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
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
let work: string;

beforeEach(async () => {
  fake = await new FakeProvider().start();
  v = await startTestVillage();
  await v.ready();
  work = join(v.root, 'work');
  mkdirSync(work);
});
afterEach(async () => {
  await v.close();
  await fake.stop();
});

/** The tool results the model got back in the last request, in order. */
function toolResults(): string[] {
  const last = fake.requests.at(-1)!.body as { messages: { role: string; content: string }[] };
  return last.messages.filter((m) => m.role === 'tool').map((m) => m.content);
}

function offeredTools(index: number): string[] {
  return (
    (fake.requests[index]!.body as { tools?: { function: { name: string } }[] }).tools?.map(
      (t) => t.function.name,
    ) ?? []
  );
}

it('writes a note with the blackboard tool, reads it back, and cannot write it with file', async () => {
  // An explicit enabledTools array without the blackboard: the tool is offered anyway (Spec 18 D13).
  await startFakeServant(v, fake.baseUrl, { id: 'dev', name: 'Dev', workDir: work, enabledTools: ['file'] });
  fake.enqueue(
    {
      body: openAiToolCall('blackboard', {
        op: 'write',
        name: '調査.md',
        body: 'started\n',
        reason: 'start',
      }),
    },
    { body: openAiToolCall('blackboard', { op: 'read', name: '調査' }) },
    {
      body: openAiToolCall('file', {
        op: 'write',
        path: 'blackboard/doing/dev - 調査.md',
        content: 'x',
        overwrite: true,
      }),
    },
    { body: textReply('openai', 'noted') },
  );
  await v.ok('send_user_message', { to: 'dev', content: 'note your job' });
  await waitForMessage(v, isReply('noted'), 'the reply noted');

  expect(offeredTools(0)).toContain('blackboard');
  const [written, read, fenced] = toolResults();
  // The test village speaks English: so do the blackboard's results (the other tools' stay Japanese).
  expect(written).toBe('Created the note "調査" in doing.');
  expect(read).toBe('"調査" (Dev (dev), doing):\nstarted\n');
  expect(fenced).toContain('blackboard tool (list, read, write, append, move, remove)');
  expect(readFileSync(join(work, 'blackboard/doing/dev - 調査.md'), 'utf8')).toBe('started\n');
});

it('does not offer the blackboard to a servant set not to use it', async () => {
  await startFakeServant(v, fake.baseUrl, {
    id: 'quiet',
    name: 'Quiet',
    workDir: work,
    usesBlackboard: false,
  });
  fake.enqueue({ body: textReply('openai', 'fine') });
  await v.ok('send_user_message', { to: 'quiet', content: 'hello' });
  await waitForMessage(v, isReply('fine'), 'the reply fine');
  expect(offeredTools(0)).not.toContain('blackboard');
  expect(offeredTools(0)).toContain('file');
  expect(existsSync(join(work, 'blackboard'))).toBe(false);
});

it('asks the gate again at call time: a servant set not to use the blackboard mid-turn writes nothing', async () => {
  await startFakeServant(v, fake.baseUrl, { id: 'dev', name: 'Dev', workDir: work });
  fake.enqueue(
    // Held: the setting changes after the tool was offered and before the model's call arrives.
    { hold: true, body: openAiToolCall('blackboard', { op: 'write', name: 'Survey', body: 'x' }) },
    { body: textReply('openai', 'after') },
  );
  await v.ok('send_user_message', { to: 'dev', content: 'note your job' });
  await fake.waitForRequests(1);
  expect(offeredTools(0)).toContain('blackboard');
  await v.ok('update_agent', { spec: { id: 'dev', usesBlackboard: false } });
  fake.releaseHeld();
  await waitForMessage(v, isReply('after'), 'the reply after');
  expect(toolResults()).toEqual([
    'The blackboard tool is not available: this servant is set not to use the blackboard, or has no work folder.',
  ]);
  expect(existsSync(join(work, 'blackboard'))).toBe(false);
  const log = readFileSync(join(v.workspace, 'fuseforks.log'), 'utf8');
  expect(log).toContain('blackboard op: agent=dev op=write state=- outcome=disabled');
});
