import { readFile } from 'node:fs/promises';
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { AgentMessage } from '../src/domain/message.ts';
import type { SessionSummary } from '../src/domain/session.ts';
import { join } from 'node:path';
import { FakeProvider, openAiToolCall, textReply } from './fakes/fake-provider.ts';
import {
  makeTempRoot,
  removeRoot,
  startFakeServant,
  startTestVillage,
  type TestVillage,
} from './helpers/village-server.ts';

const opened: TestVillage[] = [];
let root: string | null = null;
afterEach(async () => {
  for (const v of opened.splice(0)) await v.close();
  if (root) await removeRoot(root);
  root = null;
});

async function open(): Promise<TestVillage> {
  root ??= await makeTempRoot();
  const v = await startTestVillage({ root });
  opened.push(v);
  await v.ready();
  return v;
}

async function waitForTurns(v: TestVillage, turns: number): Promise<void> {
  const current = await v.ok<SessionSummary>('current_session');
  for (let i = 0; i < 300; i += 1) {
    const stats = await v.ok<{ totals: { turns: number } }>('session_stats', {
      scope: { kind: 'session', sessionId: current.id },
    });
    if (stats.totals.turns >= turns) return;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`fewer than ${turns} turns recorded`);
}

/** An echo servant, started: it answers with what it received. */
async function echoServant(v: TestVillage): Promise<void> {
  const { id } = await v.ok<{ id: string }>('upsert_template', {
    template: { name: 'Echo', baseUrl: 'echo:', model: 'echo', credential: 'not_required' },
  });
  await v.ok('create_agent', { spec: { id: 'e', name: 'Echo', modelTemplateId: id } });
  await v.ok('start_agent', { agentId: 'e' });
}

