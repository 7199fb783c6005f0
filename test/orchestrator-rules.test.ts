import { afterEach, describe, expect, it } from 'vitest';
import type { AgentId } from '../src/domain/ids.ts';
import type { AgentTool } from '../src/orchestrator/tool.ts';
import { routingTools } from '../src/orchestrator/synthetic-tools.ts';
import { makeOrchestra, type Orchestra } from './helpers/orchestra.ts';
import { call, calls, say } from './fakes/scripted-model.ts';

let o: Orchestra;
afterEach(async () => {
  await o.close();
});
const id = (s: string) => s as AgentId;
const tool = (name: string, run: () => string, spec = true): AgentTool => ({
  name,
  wantsReason: true,
  specFor: () => {
    if (!spec) throw new Error('spec exploded');
    return { name, description: name, parameters: { type: 'object', properties: {} } };
  },
  execute: async () => run(),
});
const waitFor = async (check: () => boolean) => {
  for (let i = 0; i < 400 && !check(); i += 1) await new Promise((r) => setTimeout(r, 5));
};

describe('robustness', () => {
  it('an exception escaping a turn fails that turn only; the asker gets an answer and the inbox keeps serving', async () => {
    o = await makeOrchestra({
      tools: { toolsFor: (agent) => (agent === 'b' ? [tool('bad', () => '', false)] : []) },
    });
    const a = await o.agent('a');
    const b = await o.agent('b');
    await o.connect('a', 'b');
    await o.start('a', 'b');
    a.script(call('ask_b', { message: 'q' }), (req) => say(`a got: ${req.messages.at(-1)!.content}`));
    o.orch.sendUserMessage(id('a'), 'go');
    await o.idle();
    expect(o.orch.messages.list().at(-1)!.content).toMatch(/^a got: /);
    expect(o.lines('WARN turn crashed: agent=b')).toHaveLength(1);
    // b still serves its inbox (the crash came from building its tools; fix the tool and go on).
    expect(o.orch.statusOf(id('b'))).toBe('running');
    expect(b.requests).toHaveLength(0);
  });

  it('close() interrupts running turns and starts no queued one', async () => {
    o = await makeOrchestra();
    const a = await o.agent('a');
    await o.start('a');
    a.fallback = (_req, options) =>
      new Promise((resolve) => options.signal?.addEventListener('abort', () => resolve(call('x', {}))));
    o.orch.sendUserMessage(id('a'), 'one');
    o.orch.sendUserMessage(id('a'), 'two');
    await waitFor(() => a.requests.length === 1);
    await o.orch.close();
    expect(a.requests).toHaveLength(1);
    expect(o.orch.statusOf(id('a'))).toBe('idle');
  });

  it('a stop during a slow start wins', async () => {
    o = await makeOrchestra();
    const model = await o.agent('a');
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    o.models.set('a', { name: () => 'slow', chat: (req, opt) => model.chat(req, opt) });
    const original = o.orch.backendFor.bind(o.orch);
    o.orch.backendFor = async (t) => {
      await gate;
      return original(t);
    };
    const starting = o.orch.startAgent(id('a'));
    await waitFor(() => o.orch.statusOf(id('a')) === 'starting');
    await o.orch.stopAgent(id('a'));
    release();
    await starting;
    expect(o.orch.statusOf(id('a'))).toBe('idle');
  });

  it('routing tool names never clash, even with fallbacks', () => {
    const long = 'x'.repeat(60) as AgentId;
    const names = routingTools([id('agent_1'), long], true).map((t) => t.name);
    expect(new Set(names).size).toBe(names.length);
    expect(names.every((n) => n.length <= 64)).toBe(true);
  });
});

describe('stop precedence and summaries', () => {
  it('an interrupt during a round whose calls would all be blocked closes as interrupted, not repeat', async () => {
    o = await makeOrchestra({ tools: { toolsFor: () => [tool('read', () => 'same')] } });
    const a = await o.agent('a');
    await o.start('a');
    a.script(
      call('read', {}),
      call('read', {}),
      (_req, options) =>
        new Promise((resolve) => options.signal?.addEventListener('abort', () => resolve(call('read', {})))),
    );
    o.orch.sendUserMessage(id('a'), 'go');
    await waitFor(() => a.requests.length === 3);
    o.orch.interruptTurn(id('a'));
    await o.idle();
    expect(o.sink.turns.at(-1)!.stop).toEqual({ kind: 'interrupted' });
    expect(o.events.filter((e) => e.type === 'turnInterrupted')).toHaveLength(1);
    const line = o.orch.messages.list().at(-1)!.content;
    expect(line).toMatch(/^A: Interrupted \(detected \d+\.\d s after the request\)$/);
  });

  it('a repeat stop makes one call without tools and answers with it', async () => {
    o = await makeOrchestra({ tools: { toolsFor: () => [tool('read', () => 'same')] } });
    const a = await o.agent('a');
    await o.start('a');
    a.script(call('read', {}), call('read', {}), call('read', {}), say('summary of what I found'));
    o.orch.sendUserMessage(id('a'), 'go');
    await o.idle();
    expect(a.requests).toHaveLength(4);
    expect(a.requests[3]!.toolChoice).toBe('none');
    expect(o.orch.messages.list().at(-1)!.content).toBe('summary of what I found');
    expect(o.sink.turns.at(-1)!.stop).toEqual({ kind: 'repeat', tool: 'read' });
  });
});

