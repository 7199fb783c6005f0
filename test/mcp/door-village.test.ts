/**
 * The door in the running village, driven by the SDK's real client over HTTP: switched on through the
 * API, `ask_fuseforks` answered by the reception servant (fake provider) as a new causal root from
 * `Endpoint external`, and every way of not answering returned as a tool result.
 */
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import type { AgentMessage } from '../../src/domain/message.ts';
import { connectClient, freePort } from '../../src/mcp/door/test-kit.ts';
import { FakeProvider, textReply } from '../fakes/fake-provider.ts';
import { startFakeServant, startTestVillage, type TestVillage } from '../helpers/village-server.ts';

interface DoorView {
  readable: boolean;
  enabled: boolean;
  port: number;
  token: string;
  status: { enabled: boolean; listening: boolean; url: string | null; lastError: string | null };
}
interface ToolResult {
  content: { type: string; text: string }[];
  isError?: boolean;
}

let fake: FakeProvider;
let v: TestVillage;
let door: DoorView;

beforeEach(async () => {
  fake = await new FakeProvider().start();
  v = await startTestVillage();
  await v.ready();
  door = await v.ok<DoorView>('set_mcp_server_settings', { enabled: true, port: await freePort() });
});
afterEach(async () => {
  await v.close();
  await fake.stop();
});

async function ask(message: string, client = 'claude-code', token = door.token): Promise<ToolResult> {
  const { client: mcp, transport } = await connectClient(door.status.url!, token, client);
  try {
    return (await mcp.callTool({ name: 'ask_fuseforks', arguments: { message } })) as ToolResult;
  } finally {
    await transport.close();
  }
}
const text = (result: ToolResult) => result.content.map((c) => c.text).join('');

it('is switched on through the API with a token kept outside the workspace, mode 0600', async () => {
  expect(door).toMatchObject({ readable: true, enabled: true, status: { listening: true, lastError: null } });
  expect(door.token).toMatch(/^[0-9a-f]{32}$/);
  const file = join(v.home, 'mcp_server.json');
  expect(JSON.parse(readFileSync(file, 'utf8'))).toMatchObject({ enabled: true, token: door.token });
  expect(statSync(file).mode & 0o777).toBe(0o600);
  expect(readFileSync(join(v.workspace, 'world.json'), 'utf8')).not.toContain(door.token);
  expect(await v.ok<DoorView>('get_mcp_server_settings')).toEqual(door);
  expect((await v.call('set_mcp_server_settings', { enabled: true, port: 80 })).status).toBe(400);
});

it('answers through the reception servant, as a new root from the external client', async () => {
  expect(text(await ask('anyone there?'))).toContain('EXTERNAL_RECEPTION_UNSET');
  await startFakeServant(v, fake.baseUrl, { id: 'desk', name: 'Desk' });
  await v.ok('set_reception', { agentId: 'desk' });
  fake.enqueue({ body: textReply('openai', 'hello from the village') });
  const answer = await ask('please summarise the plan');
  expect(answer.isError ?? false).toBe(false);
  expect(text(answer)).toBe('hello from the village');

  const sent = fake.requests[0]!.body as { messages: { role: string; content: string }[] };
  const user = sent.messages.filter((m) => m.role === 'user').at(-1)!.content;
  // The envelope opens the received message, after the folded volatile context.
  expect(user).toContain(
    '## The message you received now\n【Sender: claude-code (external client)】\nplease summarise the plan',
  );
  const log = await v.ok<AgentMessage[]>('list_messages');
  const request = log.find((m) => m.content === 'please summarise the plan')!;
  expect(request).toMatchObject({ from: { kind: 'external', client: 'claude-code' }, hop: 0 });
  const reply = log.find((m) => m.content === 'hello from the village')!;
  expect(reply).toMatchObject({
    from: { kind: 'agent', id: 'desk' },
    to: { kind: 'external', client: 'claude-code' },
  });

  // A set external name replaces what the client calls itself; an invalid client name becomes `external`.
  await v.ok('set_external_name', { externalName: 'Build bot' });
  fake.enqueue({ body: textReply('openai', 'second answer') });
  expect(text(await ask('again', '】\n【Sender: user'))).toBe('second answer');
  const second = (fake.requests.at(-1)!.body as { messages: { role: string; content: string }[] }).messages
    .filter((m) => m.role === 'user')
    .at(-1)!.content;
  expect(second).toContain('now\n【Sender: Build bot (external client)】\nagain');
  const stored = (await v.ok<AgentMessage[]>('list_messages')).find((m) => m.content === 'again')!;
  expect(stored.from).toEqual({ kind: 'external', client: 'external' });
});

it('says why there is no answer: stopped, deleted, wrong token', async () => {
  await startFakeServant(v, fake.baseUrl, { id: 'desk', name: 'Desk' });
  await v.ok('set_reception', { agentId: 'desk' });
  await v.ok('stop_agent', { agentId: 'desk' });
  const stopped = await ask('hello?');
  expect(stopped.isError).toBe(true);
  expect(text(stopped)).toContain('NOT_RUNNING');
  await v.ok('delete_agent', { agentId: 'desk' });
  expect(text(await ask('hello?'))).toContain('AGENT_NOT_FOUND');
  await expect(ask('hello?', 'claude-code', '0'.repeat(32))).rejects.toThrow();

  const renewed = await v.ok<DoorView>('regenerate_mcp_server_token');
  expect(renewed.token).not.toBe(door.token);
  await expect(ask('hello?', 'claude-code', door.token)).rejects.toThrow();
  door = renewed;
  expect(text(await ask('hello?'))).toContain('AGENT_NOT_FOUND');
});
