/**
 * MCP in the running village: a servant uses a tool of its own MCP server in a turn driven by the
 * fake provider; `mcp_status` shows the servers; saving a running servant's mcp.json reconnects it;
 * stopping it ends its server; a broken shared mcp.json never stops a servant from starting.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import type { McpStatusView } from '../../src/mcp/client/manager.ts';
import { FakeProvider, openAiToolCall, textReply } from '../fakes/fake-provider.ts';
import {
  isReply,
  startFakeServant,
  startTestVillage,
  waitForMessage,
  type TestVillage,
} from '../helpers/village-server.ts';
import { everythingStdio, gatedStdio, isAlive, until } from './servers.ts';

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

const status = () => v.ok<McpStatusView>('mcp_status');
const mcpJson = (servers: Record<string, unknown>) => JSON.stringify({ mcpServers: servers });

const waitForReply = (text: string) => waitForMessage(v, isReply(text), `the reply ${text}`);

/** No turn waits for a connection: a test that needs the tools waits for them first. */
async function untilEveryServerConnected(): Promise<void> {
  for (let i = 0; i < 400; i += 1) {
    const view = await status();
    const servers = [view.shared, ...view.agents].flatMap((set) => set?.servers ?? []);
    if (servers.length > 0 && servers.every((server) => server.state === 'connected')) return;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error('the MCP servers did not connect');
}

it('offers a servant its own MCP tools after the shared ones and runs them in a turn', async () => {
  writeFileSync(join(v.workspace, 'mcp.json'), mcpJson({ shared: everythingStdio() }));
  await v.ok('mcp_reconnect', { agentId: null });
  await startFakeServant(v, fake.baseUrl, { id: 'dev', name: 'Dev', enabledTools: ['remember'] });
  await v.ok('write_config_file', {
    agentId: 'dev',
    kind: 'mcp',
    content: mcpJson({ tools: everythingStdio() }),
  });
  await untilEveryServerConnected();

  fake.enqueue(
    { body: openAiToolCall('tools__echo', { message: 'ping through mcp' }) },
    { body: textReply('openai', 'echo done') },
  );
  await v.ok('send_user_message', { to: 'dev', content: 'use the echo tool' });
  await waitForReply('echo done');

  const offered = (fake.requests[0]!.body as { tools: { function: { name: string } }[] }).tools.map(
    (t) => t.function.name,
  );
  const sharedAt = offered.indexOf('shared__echo');
  const ownAt = offered.indexOf('tools__echo');
  expect(offered.indexOf('remember')).toBeLessThan(sharedAt);
  expect(sharedAt).toBeLessThan(ownAt);
  const echoSpec = (
    fake.requests[0]!.body as { tools: { function: { name: string; parameters: { properties: object } } }[] }
  ).tools.find((t) => t.function.name === 'tools__echo')!;
  // Someone else's schema: no reason field is added.
  expect(Object.keys(echoSpec.function.parameters.properties)).toEqual(['message']);
  const last = fake.requests.at(-1)!.body as { messages: { role: string; content: string }[] };
  expect(last.messages.filter((m) => m.role === 'tool').map((m) => m.content)).toEqual([
    'Echo: ping through mcp',
  ]);

  const view = await status();
  expect(view.shared?.servers.map((s) => [s.name, s.state])).toEqual([['shared', 'connected']]);
  expect(view.agents.map((a) => [a.agentId, a.servers.map((s) => s.name)])).toEqual([['dev', ['tools']]]);
});

it('reconnects on save while running, closes on stop, and only validates while stopped', async () => {
  await startFakeServant(v, fake.baseUrl, { id: 'dev', name: 'Dev' });
  await v.ok('write_config_file', {
    agentId: 'dev',
    kind: 'mcp',
    content: mcpJson({ first: everythingStdio() }),
  });
  let view = await status();
  for (let i = 0; i < 200 && view.agents[0]?.servers[0]?.state !== 'connected'; i += 1) {
    await new Promise((r) => setTimeout(r, 25));
    view = await status();
  }
  expect(view.agents[0]!.servers.map((s) => [s.name, s.state])).toEqual([['first', 'connected']]);
  const firstPid = view.agents[0]!.servers[0]!.pid!;

  await v.ok('write_config_file', {
    agentId: 'dev',
    kind: 'mcp',
    content: mcpJson({ second: everythingStdio() }),
  });
  await until(() => !isAlive(firstPid), 'the first server to stop');
  for (let i = 0; i < 200; i += 1) {
    view = await status();
    if (view.agents[0]?.servers[0]?.state === 'connected') break;
    await new Promise((r) => setTimeout(r, 25));
  }
  expect(view.agents[0]!.servers.map((s) => s.name)).toEqual(['second']);
  const secondPid = view.agents[0]!.servers[0]!.pid!;

  // A refused save changes nothing: the running server stays.
  const refused = await v.call('write_config_file', {
    agentId: 'dev',
    kind: 'mcp',
    content: mcpJson({ bad: { type: 'sse', url: 'https://example.invalid' } }),
  });
  expect(refused.status).toBe(400);
  expect(JSON.stringify(refused.body)).toContain('SSE');
  expect(isAlive(secondPid)).toBe(true);

  await v.ok('stop_agent', { agentId: 'dev' });
  await until(() => !isAlive(secondPid), 'the agent’s server to stop with it');
  expect((await status()).agents).toEqual([]);
  await v.ok('write_config_file', {
    agentId: 'dev',
    kind: 'mcp',
    content: mcpJson({ third: everythingStdio() }),
  });
  expect((await status()).agents).toEqual([]);
  expect(await v.call('mcp_reconnect', { agentId: 'dev' })).toMatchObject({ status: 409 });
});

it('starts a servant whatever a broken shared mcp.json says, and reports the file error', async () => {
  writeFileSync(join(v.workspace, 'mcp.json'), '{"mcpServers": [');
  await v.ok('mcp_reconnect', { agentId: null });
  mkdirSync(join(v.workspace, 'agents'), { recursive: true });
  await startFakeServant(v, fake.baseUrl, { id: 'dev', name: 'Dev' });
  const world = await v.ok<{ agents: { id: string; status: string }[] }>('get_world');
  expect(world.agents.find((a) => a.id === 'dev')?.status).toBe('running');
  for (let i = 0; i < 100; i += 1) {
    const view = await status();
    if (view.shared?.error) {
      expect(view.shared.servers).toEqual([]);
      return;
    }
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error('no shared mcp.json error in mcp_status');
});

it('never holds a turn for a server still connecting; a late server joins from the next turn', async () => {
  const pidFile = join(v.root, 'silent.pid');
  const script = `require('fs').writeFileSync(${JSON.stringify(pidFile)}, String(process.pid)); setInterval(() => {}, 1000);`;
  const go = join(v.root, 'go');
  await startFakeServant(v, fake.baseUrl, { id: 'dev', name: 'Dev' });
  await v.ok('write_config_file', {
    agentId: 'dev',
    kind: 'mcp',
    content: mcpJson({
      ready: everythingStdio(),
      // Never answers its handshake (the limit is 30 s): no turn may wait for it.
      silent: { command: 'node', args: ['-e', script] },
      late: gatedStdio(go, everythingStdio()),
    }),
  });
  const stateOf = async (name: string) =>
    (await status()).agents[0]?.servers.find((s) => s.name === name)?.state;
  for (let i = 0; i < 400 && (await stateOf('ready')) !== 'connected'; i += 1) {
    await new Promise((r) => setTimeout(r, 25));
  }
  const offered = (index: number) =>
    (fake.requests[index]!.body as { tools: { function: { name: string } }[] }).tools.map(
      (t) => t.function.name,
    );

  fake.enqueue({ body: textReply('openai', 'first answer') });
  await v.ok('send_user_message', { to: 'dev', content: 'hello' });
  await waitForReply('first answer');
  expect(offered(0)).toContain('ready__echo');
  expect(offered(0).some((name) => name.startsWith('late__') || name.startsWith('silent__'))).toBe(false);
  expect(await stateOf('silent')).toBe('connecting');
  expect(await stateOf('late')).toBe('connecting');

  writeFileSync(go, '');
  for (let i = 0; i < 400 && (await stateOf('late')) !== 'connected'; i += 1) {
    await new Promise((r) => setTimeout(r, 25));
  }
  fake.enqueue({ body: textReply('openai', 'second answer') });
  await v.ok('send_user_message', { to: 'dev', content: 'again' });
  await waitForReply('second answer');
  expect(offered(1)).toContain('late__echo');

  await v.ok('stop_agent', { agentId: 'dev' });
  const pid = Number(readFileSync(pidFile, 'utf8'));
  await until(() => !isAlive(pid), 'the silent server to be killed by the stop');
});