describe('fan-out and broadcast', () => {
  it('each destination gets its own text; co-recipients and the note only for identical text', async () => {
    o = await makeOrchestra({ language: 'ja' });
    const a = await o.agent('a');
    const b = await o.agent('b');
    const c = await o.agent('c');
    await o.connect('a', 'b', 'c');
    await o.start('a', 'b', 'c');
    a.script(
      calls([
        ['transfer_to_b', { message: 'B: do the tests' }],
        ['transfer_to_c', { message: 'C: write docs' }],
      ]),
    );
    o.orch.sendUserMessage(id('a'), 'split');
    await o.idle();
    expect(b.sentAt(0)).toContain('B: do the tests');
    expect(c.sentAt(0)).toContain('C: write docs');
    // The room log may show a's message to b; what c received after its envelope is its own text.
    const received = (sent: string) => sent.slice(sent.lastIndexOf('【送り手'));
    expect(received(c.sentAt(0))).not.toContain('B: do the tests');
    expect(b.sentAt(0)).not.toContain('同時に届いています');
    expect(o.orch.runtimeIfKnown(id('a'))!.history[0]!.replied).toBe(
      '[→ b] B: do the tests\n[→ c] C: write docs',
    );

    a.script(
      calls([
        ['transfer_to_b', { message: 'same' }],
        ['transfer_to_c', { message: 'same' }],
      ]),
    );
    o.orch.sendUserMessage(id('a'), 'broadcast');
    await o.idle();
    expect(b.sentAt(1)).toContain('（この発言は 2 体へ同時に届いています');
    expect(c.sentAt(1)).toContain('（この発言は 2 体へ同時に届いています');
  });
});

describe('ask edge cases', () => {
  it('an ask times out as a plain result, and the worker still finishes and is logged', async () => {
    o = await makeOrchestra({ askTimeoutSecs: 30 });
    o.orch.askTimeoutSecs = () => 0.05;
    const a = await o.agent('a');
    const b = await o.agent('b');
    await o.connect('a', 'b');
    await o.start('a', 'b');
    b.script(async () => {
      await new Promise((r) => setTimeout(r, 150));
      return say('late answer');
    });
    a.script(call('ask_b', { message: 'q' }), (req) => say(req.messages.at(-1)!.content));
    o.orch.sendUserMessage(id('a'), 'go');
    await o.idle();
    const texts = o.orch.messages.list().map((m) => m.content);
    expect(texts).toContain('No answer came back from b (B) within 0.05 s.');
    expect(texts).toContain('late answer');
  });

  it('interrupting the asker ends its wait at once, even while the worker is busy', async () => {
    o = await makeOrchestra();
    const a = await o.agent('a');
    const b = await o.agent('b');
    await o.connect('a', 'b');
    await o.start('a', 'b');
    let releaseB!: () => void;
    const busy = new Promise<void>((r) => (releaseB = r));
    b.script(async () => {
      await busy;
      return say('b done with the earlier job');
    });
    o.orch.sendUserMessage(id('b'), 'earlier job');
    a.script(call('ask_b', { message: 'q' }), say('never used'));
    o.orch.sendUserMessage(id('a'), 'go');
    await waitFor(() => a.requests.length === 1 && o.orch.messages.list().some((m) => m.content === 'q'));
    o.orch.interruptTurn(id('a'));
    await waitFor(() => o.orch.runtimeIfKnown(id('a'))!.turn === null);
    expect(o.orch.runtimeIfKnown(id('a'))!.turn).toBeNull();
    releaseB();
    await o.idle();
    expect(o.lines('turn folded: agent=b')).toEqual(['turn folded: agent=b hop=1 reply_to=a']);
  });

  it('a spent chain starts no new delivery', async () => {
    o = await makeOrchestra({ tokenBudget: 1000 });
    const a = await o.agent('a');
    const b = await o.agent('b');
    await o.connect('a', 'b');
    await o.start('a', 'b');
    // The first call reserves the whole 1,000 and costs exactly 1,000 (900 + 25 x 4).
    a.script({
      ...call('ask_b', { message: 'q' }),
      usage: { prompt: 900, completion: 25, cacheRead: 0, cacheWrite: 0, cacheWrite1h: 0, reasoning: 0 },
    });
    o.orch.sendUserMessage(id('a'), 'go');
    await o.idle();
    expect(b.requests).toHaveLength(0);
    expect(o.orch.messages.list().some((m) => m.content === 'q')).toBe(false);
    expect(o.sink.turns.at(-1)!.stop.kind).toMatch(/budget_exhausted|reserve_short/);
  });
});

