/**
 * Tool rows survive (issue 22): a servant driven by the fake provider over real HTTP calls `file`
 * twice (one read of a file that is not there); each call is stored as a `tool` record, listed by
 * `list_tool_calls`, still there after a restart, and copied into a fork.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import type { SessionSummary, ToolCallRecord } from '../src/domain/session.ts';
import { FakeProvider, openAiToolCall, textReply } from './fakes/fake-provider.ts';
import {
  isReply,
  makeTempRoot,
  removeRoot,
  startFakeServant,
  startTestVillage,
  waitForMessage,
  type TestVillage,
} from './helpers/village-server.ts';

let fake: FakeProvider;
let root: string;
const opened: TestVillage[] = [];

beforeEach(async () => {
  fake = await new FakeProvider().start();
  root = await makeTempRoot();
});
afterEach(async () => {
  for (const v of opened.splice(0)) await v.close();
  await fake.stop();
  await removeRoot(root);
});

async function open(): Promise<TestVillage> {
  const v = await startTestVillage({ root });
  opened.push(v);
  await v.ready();
  return v;
}

it('records each tool call, restores the rows after a restart, and copies them into a fork', async () => {
  const v = await open();
  const work = join(v.root, 'work');
  mkdirSync(work, { recursive: true });
  writeFileSync(join(work, 'notes.md'), 'hello notes');
  await startFakeServant(v, fake.baseUrl, { id: 'dev', name: 'Dev', workDir: work, enabledTools: ['file'] });
  fake.enqueue(
    { body: openAiToolCall('file', { op: 'read', path: 'notes.md', reason: 'read the notes' }) },
    { body: openAiToolCall('file', { op: 'read', path: 'missing.md' }) },
    { body: textReply('openai', 'read them') },
  );
  await v.ok('send_user_message', { to: 'dev', content: 'read the notes' });
  await waitForMessage(v, isReply('read them'), 'the reply');

  const rows = await v.ok<ToolCallRecord[]>('list_tool_calls');
  expect(rows.map((r) => [r.agentId, r.name, r.reasonState])).toEqual([
    ['dev', 'file', 'written'],
    ['dev', 'file', 'omitted'],
  ]);
  expect(rows[0]).toMatchObject({ reason: 'read the notes', isError: false, hop: 0 });
  expect(JSON.parse(rows[0]!.argsPreview)).toEqual({ op: 'read', path: 'notes.md' });
  expect(rows[0]!.resultPreview).toContain('hello notes');
  expect(rows[0]!.resultChars).toBe([...rows[0]!.resultPreview].length);
  // A read of a file that is not there is a result the model reads, and a row marked as an error.
  expect(rows[1]).toMatchObject({ isError: true, resultPreview: expect.stringContaining('missing.md') });

  const session = await v.ok<SessionSummary>('current_session');
  await v.close();
  opened.splice(0);
  const again = await open();
  expect(await again.ok<ToolCallRecord[]>('list_tool_calls')).toEqual(rows);

  // The fork point before the first user message keeps nothing; resuming the source brings them back.
  const points = await again.ok<{ atSeq: number }[]>('list_fork_points', { sessionId: session.id });
  expect(points).toHaveLength(1);
  await again.ok('reset_conversation');
  expect(await again.ok<ToolCallRecord[]>('list_tool_calls')).toEqual([]);
  await again.ok('resume_session', { sessionId: session.id });
  expect(await again.ok<ToolCallRecord[]>('list_tool_calls')).toEqual(rows);
  const current = await again.ok<SessionSummary>('current_session');
  await again.ok('fork_session', { sessionId: session.id, atSeq: current.meta.recordCount - 1 });
  expect(await again.ok<ToolCallRecord[]>('list_tool_calls')).toEqual(rows);
});

it('a transfer is a tool row with its target and message, kept after a restart, a resume and in a fork', async () => {
  const v = await open();
  await startFakeServant(v, fake.baseUrl, { id: 'carol', name: 'Carol' });
  await startFakeServant(v, fake.baseUrl, { id: 'dev', name: 'Dev', connectedAgents: ['carol'] });
  fake.enqueue(
    { body: openAiToolCall('transfer_to_carol', { message: 'over to you' }) },
    { body: textReply('openai', 'carol answers') },
  );
  await v.ok('send_user_message', { to: 'dev', content: 'please route this' });
  await waitForMessage(v, isReply('carol answers'), 'the reply');

  const rows = await v.ok<ToolCallRecord[]>('list_tool_calls');
  expect(rows.map((r) => [r.agentId, r.name, r.target, r.reasonState, r.isError])).toEqual([
    ['dev', 'transfer_to_carol', 'carol', 'excluded', false],
  ]);
  expect(JSON.parse(rows[0]!.argsPreview)).toEqual({ message: 'over to you' });
  // The row sorts after the message the transfer sent (the chat orders by time, message first).
  const messages = await v.ok<{ content: string; tsMs: number }[]>('list_messages');
  const sent = messages.find((m) => m.content === 'over to you')!;
  expect(rows[0]!.tsMs).toBeGreaterThanOrEqual(sent.tsMs);

  const session = await v.ok<SessionSummary>('current_session');
  await v.close();
  opened.splice(0);
  const again = await open();
  expect(await again.ok<ToolCallRecord[]>('list_tool_calls')).toEqual(rows);
  await again.ok('reset_conversation');
  expect(await again.ok<ToolCallRecord[]>('list_tool_calls')).toEqual([]);
  await again.ok('resume_session', { sessionId: session.id });
  expect(await again.ok<ToolCallRecord[]>('list_tool_calls')).toEqual(rows);
  const current = await again.ok<SessionSummary>('current_session');
  await again.ok('fork_session', { sessionId: session.id, atSeq: current.meta.recordCount - 1 });
  expect(await again.ok<ToolCallRecord[]>('list_tool_calls')).toEqual(rows);
});
