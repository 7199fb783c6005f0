import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AgentMessage } from '../src/domain/message.ts';
import { FakeProvider, openAiToolCall } from './fakes/fake-provider.ts';
import { removeRoot, startTestVillage, type TestVillage } from './helpers/village-server.ts';

/** OpenAI-compatible wire bodies, as the real API answers them. */
const text = (content: string) => ({
  choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
  usage: { prompt_tokens: 50, completion_tokens: 5, total_tokens: 55 },
});
const toolCall = openAiToolCall;

let fake: FakeProvider;
let v: TestVillage;
beforeEach(async () => {
  fake = await new FakeProvider().start();
  v = await startTestVillage();
  await v.ready();
  const { id } = await v.ok<{ id: string }>('upsert_template', {
    template: {
      name: 'Fake',
      baseUrl: fake.baseUrl,
      model: 'fake-model',
      provider: 'open_ai_compat',
      credential: 'not_required',
    },
  });
  for (const agent of ['a', 'b'])
    await v.ok('create_agent', { spec: { id: agent, name: agent.toUpperCase(), modelTemplateId: id } });
  await v.ok('set_connections', { agentId: 'a', connectedAgents: ['b'] });
  await v.ok('start_agent', { agentId: 'a' });
  await v.ok('start_agent', { agentId: 'b' });
});
afterEach(async () => {
  await v.close();
  await removeRoot(v.root);
  await fake.stop();
});

async function waitForReplyToUser(count = 1): Promise<AgentMessage[]> {
  for (let i = 0; i < 400; i += 1) {
    const messages = await v.ok<AgentMessage[]>('list_messages');
    if (messages.filter((m) => m.from.kind === 'agent' && m.to.kind === 'user').length >= count)
      return messages;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error('no reply reached the user');
}

const route = (m: AgentMessage) =>
  `${m.from.kind === 'agent' ? m.from.id : m.from.kind}->${m.to.kind === 'agent' ? m.to.id : m.to.kind}`;

describe('routing through the real HTTP client and a fake provider', () => {
  it('a plain reply', async () => {
    fake.enqueue({ body: text('hello from A') });
    await v.ok('send_user_message', { to: 'a', content: 'hi' });
    const messages = await waitForReplyToUser();
    expect(messages.filter((m) => m.from.kind !== 'system').map(route)).toEqual(['user->a', 'a->user']);
    const sent = fake.requests[0]!.body as {
      messages: { role: string; content: string }[];
      tools?: { function: { name: string } }[];
    };
    expect(sent.messages.at(-1)!.content).toContain('【Sender: User】\nhi');
    expect(sent.tools!.map((t) => t.function.name)).toEqual([
      'transfer_to_b',
      'ask_b',
      'remember',
      'room_log',
    ]);
  });

  it('transfer: A hands on to B, whose answer reaches the user', async () => {
    fake.enqueue(
      { body: toolCall('transfer_to_b', { message: 'B, please answer' }) },
      { body: text('answer from B') },
    );
    await v.ok('send_user_message', { to: 'a', content: 'question' });
    const messages = await waitForReplyToUser();
    expect(messages.filter((m) => m.from.kind !== 'system').map(route)).toEqual([
      'user->a',
      'a->b',
      'b->user',
    ]);
    const toB = fake.requests[1]!.body as { messages: { content: string }[] };
    expect(toB.messages.at(-1)!.content).toContain('【Sender: A】\nB, please answer');
  });

  it('ask: B answers A as a tool result, and A replies to the user', async () => {
    fake.enqueue(
      { body: toolCall('ask_b', { message: 'what is the capital?' }) },
      { body: text('Paris') },
      { body: text('B says Paris') },
    );
    await v.ok('send_user_message', { to: 'a', content: 'capital?' });
    const messages = await waitForReplyToUser();
    expect(messages.filter((m) => m.from.kind !== 'system').map(route)).toEqual([
      'user->a',
      'a->b',
      'b->a',
      'a->user',
    ]);
    const third = fake.requests[2]!.body as {
      messages: { role: string; content: string; tool_call_id?: string }[];
    };
    expect(third.messages.at(-1)).toMatchObject({
      role: 'tool',
      content: 'Paris',
      tool_call_id: 'call_ask_b',
    });
    const world = await v.ok<{
      agents: { id: string; totalTokens: number; lastPromptTokens: number | null }[];
    }>('get_world');
    expect(world.agents.find((a) => a.id === 'a')).toMatchObject({
      totalTokens: 68 + 55,
      lastPromptTokens: 50,
    });
  });
});

describe('conversation commands over the API', () => {
  it('answers the runtime errors with their codes and statuses', async () => {
    const again = await v.call('start_agent', { agentId: 'a' });
    expect(again).toMatchObject({ status: 409, body: { code: 'ALREADY_RUNNING', agentId: 'a' } });
    await v.ok('stop_agent', { agentId: 'b' });
    const stopped = await v.call('send_user_message', { to: 'b', content: 'hi' });
    expect(stopped).toMatchObject({ status: 409, body: { code: 'NOT_RUNNING' } });
    expect(await v.call('stop_agent', { agentId: 'b' })).toMatchObject({
      status: 409,
      body: { code: 'NOT_RUNNING' },
    });
    expect(await v.call('send_user_message', { to: 'nobody', content: 'hi' })).toMatchObject({
      status: 404,
      body: { code: 'AGENT_NOT_FOUND' },
    });
    expect(await v.call('send_user_message', { to: 'a', content: '   ' })).toMatchObject({
      status: 400,
      body: { code: 'INVALID_ARGUMENT' },
    });
    expect(await v.ok('interrupt_all')).toEqual({ interrupted: 0 });
    expect(await v.ok('list_plan_waves')).toEqual([]);
    expect(await v.ok('interrupt_turn', { agentId: 'a' })).toEqual({ interrupted: false });
    expect((await v.call('list_messages', { limit: 0 })).status).toBe(400);
    const world = await v.ok<{ agents: { id: string; status: string }[] }>('get_world');
    expect(world.agents.map((x) => [x.id, x.status])).toEqual([
      ['a', 'running'],
      ['b', 'idle'],
    ]);
  });

  it('interrupts a turn waiting on a slow provider through the API, and deletes a running agent', async () => {
    fake.enqueue({ delayMs: 300, body: toolCall('remember', { note: 'x' }) });
    await v.ok('send_user_message', { to: 'a', content: 'slow' });
    for (let i = 0; i < 100 && fake.requests.length === 0; i += 1) await new Promise((r) => setTimeout(r, 5));
    expect(await v.ok('interrupt_turn', { agentId: 'a' })).toEqual({ interrupted: true });
    const messages = await (async () => {
      for (let i = 0; i < 200; i += 1) {
        const list = await v.ok<AgentMessage[]>('list_messages');
        if (list.some((m) => m.from.kind === 'system' && m.content.includes('Interrupted'))) return list;
        await new Promise((r) => setTimeout(r, 10));
      }
      throw new Error('no interrupt line');
    })();
    expect(messages.filter((m) => m.from.kind === 'agent')).toHaveLength(0);
    await v.ok('delete_agent', { agentId: 'a' });
    const world = await v.ok<{ agents: { id: string }[] }>('get_world');
    expect(world.agents.map((x) => x.id)).toEqual(['b']);
  });
});
