import { readFile } from 'node:fs/promises';
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { AgentMessage } from '../src/domain/message.ts';
import type { SessionSearchHit, SessionSummary } from '../src/domain/session.ts';
import { makeTempRoot, removeRoot, startTestVillage, type TestVillage } from './helpers/village-server.ts';

const opened: TestVillage[] = [];
let root: string | null = null;
afterEach(async () => {
  for (const v of opened.splice(0)) await v.close();
  if (root) await removeRoot(root);
  root = null;
});

async function open(language: 'ja' | 'en' = 'en'): Promise<TestVillage> {
  root ??= await makeTempRoot();
  const v = await startTestVillage({ root, language });
  opened.push(v);
  await v.ready();
  return v;
}

/** An echo servant, started: it answers with what it received. */
async function echoServant(v: TestVillage): Promise<void> {
  const { id } = await v.ok<{ id: string }>('upsert_template', {
    template: { name: 'Echo', baseUrl: 'echo:', model: 'echo', credential: 'not_required' },
  });
  await v.ok('create_agent', { spec: { id: 'e', name: 'Echo', modelTemplateId: id } });
  await v.ok('start_agent', { agentId: 'e' });
}

async function say(v: TestVillage, content: string): Promise<void> {
  await v.ok('send_user_message', { to: 'e', content });
  for (let i = 0; i < 300; i += 1) {
    const list = await v.ok<AgentMessage[]>('list_messages');
    if (list.some((m) => m.from.kind === 'agent' && m.content.endsWith(content))) return;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error('no echo');
}

const current = (v: TestVillage) => v.ok<SessionSummary>('current_session');
const ids = async (v: TestVillage) => (await v.ok<SessionSummary[]>('list_sessions')).map((s) => s.id);

function download(v: TestVillage, path: string, token = v.server.token): Promise<Response> {
  return fetch(`${v.server.url}/api/sessions/${path}`, { headers: { authorization: `Bearer ${token}` } });
}

describe('rename_session', () => {
  it('renames, announces it on the events socket, keeps it over the first request, refuses bad titles', async () => {
    const v = await open();
    await echoServant(v);
    const frames: { type: string; sessionId?: string; title?: string }[] = [];
    const ws = new WebSocket(`ws://127.0.0.1:${v.server.port}/api/events?token=${v.server.token}`);
    ws.on('message', (d) => frames.push(JSON.parse(String(d))));
    await new Promise((r) => ws.once('open', r));
    const session = await current(v);
    const renamed = await v.ok<SessionSummary>('rename_session', {
      sessionId: session.id,
      title: '  Travel plans  ',
    });
    expect(renamed).toMatchObject({ id: session.id, meta: { title: 'Travel plans' } });
    for (let i = 0; i < 100 && !frames.some((f) => f.type === 'sessionRenamed'); i += 1) {
      await new Promise((r) => setTimeout(r, 10));
    }
    expect(frames.find((f) => f.type === 'sessionRenamed')).toEqual({
      type: 'sessionRenamed',
      sessionId: session.id,
      title: 'Travel plans',
    });
    await say(v, 'book a train to Kyoto');
    expect((await current(v)).meta.title).toBe('Travel plans');

    for (const title of ['', '   ', 'x'.repeat(121), 'two\nlines', 'nul\u0000']) {
      expect(await v.call('rename_session', { sessionId: session.id, title })).toMatchObject({
        status: 400,
        body: { code: 'INVALID_ARGUMENT' },
      });
    }
    expect(await v.call('rename_session', { sessionId: '1-none', title: 'x' })).toMatchObject({
      status: 404,
      body: { code: 'SESSION_NOT_FOUND' },
    });
    ws.close();
  });

  it('titles a fork "… (fork)" in an English village and "…（分岐）" in a Japanese one, counted', async () => {
    const v = await open('ja');
    await echoServant(v);
    await say(v, '京都への旅行を計画して');
    const source = await current(v);
    expect(source.meta.title).toBe('京都への旅行を計画して');
    const [point] = await v.ok<{ atSeq: number }[]>('list_fork_points', { sessionId: source.id });
    const fork = await v.ok<SessionSummary>('fork_session', { sessionId: source.id, atSeq: point!.atSeq });
    // Full-width brackets, as the app's other Japanese lines write them.
    expect(fork.meta.title).toBe('京都への旅行を計画して（分岐）');
    // The fork cuts before the request: asked again there, it is the fork's own fork point.
    await say(v, '大阪への旅行を計画して');
    const [again] = await v.ok<{ atSeq: number }[]>('list_fork_points', { sessionId: fork.id });
    const forkOfFork = await v.ok<SessionSummary>('fork_session', {
      sessionId: fork.id,
      atSeq: again!.atSeq,
    });
    expect(forkOfFork.meta.title).toBe('京都への旅行を計画して（分岐 2）');
    // A new village in another folder, detected as English.
    await v.close();
    opened.splice(0);
    await removeRoot(root!);
    root = null;
    const w = await open('en');
    await echoServant(w);
    await say(w, 'plan a trip to Kyoto');
    const enSource = await current(w);
    const [enPoint] = await w.ok<{ atSeq: number }[]>('list_fork_points', { sessionId: enSource.id });
    const enFork = await w.ok<SessionSummary>('fork_session', {
      sessionId: enSource.id,
      atSeq: enPoint!.atSeq,
    });
    expect(enFork.meta.title).toBe('plan a trip to Kyoto (fork)');
  });

  it('edit then regenerate: "… (fork 2)", one suffix; a Markdown first request titled by its text', async () => {
    const v = await open('en');
    await echoServant(v);
    await say(v, 'hello');
    await say(v, '# show me **markdown**\n```js\nconst a = 1;\n```');
    const source = await current(v);
    expect(source.meta.title).toBe('hello');
    const request = async (content: string) =>
      (await v.ok<AgentMessage[]>('list_messages')).find(
        (m) => m.from.kind === 'user' && m.content === content,
      )!;
    const edited = await v.ok<{ session: SessionSummary; message: AgentMessage }>('resend_from', {
      sessionId: source.id,
      messageId: (await request('hello')).id,
      content: '## show me `markdown`, edited',
    });
    // The edit forks before the first request: the fork takes the source's title and one suffix.
    expect(edited.session.meta.title).toBe('hello (fork)');
    await say(v, 'next');
    const regenerated = await v.ok<{ session: SessionSummary }>('resend_from', {
      sessionId: edited.session.id,
      messageId: (await request('next')).id,
    });
    expect(regenerated.session.meta.title).toBe('hello (fork 2)');

    // A new chat titled by its first request, Markdown and all: the readable words only.
    await v.ok('reset_conversation');
    await say(v, '# Please review\n```js\nconst a = 1;\n```');
    expect((await current(v)).meta.title).toBe('Please review const a = 1;');
  });
});

describe('search_sessions', () => {
  it('finds Japanese and English text across conversations, forks included, and forgets deleted ones', async () => {
    const v = await open();
    await echoServant(v);
    await say(v, '来週の出張の予定を確認して');
    const first = await current(v);
    await v.ok('reset_conversation');
    await say(v, 'Summarise the quarterly report');
    const second = await current(v);

    const ja = await v.ok<SessionSearchHit[]>('search_sessions', { query: '出張の予定' });
    expect(new Set(ja.map((h) => h.sessionId))).toEqual(new Set([first.id]));
    // The request and the echo's reply both match.
    expect(ja.length).toBe(2);
    const hit = ja[0]!;
    expect(hit.title).toBe('来週の出張の予定を確認して');
    expect(hit.snippet.text.slice(hit.snippet.matchStart, hit.snippet.matchEnd)).toBe('出張の予定');

    const en = await v.ok<SessionSearchHit[]>('search_sessions', { query: 'QUARTERLY' });
    expect(en.map((h) => h.sessionId)).toEqual([second.id, second.id]);
    const short = await v.ok<SessionSearchHit[]>('search_sessions', { query: '出張' });
    expect(short.map((h) => h.sessionId)).toEqual([first.id, first.id]);
    expect(await v.call('search_sessions', { query: '  ' })).toMatchObject({
      status: 400,
      body: { code: 'INVALID_ARGUMENT' },
    });

    const [point] = await v.ok<{ atSeq: number }[]>('list_fork_points', { sessionId: first.id });
    const fork = await v.ok<SessionSummary>('fork_session', { sessionId: first.id, atSeq: point!.atSeq + 1 });
    const withFork = await v.ok<SessionSearchHit[]>('search_sessions', { query: '出張の予定' });
    expect(withFork.filter((h) => h.sessionId === fork.id).length).toBe(1);
    await v.ok('delete_session', { sessionId: first.id });
    const afterDelete = await v.ok<SessionSearchHit[]>('search_sessions', { query: '出張の予定' });
    expect(afterDelete.map((h) => h.sessionId)).toEqual([fork.id]);
  });
});

describe('empty chats', () => {
  it('keeps at most one empty chat: new chat, resume and a restart drop the empty one left behind', async () => {
    const v = await open();
    await echoServant(v);
    await say(v, 'something worth keeping');
    const kept = await current(v);
    const empty1 = await v.ok<SessionSummary>('reset_conversation');
    const empty2 = await v.ok<SessionSummary>('reset_conversation');
    expect(empty2.id).not.toBe(empty1.id);
    expect(await ids(v)).not.toContain(empty1.id);
    expect(new Set(await ids(v))).toEqual(new Set([kept.id, empty2.id]));

    await v.ok('resume_session', { sessionId: kept.id });
    expect(await ids(v)).toEqual([kept.id]);

    // A renamed empty chat is kept: someone named it.
    const named = await v.ok<SessionSummary>('reset_conversation');
    await v.ok('rename_session', { sessionId: named.id, title: 'for later' });
    await v.ok('resume_session', { sessionId: kept.id });
    expect(new Set(await ids(v))).toEqual(new Set([kept.id, named.id]));
    await v.close();
    opened.splice(0);

    // Empty chats left by an older version are pruned at boot (all but the one opened).
    const again = await open();
    const left = await again.ok<SessionSummary>('reset_conversation');
    expect(new Set(await ids(again))).toEqual(new Set([kept.id, named.id, left.id]));
  });
});

describe('export download', () => {
  it('streams the JSONL export_session writes and a readable Markdown, as attachments', async () => {
    const v = await open();
    await echoServant(v);
    await say(v, 'first question');
    await say(v, 'second question');
    const session = await current(v);
    await v.ok('rename_session', { sessionId: session.id, title: 'Q&A: "notes" / 2026' });

    const jsonl = await download(v, `${session.id}.jsonl`);
    expect(jsonl.status).toBe(200);
    expect(jsonl.headers.get('content-type')).toBe('application/x-ndjson; charset=utf-8');
    const disposition = jsonl.headers.get('content-disposition')!;
    expect(disposition).toContain(`attachment; filename="Q&A_ _notes_ _ 2026-${session.id}.jsonl"`);
    expect(disposition).toContain(
      `filename*=UTF-8''${encodeURIComponent(`Q&A_ _notes_ _ 2026-${session.id}`)}.jsonl`,
    );
    const body = await jsonl.text();
    const { path } = await v.ok<{ path: string }>('export_session', { sessionId: session.id });
    expect(body).toBe(await readFile(path, 'utf8'));

    const md = await download(v, `${session.id}.md`);
    expect(md.headers.get('content-type')).toBe('text/markdown; charset=utf-8');
    expect(md.headers.get('content-disposition')).toContain('.md"');
    const text = await md.text();
    expect(text.startsWith('# Q&A: "notes" / 2026\n')).toBe(true);
    expect(text).toMatch(/## You → Echo · \d{4}-\d\d-\d\d \d\d:\d\d\n\nfirst question\n/);
    expect(text).toMatch(/## Fuseforks → You · [^\n]+\n\n> e \(Echo\) /);
    expect(text).toMatch(/## Echo → You · [^\n]+\n\n[\s\S]*second question\n\n---\n/);
    // The join notice, two requests and two replies; the echo servant calls no tool.
    expect(text.endsWith('\n---\n\n5 messages, 0 tool calls\n')).toBe(true);

    expect((await download(v, '1-none.jsonl')).status).toBe(404);
    expect((await download(v, `${session.id}.exe`)).status).toBe(400);
    expect((await download(v, `${session.id}.jsonl`, 'wrong')).status).toBe(401);
  });

  it('names the file after a Japanese title and writes the Markdown in Japanese', async () => {
    const v = await open('ja');
    await echoServant(v);
    await say(v, '議事録をまとめて');
    const session = await current(v);
    const md = await download(v, `${session.id}.md`);
    const disposition = md.headers.get('content-disposition')!;
    expect(disposition).toContain(
      `filename*=UTF-8''${encodeURIComponent(`議事録をまとめて-${session.id}.md`)}`,
    );
    expect(disposition).toContain(`filename="________-${session.id}.md"`);
    const text = await md.text();
    expect(text).toMatch(/^# 議事録をまとめて\n\n開始: /);
    expect(text).toMatch(/## あなた → Echo · /);
    expect(text.endsWith('\n---\n\nメッセージ 3 件、ツール呼び出し 0 件\n')).toBe(true);
  });
});
