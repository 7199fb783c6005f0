/**
 * resend_from over in-process HTTP (issue 22: Edit and Regenerate fork the conversation just before a
 * request and send it again there). Real store in a temp folder, a servant on the fake provider.
 */
import { readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { AgentMessage } from '../src/domain/message.ts';
import type { SessionSummary } from '../src/domain/session.ts';
import { SEND_CONTENT_MAX_CHARS } from '../src/server/body-limits.ts';
import { FakeProvider, textReply } from './fakes/fake-provider.ts';
import { pngBytes, wavBytes } from './helpers/attachment-files.ts';
import {
  makeTempRoot,
  removeRoot,
  startFakeServant,
  startTestVillage,
  type TestVillage,
} from './helpers/village-server.ts';

const opened: TestVillage[] = [];
let root: string | null = null;
let fake: FakeProvider | null = null;
afterEach(async () => {
  for (const v of opened.splice(0)) await v.close();
  if (root) await removeRoot(root);
  root = null;
  await fake?.stop();
  fake = null;
});

async function open(): Promise<{ v: TestVillage; fake: FakeProvider }> {
  root = await makeTempRoot();
  fake = await new FakeProvider().start();
  const v = await startTestVillage({ root });
  opened.push(v);
  await v.ready();
  await startFakeServant(v, fake.baseUrl, { id: 's', name: 'S' });
  return { v, fake };
}

const reply = (text: string) => ({ body: textReply('openai', text) });
const contents = (list: AgentMessage[]) => list.filter((m) => m.from.kind !== 'system').map((m) => m.content);

async function until<T>(what: string, get: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  for (let i = 0; i < 500; i += 1) {
    const value = await get();
    if (done(value)) return value;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** Sends and waits until the servant's answer is in the log; the sent message. */
async function ask(v: TestVillage, content: string, attachment?: unknown): Promise<AgentMessage> {
  const sent = await v.ok<AgentMessage>('send_user_message', { to: 's', content, attachment });
  await answered(v, sent);
  return sent;
}

async function answered(v: TestVillage, request: AgentMessage): Promise<AgentMessage[]> {
  return until(
    'the reply',
    () => v.ok<AgentMessage[]>('list_messages'),
    (list) => list.some((m) => m.from.kind === 'agent' && m.tsMs >= request.tsMs && m.id !== request.id),
  );
}

async function messagesOf(v: TestVillage, sessionId: string): Promise<string[]> {
  await v.ok('resume_session', { sessionId });
  return contents(await v.ok<AgentMessage[]>('list_messages'));
}

describe('resend_from', () => {
  it('edits the second request: a fork before it with the first exchange, the edit and a new reply', async () => {
    const { v, fake } = await open();
    fake.enqueue(reply('answer one'), reply('answer two'), reply('answer edited'));
    await ask(v, 'first question');
    const second = await ask(v, 'second question');
    const old = await v.ok<SessionSummary>('current_session');
    const oldMessages = contents(await v.ok<AgentMessage[]>('list_messages'));
    expect(oldMessages).toEqual(['first question', 'answer one', 'second question', 'answer two']);

    const result = await v.ok<{ session: SessionSummary; message: AgentMessage }>('resend_from', {
      sessionId: old.id,
      messageId: second.id,
      content: 'second question, edited',
    });
    const points = await v.ok<{ atSeq: number; text: string }[]>('list_fork_points', { sessionId: old.id });
    expect(result.session.id).not.toBe(old.id);
    expect(result.session.meta).toMatchObject({
      parentId: old.id,
      forkedAtSeq: points.find((p) => p.text === 'second question')!.atSeq,
      title: 'first question (fork)',
    });
    expect(result.message).toMatchObject({
      content: 'second question, edited',
      to: { kind: 'agent', id: 's' },
    });
    expect((await v.ok<SessionSummary>('current_session')).id).toBe(result.session.id);
    const forked = contents(await answered(v, result.message));
    expect(forked).toEqual(['first question', 'answer one', 'second question, edited', 'answer edited']);
    // The servant saw the first exchange as its history and the edited text, not the old second one.
    const last = fake.requests.at(-1)!.rawBody;
    expect(last).toContain('second question, edited');
    expect(last).toContain('answer one');
    expect(last).not.toContain('answer two');

    const sessions = await v.ok<SessionSummary[]>('list_sessions');
    expect(sessions.find((s) => s.id === old.id)!.meta.title).toBe('first question');
    expect(await messagesOf(v, old.id)).toEqual(oldMessages);
  });

  it('regenerates the last reply: the same request again, the first request of a session is a new chat', async () => {
    const { v, fake } = await open();
    fake.enqueue(reply('answer one'), reply('answer again'));
    const first = await ask(v, 'only question');
    const old = await v.ok<SessionSummary>('current_session');
    // The join notice is seq 0 here; a request at seq 0 is covered by the store-level test below.
    const result = await v.ok<{ session: SessionSummary; message: AgentMessage }>('resend_from', {
      sessionId: old.id,
      messageId: first.id,
    });
    expect(result.message.content).toBe('only question');
    expect(result.message.id).not.toBe(first.id);
    expect(contents(await answered(v, result.message))).toEqual(['only question', 'answer again']);
    expect(await messagesOf(v, old.id)).toEqual(['only question', 'answer one']);
  });

  it('a request first in its session (seq 0, after a new chat) goes to a new chat', async () => {
    const { v, fake } = await open();
    await v.ok('reset_conversation');
    fake.enqueue(reply('answer one'), reply('answer new'));
    const first = await ask(v, 'opening question');
    const old = await v.ok<SessionSummary>('current_session');
    expect(old.meta.recordCount).toBeGreaterThan(0);
    const result = await v.ok<{ session: SessionSummary; message: AgentMessage }>('resend_from', {
      sessionId: old.id,
      messageId: first.id,
      content: 'opening question, edited',
    });
    expect(result.session.id).not.toBe(old.id);
    expect(result.session.meta.parentId).toBeUndefined();
    expect(contents(await answered(v, result.message))).toEqual(['opening question, edited', 'answer new']);
    expect(await messagesOf(v, old.id)).toEqual(['opening question', 'answer one']);
  });

  it('sends the stored file again, and says so when the file is gone', async () => {
    const { v } = await open();
    const bytes = (await pngBytes()).toString('base64');
    const sent = await ask(v, 'look at this', { fileName: 'photo.png', bytes });
    const old = await v.ok<SessionSummary>('current_session');
    const again = await v.ok<{ message: AgentMessage }>('resend_from', {
      sessionId: old.id,
      messageId: sent.id,
    });
    expect(again.message.attachments).toHaveLength(1);
    expect(again.message.attachments![0]!.fileName).toBe('photo.png');
    await answered(v, again.message);

    // Every stored copy removed (the retention sweep's effect): the resend is refused, nothing forks.
    const folder = await findAttachmentsFolder(root!);
    for (const name of await readdir(folder)) await rm(join(folder, name));
    const before = (await v.ok<SessionSummary[]>('list_sessions')).length;
    const current = await v.ok<SessionSummary>('current_session');
    const refused = await v.call('resend_from', { sessionId: current.id, messageId: again.message.id });
    expect(refused).toMatchObject({ status: 404, body: { code: 'ATTACHMENT_NOT_FOUND' } });
    expect(JSON.stringify(refused.body)).toContain('cannot be resent with its file');
    expect((await v.ok<SessionSummary[]>('list_sessions')).length).toBe(before);
    expect((await v.ok<SessionSummary>('current_session')).id).toBe(current.id);
  });

  it('all or nothing: a send refused after the fork removes the fork and stays in the source', async () => {
    const { v, fake } = await open();
    fake.enqueue(reply('answer one'), reply('heard'));
    await ask(v, 'first question');
    // Audio: the OpenAI-compatible wire carries it, so the first send and the resend's checks pass ...
    const voice = await ask(v, 'listen', { fileName: 'voice.wav', bytes: wavBytes().toString('base64') });
    const source = await v.ok<SessionSummary>('current_session');
    const sourceMessages = contents(await v.ok<AgentMessage[]>('list_messages'));
    const before = (await v.ok<SessionSummary[]>('list_sessions')).map((s) => s.id).sort();
    // ... then the servant's template moves to Anthropic, which cannot carry audio.
    await moveToAnthropic(v, fake);
    const frames: { type: string; sessionId?: string }[] = [];
    const ws = new WebSocket(`ws://127.0.0.1:${v.server.port}/api/events?token=${v.server.token}`);
    ws.on('message', (d) => frames.push(JSON.parse(String(d)) as { type: string; sessionId?: string }));
    await new Promise((r) => ws.once('open', r));

    const refused = await v.call('resend_from', { sessionId: source.id, messageId: voice.id });
    expect(refused).toMatchObject({ status: 400, body: { code: 'ATTACHMENT_NOT_CARRIED' } });
    expect((await v.ok<SessionSummary>('current_session')).id).toBe(source.id);
    expect((await v.ok<SessionSummary[]>('list_sessions')).map((s) => s.id).sort()).toEqual(before);
    expect(contents(await v.ok<AgentMessage[]>('list_messages'))).toEqual(sourceMessages);
    // Other windows hear the fork go and the switch back, the switch back last.
    const heard = await until(
      'the delete announced',
      async () => frames.filter((f) => /^session(Switched|Deleted)$/.test(f.type)),
      (list) => list.some((f) => f.type === 'sessionDeleted'),
    );
    ws.close();
    const forkId = heard.find((f) => f.type === 'sessionDeleted')!.sessionId!;
    expect(forkId).not.toBe(source.id);
    expect(heard.filter((f) => f.type === 'sessionSwitched').map((f) => f.sessionId)).toEqual([
      forkId,
      source.id,
    ]);
    expect(await v.call('resume_session', { sessionId: forkId })).toMatchObject({
      status: 404,
      body: { code: 'SESSION_NOT_FOUND' },
    });
    expect(fake.requests).toHaveLength(2);
  });

  it('all or nothing for a request first in its session: the new chat is removed again', async () => {
    const { v, fake } = await open();
    await v.ok('reset_conversation');
    fake.enqueue(reply('heard'));
    const voice = await ask(v, 'listen', { fileName: 'voice.wav', bytes: wavBytes().toString('base64') });
    const source = await v.ok<SessionSummary>('current_session');
    const before = (await v.ok<SessionSummary[]>('list_sessions')).map((s) => s.id).sort();
    await moveToAnthropic(v, fake);
    const refused = await v.call('resend_from', { sessionId: source.id, messageId: voice.id });
    expect(refused).toMatchObject({ status: 400, body: { code: 'ATTACHMENT_NOT_CARRIED' } });
    expect((await v.ok<SessionSummary>('current_session')).id).toBe(source.id);
    expect((await v.ok<SessionSummary[]>('list_sessions')).map((s) => s.id).sort()).toEqual(before);
    expect(contents(await v.ok<AgentMessage[]>('list_messages'))).toEqual(['listen', 'heard']);
  });

  it('all or nothing from another conversation: back to the one open, not to the source', async () => {
    const { v, fake } = await open();
    fake.enqueue(reply('heard'), reply('answer other'));
    const voice = await ask(v, 'listen', { fileName: 'voice.wav', bytes: wavBytes().toString('base64') });
    const source = await v.ok<SessionSummary>('current_session');
    await v.ok('reset_conversation');
    await ask(v, 'other question');
    const other = await v.ok<SessionSummary>('current_session');
    const before = (await v.ok<SessionSummary[]>('list_sessions')).map((s) => s.id).sort();
    await moveToAnthropic(v, fake);
    const refused = await v.call('resend_from', { sessionId: source.id, messageId: voice.id });
    expect(refused).toMatchObject({ status: 400, body: { code: 'ATTACHMENT_NOT_CARRIED' } });
    expect((await v.ok<SessionSummary>('current_session')).id).toBe(other.id);
    expect((await v.ok<SessionSummary[]>('list_sessions')).map((s) => s.id).sort()).toEqual(before);
    expect(contents(await v.ok<AgentMessage[]>('list_messages'))).toEqual(['other question', 'answer other']);
  });

  it('refuses while a turn runs, a message not the person’s, an unknown id, an empty edit', async () => {
    const { v, fake } = await open();
    fake.enqueue(reply('answer one'));
    const first = await ask(v, 'first question');
    const session = await v.ok<SessionSummary>('current_session');
    const agentReply = (await v.ok<AgentMessage[]>('list_messages')).find((m) => m.from.kind === 'agent')!;
    const count = (await v.ok<SessionSummary[]>('list_sessions')).length;

    expect(await v.call('resend_from', { sessionId: session.id, messageId: agentReply.id })).toMatchObject({
      status: 400,
      body: { code: 'INVALID_ARGUMENT' },
    });
    expect(await v.call('resend_from', { sessionId: session.id, messageId: 'nope' })).toMatchObject({
      status: 400,
      body: { code: 'INVALID_ARGUMENT' },
    });
    expect(
      await v.call('resend_from', { sessionId: session.id, messageId: first.id, content: '   ' }),
    ).toMatchObject({ status: 400, body: { code: 'INVALID_ARGUMENT' } });
    expect(
      await v.call('resend_from', {
        sessionId: session.id,
        messageId: first.id,
        content: 'x'.repeat(SEND_CONTENT_MAX_CHARS + 1),
      }),
    ).toMatchObject({ status: 400 });
    expect(await v.call('resend_from', { sessionId: 'missing', messageId: first.id })).toMatchObject({
      status: 404,
      body: { code: 'SESSION_NOT_FOUND' },
    });

    fake.enqueue({ delayMs: 400, body: textReply('openai', 'slow') });
    await v.ok('send_user_message', { to: 's', content: 'slow one' });
    await fake.waitForRequests(2);
    expect(await v.call('resend_from', { sessionId: session.id, messageId: first.id })).toMatchObject({
      status: 409,
      body: { code: 'SESSION_SWITCH_BLOCKED' },
    });
    expect((await v.ok<SessionSummary[]>('list_sessions')).length).toBe(count);
  });
});

/**
 * The servant's template moved to Anthropic, which cannot carry audio: a resend of a voice file passes
 * resend_from's own checks and is refused by the send itself, after the fork was made.
 */
async function moveToAnthropic(v: TestVillage, fake: FakeProvider): Promise<void> {
  const world = await v.ok<{ agents: { id: string; modelTemplateId: string }[] }>('get_world');
  await v.ok('upsert_template', {
    template: {
      id: world.agents.find((a) => a.id === 's')!.modelTemplateId,
      name: 'S model',
      baseUrl: fake.baseUrl,
      model: 'm',
      provider: 'anthropic',
      credential: 'not_required',
    },
  });
}

async function findAttachmentsFolder(dir: string): Promise<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    if (!entry.isDirectory()) continue;
    const path = join(dir, entry.name);
    if (entry.name === 'attachments') return path;
    const inner = await findAttachmentsFolder(path).catch(() => null);
    if (inner !== null) return inner;
  }
  throw new Error(`no attachments folder under ${dir}`);
}