describe('what the prompt carries', () => {
  it('presence notices, the room log excerpt and room_log reads (agents only, never the reader)', async () => {
    o = await makeOrchestra();
    const a = await o.agent('a');
    const b = await o.agent('b');
    const c = await o.agent('c', { hearsRoomLog: false });
    await o.connect('a', 'b');
    await o.start('a', 'b', 'c');
    b.script(say('x'.repeat(300)));
    o.orch.sendUserMessage(id('b'), 'talk');
    await o.idle();
    const long = o.orch.messages.list().find((m) => m.content === 'x'.repeat(300))!;
    a.script(
      (req) => {
        const sent = req.messages.at(-1)!.content;
        const idPrefix = /\[([0-9a-f-]{8,})\]/.exec(sent)![1]!;
        return call('room_log', { id: idPrefix });
      },
      (req) => say(`read ${req.messages.at(-1)!.content.length}`),
    );
    o.orch.sendUserMessage(id('a'), 'look around');
    c.script(say('c'));
    o.orch.sendUserMessage(id('c'), 'hi');
    await o.idle();
    const sentToA = a.sentAt(0);
    expect(sentToA).toContain('started running');
    expect(sentToA).toContain(long.id.slice(0, 8));
    expect(sentToA).not.toContain('talk');
    expect(o.lines('room_log read: ')).toEqual([
      expect.stringMatching(/^room_log read: agent=a id=\S+ outcome=ok chars=300$/),
    ]);
    expect(a.requests[0]!.tools.map((t) => t.name)).toContain('room_log');
    expect(c.requests[0]!.tools.map((t) => t.name)).not.toContain('room_log');
    expect(c.sentAt(0)).not.toContain(long.id.slice(0, 8));
  });

  it('a leaked tool call in the final text is logged, not repaired', async () => {
    o = await makeOrchestra();
    const a = await o.agent('a');
    await o.start('a');
    a.script(
      say(
        '<function_calls><invoke name="grep"><parameter name="q">secret</parameter></invoke></function_calls>',
      ),
    );
    o.orch.sendUserMessage(id('a'), 'go');
    await o.idle();
    const lines = o.lines('text tool call leaked: ');
    expect(lines).toHaveLength(1);
    expect(lines[0]).not.toContain('secret');
  });
});

describe('models without tool support', () => {
  it('[[END]] ends the conversation; without it the answer goes to the first connection', async () => {
    o = await makeOrchestra();
    const a = await o.agent('a');
    const b = await o.agent('b');
    await o.connect('a', 'b');
    await o.village.update((w) => ({
      ...w,
      templates: w.templates.map((t) => (t.model === 'a' ? { ...t, useTools: false } : t)),
    }));
    await o.start('a', 'b');
    a.script(say('passing this on'), say('all done [[END]]'));
    b.script(say('b answers the user'));
    o.orch.sendUserMessage(id('a'), 'first');
    await o.idle();
    expect(a.requests[0]!.tools).toEqual([]);
    expect(a.requests[0]!.system.stable).toContain('[[END]]');
    const routes = o.orch.messages
      .list()
      .filter((m) => m.from.kind !== 'system')
      .map(
        (m) =>
          `${m.from.kind === 'agent' ? m.from.id : m.from.kind}->${m.to.kind === 'agent' ? m.to.id : m.to.kind}`,
      );
    expect(routes).toEqual(['user->a', 'a->b', 'b->user']);
    o.orch.sendUserMessage(id('a'), 'second');
    await o.idle();
    expect(o.orch.messages.list().at(-1)).toMatchObject({ content: 'all done', to: { kind: 'user' } });
  });

  it('agents with connections are told that a reply without a tool call is final', async () => {
    o = await makeOrchestra();
    const a = await o.agent('a');
    await o.agent('b');
    await o.connect('a', 'b');
    await o.start('a');
    o.orch.sendUserMessage(id('a'), 'hi');
    await o.idle();
    expect(a.requests[0]!.system.stable).toContain('A reply without a tool call is your final answer');
  });
});