async function say(v: TestVillage, content: string): Promise<AgentMessage[]> {
  await v.ok('send_user_message', { to: 'e', content });
  for (let i = 0; i < 300; i += 1) {
    const list = await v.ok<AgentMessage[]>('list_messages');
    if (list.some((m) => m.from.kind === 'agent' && m.content.endsWith(content))) return list;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error('no echo');
}

describe('sessions over the API', () => {
  it('persists the conversation and restores log and history after a restart', async () => {
    const first = await open();
    await echoServant(first);
    await say(first, 'remember me');
    const sessions = await first.ok<SessionSummary[]>('list_sessions');
    expect(sessions).toHaveLength(1);
    expect(sessions[0]!.meta.title).toBe('remember me');
    await first.close();
    opened.splice(0);

    const second = await open();
    const restored = await second.ok<AgentMessage[]>('list_messages');
    expect(restored.filter((m) => m.from.kind !== 'system').map((m) => m.content)).toEqual([
      'remember me',
      expect.stringContaining('remember me'),
    ]);
    expect((await second.ok<SessionSummary>('current_session')).id).toBe(sessions[0]!.id);
    await second.ok('start_agent', { agentId: 'e' });
    await say(second, 'and now');
  });

  it('new chat keeps the old session; resume, fork points, fork, export and delete', async () => {
    const v = await open();
    await echoServant(v);
    const frames: string[] = [];
    const ws = new WebSocket(`ws://127.0.0.1:${v.server.port}/api/events?token=${v.server.token}`);
    ws.on('message', (d) => frames.push(JSON.parse(String(d)).type));
    await new Promise((r) => ws.once('open', r));
    await say(v, 'first question');
    await say(v, 'second question');
    const old = await v.ok<SessionSummary>('current_session');

    const fresh = await v.ok<SessionSummary>('reset_conversation');
    expect(fresh.id).not.toBe(old.id);
    await new Promise((r) => setTimeout(r, 30));
    const i = frames.lastIndexOf('conversationCleared');
    expect(frames.slice(i, i + 2)).toEqual(['conversationCleared', 'sessionSwitched']);
    expect(await v.ok<AgentMessage[]>('list_messages')).toEqual([]);
    expect((await v.ok<SessionSummary[]>('list_sessions')).map((s) => s.id)).toContain(old.id);

    await v.ok('resume_session', { sessionId: old.id });
    expect((await v.ok<AgentMessage[]>('list_messages')).some((m) => m.content === 'second question')).toBe(
      true,
    );

    const points = await v.ok<{ atSeq: number; text: string; to?: string }[]>('list_fork_points', {
      sessionId: old.id,
    });
    // The join notice came first (seq 0), so both questions are fork candidates.
    expect(points.map((p) => p.text)).toEqual(['first question', 'second question']);
    expect(points[1]!.to).toBe('e');
    const forked = await v.ok<SessionSummary>('fork_session', { sessionId: old.id, atSeq: points[1]!.atSeq });
    expect(forked.meta).toMatchObject({ parentId: old.id, forkedAtSeq: points[1]!.atSeq });
    const afterFork = await v.ok<AgentMessage[]>('list_messages');
    expect(afterFork.some((m) => m.content === 'first question')).toBe(true);
    expect(afterFork.some((m) => m.content === 'second question')).toBe(false);

    const { path } = await v.ok<{ path: string }>('export_session', { sessionId: old.id });
    const lines = (await readFile(path, 'utf8'))
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(Object.keys(lines[0]!)).toEqual(['session']);
    expect(lines[0].session.id).toBe(old.id);
    expect(
      lines
        .slice(1)
        .every((l: { seq: number; kind: string }) => typeof l.seq === 'number' && typeof l.kind === 'string'),
    ).toBe(true);
    expect(lines.slice(1).map((l: { kind: string }) => l.kind)).toContain('turn');

    const stats = await v.ok<{ totals: { turns: number } }>('session_stats', {
      scope: { kind: 'session', sessionId: old.id },
    });
    expect(stats.totals.turns).toBe(2);
    const all = await v.ok<{ totals: { turns: number }; series: unknown }>('session_stats', {
      scope: { kind: 'all' },
    });
    expect(all.totals.turns).toBeGreaterThanOrEqual(3);
    expect(all.series).toBeNull();

    const current = await v.ok<SessionSummary>('current_session');
    await v.ok('delete_session', { sessionId: current.id });
    const next = await v.ok<SessionSummary>('current_session');
    expect(next.id).not.toBe(current.id);
    expect(await v.call('resume_session', { sessionId: current.id })).toMatchObject({
      status: 404,
      body: { code: 'SESSION_NOT_FOUND' },
    });
    ws.close();
  });

  it('refuses to switch while a turn is in flight, but allows a new chat', async () => {
    const fake = await new FakeProvider().start();
    try {
      const v = await open();
      await startFakeServant(v, fake.baseUrl, { id: 's', name: 'S' });
      const before = await v.ok<SessionSummary>('current_session');
      fake.enqueue({ delayMs: 400 });
      await v.ok('send_user_message', { to: 's', content: 'slow one' });
      for (let i = 0; i < 100 && fake.requests.length === 0; i += 1)
        await new Promise((r) => setTimeout(r, 5));
      const blocked = await v.call('resume_session', { sessionId: before.id });
      expect(blocked).toMatchObject({
        status: 409,
        body: { code: 'SESSION_SWITCH_BLOCKED', retryable: true },
      });
      expect((await v.call('continue_latest')).status).toBe(409);
      expect((await v.call('fork_session', { sessionId: before.id, atSeq: 0 })).status).toBe(409);
      expect((await v.call('delete_session', { sessionId: before.id })).status).toBe(409);
      expect((await v.call('reset_conversation')).status).toBe(200);
    } finally {
      await fake.stop();
    }
  });
});

describe('summarize and continue', () => {
  it('folds each running agent history into its own summary, saved and injected at the next turn', async () => {
    const v = await open();
    await echoServant(v);
    await say(v, 'a long story');
    expect(await v.ok('summarize_session')).toEqual({ summarized: 1 });
    const current = await v.ok<SessionSummary>('current_session');
    const stats = await v.ok<{ totals: { turns: number; cached: number } }>('session_stats', {
      scope: { kind: 'session', sessionId: current.id },
    });
    expect(stats.totals).toMatchObject({ turns: 2, cached: 0 });
    const { path } = await v.ok<{ path: string }>('export_session', { sessionId: current.id });
    const kinds = (await readFile(path, 'utf8'))
      .trim()
      .split('\n')
      .slice(1)
      .map((l) => JSON.parse(l).kind);
    expect(kinds).toContain('summary');
    const list = await say(v, 'continue please');
    const echoed = list.filter((m) => m.from.kind === 'agent').at(-1)!.content;
    // The echo answers with the last user message it was sent: the summary heading leads it.
    expect(echoed).toMatch(/^## The story so far \(summary\)\nSummarize the conversation/);
    const system = (await v.ok<AgentMessage[]>('list_messages'))
      .filter((m) => m.from.kind === 'system')
      .map((m) => m.content);
    expect(system.some((s) => s.startsWith('Summarized the conversation of 1 servant'))).toBe(true);
  });
});

describe('summaries across switches, and a village without a store', () => {
  it('a summary survives a restart and never leaks into a new chat', async () => {
    const first = await open();
    await echoServant(first);
    await say(first, 'story');
    await first.ok('summarize_session');
    await first.close();
    opened.splice(0);
    const second = await open();
    await second.ok('start_agent', { agentId: 'e' });
    const carried = (await say(second, 'after restart'))
      .filter((m) => m.from.kind === 'agent')
      .at(-1)!.content;
    expect(carried.startsWith('## The story so far (summary)')).toBe(true);
    await second.ok('reset_conversation');
    const fresh = (await say(second, 'new chat')).filter((m) => m.from.kind === 'agent').at(-1)!.content;
    expect(fresh).not.toContain('The story so far');
  });

  it('runs without saving when sessions.sqlite cannot be opened, and new chat still clears', async () => {
    root = await makeTempRoot();
    const { mkdir } = await import('node:fs/promises');
    const { join } = await import('node:path');
    await mkdir(join(root, 'workspace', 'sessions.sqlite'), { recursive: true });
    const v = await open();
    const status = await v.ok<{ ready: boolean }>('boot_status');
    expect(status.ready).toBe(true);
    await echoServant(v);
    await say(v, 'not saved');
    expect(await v.ok('reset_conversation')).toBeNull();
    expect(await v.ok<AgentMessage[]>('list_messages')).toEqual([]);
    expect((await v.call('list_sessions')).body).toMatchObject({ code: 'SESSION_STORE_FAILED' });
    const log = await readFile(join(root, 'workspace', 'fuseforks.log'), 'utf8');
    expect(log.match(/WARN session: store not opened/g)).toHaveLength(1);
  });
});

describe('what every turn exit leaves in the session', () => {
  it('a failed turn stores its exchange and turn record, which survive a restart', async () => {
    const fake = await new FakeProvider().start();
    try {
      const first = await open();
      await startFakeServant(first, fake.baseUrl, { id: 'f', name: 'F' });
      fake.enqueue(
        { status: 503, body: '{}' },
        { status: 503, body: '{}' },
        { status: 503, body: '{}' },
        { status: 503, body: '{}' },
      );
      await first.ok('send_user_message', { to: 'f', content: 'will fail' });
      const current = await first.ok<SessionSummary>('current_session');
      for (let i = 0; i < 300; i += 1) {
        const stats = await first.ok<{ totals: { turns: number } }>('session_stats', {
          scope: { kind: 'session', sessionId: current.id },
        });
        if (stats.totals.turns === 1) break;
        await new Promise((r) => setTimeout(r, 20));
      }
      await first.close();
      opened.splice(0);
      const second = await open();
      const { path } = await second.ok<{ path: string }>('export_session', { sessionId: current.id });
      const records = (await readFile(path, 'utf8'))
        .trim()
        .split('\n')
        .slice(1)
        .map((l) => JSON.parse(l));
      expect(records.filter((r) => r.kind === 'turn').map((r) => r.turn.stop)).toEqual([
        { kind: 'failed', code: 'LLM_API' },
      ]);
      expect(records.filter((r) => r.kind === 'exchange').map((r) => r.agentId)).toEqual(['f']);
    } finally {
      await fake.stop();
    }
  });

  it('an interrupted turn and a turn stopped by the budget are stored and survive a restart', async () => {
    const fake = await new FakeProvider().start();
    try {
      const first = await open();
      await startFakeServant(first, fake.baseUrl, { id: 'f', name: 'F' });
      // The call in flight is not cut (the provider bills it); the round boundary after it sees the stop.
      fake.enqueue({ delayMs: 500, body: openAiToolCall('remember', { note: 'x' }) });
      await first.ok('send_user_message', { to: 'f', content: 'slow one' });
      for (let i = 0; i < 300 && fake.requests.length === 0; i += 1)
        await new Promise((r) => setTimeout(r, 10));
      expect(await first.ok('interrupt_turn', { agentId: 'f' })).toEqual({ interrupted: true });
      await waitForTurns(first, 1);
      // A budget below the floor of one reservation: the next turn stops before calling the model.
      await first.ok('set_token_budget', { tokenBudget: 1 });
      await first.ok('send_user_message', { to: 'f', content: 'over budget' });
      await waitForTurns(first, 2);
      const current = await first.ok<SessionSummary>('current_session');
      await first.close();
      opened.splice(0);

      const second = await open();
      const { path } = await second.ok<{ path: string }>('export_session', { sessionId: current.id });
      const records = (await readFile(path, 'utf8'))
        .trim()
        .split('\n')
        .slice(1)
        .map((l) => JSON.parse(l));
      expect(records.filter((r) => r.kind === 'turn').map((r) => r.turn.stop.kind)).toEqual([
        'interrupted',
        'reserve_short',
      ]);
      expect(records.filter((r) => r.kind === 'exchange').map((r) => r.sent)).toEqual([
        expect.stringContaining('slow one'),
        expect.stringContaining('over budget'),
      ]);
      expect(fake.requests).toHaveLength(1);
    } finally {
      await fake.stop();
    }
  });

  it('at boot, histories of deleted agents are dropped with a WARN', async () => {
    const first = await open();
    await echoServant(first);
    await say(first, 'hello');
    await first.ok('delete_agent', { agentId: 'e' });
    await first.close();
    opened.splice(0);
    await open();
    const { join } = await import('node:path');
    const log = await readFile(join(root!, 'workspace', 'fuseforks.log'), 'utf8');
    expect(log).toContain('WARN session: history of deleted agent e dropped');
  });
});

describe('summarize rules', () => {
  it('names agents it skipped because they are not running and writes the summarize line', async () => {
    const v = await open();
    await echoServant(v);
    await say(v, 'hi');
    const { id } = await v.ok<{ id: string }>('upsert_template', {
      template: { name: 'Echo2', baseUrl: 'echo:', model: 'echo2', credential: 'not_required' },
    });
    await v.ok('create_agent', { spec: { id: 'z', name: 'Zed', modelTemplateId: id } });
    await v.ok('start_agent', { agentId: 'z' });
    await v.ok('send_user_message', { to: 'z', content: 'hello z' });
    for (let i = 0; i < 200; i += 1) {
      const list = await v.ok<AgentMessage[]>('list_messages');
      if (list.some((m) => m.from.kind === 'agent' && m.from.id === 'z')) break;
      await new Promise((r) => setTimeout(r, 10));
    }
    await v.ok('stop_agent', { agentId: 'z' });
    expect(await v.ok('summarize_session')).toEqual({ summarized: 1 });
    const system = (await v.ok<AgentMessage[]>('list_messages'))
      .filter((m) => m.from.kind === 'system')
      .at(-1)!;
    expect(system.content).toBe(
      'Summarized the conversation of 1 servant. Not summarized (not running): z (Zed)',
    );
    const { join } = await import('node:path');
    const log = await readFile(join(root!, 'workspace', 'fuseforks.log'), 'utf8');
    expect(log).toMatch(
      /summarize: agent=e model=echo covers_up_to=\d+ folded_msgs=2 folded_chars=\d+ summary_chars=\d+ prompt=\d+ cached=0 total=\d+/,
    );
  });

  it('warns when a summary is not shorter than what it folds, and only then', async () => {
    const fake = await new FakeProvider().start();
    try {
      const v = await open();
      await startFakeServant(v, fake.baseUrl, { id: 'f', name: 'F' });
      fake.enqueue({ body: textReply('openai', 'a long answer '.repeat(20)) });
      await v.ok('send_user_message', { to: 'f', content: 'a long question '.repeat(20) });
      await waitForTurns(v, 1);
      fake.enqueue({ body: textReply('openai', 'short.') });
      expect(await v.ok('summarize_session')).toEqual({ summarized: 1 });
      const logPath = join(root!, 'workspace', 'fuseforks.log');
      let log = await readFile(logPath, 'utf8');
      expect(log).toMatch(
        /summarize: agent=f model=m covers_up_to=\d+ folded_msgs=2 folded_chars=\d+ summary_chars=6 /,
      );
      expect(log).not.toContain('not shorter');

      fake.enqueue({ body: textReply('openai', 'ok') });
      await v.ok('send_user_message', { to: 'f', content: 'hi' });
      await waitForTurns(v, 3);
      // A "summary" that blows one short round trip up (the ledger's example: 1,163 characters).
      fake.enqueue({ body: textReply('openai', 'In this conversation, the user said hi. '.repeat(30)) });
      expect(await v.ok('summarize_session')).toEqual({ summarized: 1 });
      log = await readFile(logPath, 'utf8');
      expect(log.match(/WARN summarize: agent=f summary is not shorter than what it folds/g)).toHaveLength(1);
    } finally {
      await fake.stop();
    }
  });
});

describe('boot with a troubled store', () => {
  it('an unreadable latest session gives one WARN and a new session; the village starts', async () => {
    root = await makeTempRoot();
    const { join } = await import('node:path');
    const { SessionStore, sessionStorePath } = await import('../src/store/index.ts');
    const Database = (await import('better-sqlite3')).default;
    const path = sessionStorePath(join(root, 'workspace'));
    const { mkdir } = await import('node:fs/promises');
    await mkdir(join(root, 'workspace'), { recursive: true });
    const store = SessionStore.open(path);
    const broken = store.createSession('broken');
    store.close();
    // A record of a kind this version does not know: reading it must fail, never be skipped.
    const db = new Database(path);
    db.prepare('INSERT INTO records (session_id, seq, kind, body) VALUES (?, 0, ?, ?)').run(
      broken,
      'mystery',
      '{}',
    );
    db.close();
    const v = await open();
    const current = await v.ok<SessionSummary>('current_session');
    expect(current.id).not.toBe(broken);
    const log = await readFile(join(root, 'workspace', 'fuseforks.log'), 'utf8');
    expect(log.match(/WARN session: the latest session could not be read/g)).toHaveLength(1);
  });

  it('more than 200 sessions is one WARN at boot, nothing deleted', async () => {
    root = await makeTempRoot();
    const { join } = await import('node:path');
    const { mkdir } = await import('node:fs/promises');
    const { SessionStore, sessionStorePath } = await import('../src/store/index.ts');
    await mkdir(join(root, 'workspace'), { recursive: true });
    const store = SessionStore.open(sessionStorePath(join(root, 'workspace')));
    for (let i = 0; i < 201; i += 1) store.createSession(`s${i}`);
    store.close();
    const v = await open();
    expect(await v.ok<SessionSummary[]>('list_sessions')).toHaveLength(201);
    const log = await readFile(join(root, 'workspace', 'fuseforks.log'), 'utf8');
    expect(log.match(/WARN session: .*201 sessions/g)).toHaveLength(1);
  });
});
