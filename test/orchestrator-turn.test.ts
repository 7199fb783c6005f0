import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { AgentId } from '../src/domain/ids.ts';
import { LlmError } from '../src/llm/llm-error.ts';
import { hintTooLongPrefix } from '../src/llm/retry.ts';
import type { AgentTool } from '../src/orchestrator/tool.ts';
import { VillageToolRegistry } from '../src/tools/registry.ts';
import { rememberTool } from '../src/tools/remember/remember-tool.ts';
import { makeOrchestra, type Orchestra } from './helpers/orchestra.ts';
import { call, calls, say } from './fakes/scripted-model.ts';

let o: Orchestra;
afterEach(async () => {
  await o.close();
});
const id = (s: string) => s as AgentId;

/** A registry of test tools offered to every agent. */
function registryOf(...tools: AgentTool[]) {
  return { toolsFor: () => tools };
}

function echoTool(name: string, answer: (args: Record<string, unknown>) => string): AgentTool {
  return {
    name,
    wantsReason: true,
    specFor: () => ({
      name,
      description: name,
      parameters: { type: 'object', properties: { q: { type: 'string' } } },
    }),
    execute: async (args) => answer(args),
  };
}

describe('the turn loop', () => {
  it('replies to the user and stores exactly what was sent as history', async () => {
    o = await makeOrchestra();
    const a = await o.agent('a');
    await o.start('a');
    a.script(say('first reply'), say('second reply'));
    o.orch.sendUserMessage(id('a'), 'one');
    await o.idle();
    o.orch.sendUserMessage(id('a'), 'two');
    await o.idle();
    const second = a.requests[1]!;
    expect(second.messages[0]).toEqual({ role: 'user', content: a.sentAt(0) });
    expect(second.messages[1]).toEqual({ role: 'assistant', content: 'first reply' });
    expect(o.orch.runtimeIfKnown(id('a'))!.history[0]!.sent).toBe(a.sentAt(0));
    expect(o.sink.exchanges.map((x) => x.replied)).toEqual(['first reply', 'second reply']);
    expect(o.sink.turns).toHaveLength(2);
    expect(o.lines('turn: ')[0]).toMatch(
      /^turn: agent=a hop=0 rounds=1\/12 .* prompt=100 cached=0 total=110 reasoning=0 backend=scripted model=a$/,
    );
    expect(o.events.filter((e) => e.type === 'turnRecorded')).toHaveLength(2);
    // The template's wire (open_ai_compat for `echo:`) folds the system prompt into one block.
    expect(o.lines('cache: ')[0]).toMatch(
      /^cache: agent=a model=a round=1 .* cache_write_1h=0 system_blocks=1$/,
    );
  });

  it('writes the reasoning summary line and the wire instrument lines of each call, with the agent', async () => {
    o = await makeOrchestra();
    const a = await o.agent('a');
    await o.start('a');
    a.script(
      {
        ...say('answer'),
        reasoningSummary: '思考 summary',
        reasoningItems: 2,
        notes: [
          { prefix: 'openai search', fields: 'calls=1 actions=search:1,open_page:0,find_in_page:0' },
          { prefix: 'gemini tools', fields: 'url_context=1/1 statuses=success:1' },
        ],
      },
      say('no summary'),
    );
    o.orch.sendUserMessage(id('a'), 'one');
    await o.idle();
    o.orch.sendUserMessage(id('a'), 'two');
    await o.idle();
    expect(o.lines('reasoning summary: ')).toEqual(['reasoning summary: agent=a items=2 chars=10']);
    expect(o.lines('openai search: ')).toEqual([
      'openai search: calls=1 actions=search:1,open_page:0,find_in_page:0',
    ]);
    expect(o.lines('gemini tools: ')).toEqual(['gemini tools: agent=a url_context=1/1 statuses=success:1']);
  });

  it('runs tools, keeps calls and results in pairs, and injects the reason field in one place', async () => {
    o = await makeOrchestra({ tools: registryOf(echoTool('lookup', (args) => `found ${String(args.q)}`)) });
    const a = await o.agent('a');
    await o.start('a');
    a.script(call('lookup', { q: 'x', reason: '  check the thing  ' }), (req) =>
      say(`done: ${req.messages.at(-1)!.content}`),
    );
    o.orch.sendUserMessage(id('a'), 'go');
    await o.idle();
    const tool = a.requests[0]!.tools.find((t) => t.name === 'lookup')!;
    expect(Object.keys((tool.parameters as { properties: object }).properties)).toEqual(['q', 'reason']);
    expect((tool.parameters as { required?: string[] }).required ?? []).not.toContain('reason');
    const round2 = a.requests[1]!.messages;
    expect(round2.at(-2)).toMatchObject({ role: 'assistant', toolCalls: [{ name: 'lookup' }] });
    expect(round2.at(-1)).toMatchObject({ role: 'tool', toolName: 'lookup', content: 'found x' });
    expect(o.orch.messages.list().at(-1)!.content).toBe('done: found x');
    const invoked = o.events.find((e) => e.type === 'toolInvoked');
    expect(invoked).toMatchObject({
      tool: 'lookup',
      ok: true,
      reason: 'check the thing',
      reasonState: 'written',
    });
    // Stamped when the tool returned: after the request, before the answer that follows it.
    const answer = o.orch.messages.list().at(-1)!;
    expect((invoked as { tsMs: number }).tsMs).toBeLessThanOrEqual(answer.tsMs);
    expect((invoked as { tsMs: number }).tsMs).toBeGreaterThan(0);
    expect(o.lines('tool')[0]).toContain('reason_chars=15');
    expect(o.lines('tool').join('\n')).not.toContain('check the thing');
  });

  it('blocks the third identical call with the same result (RepeatGuard), not adjacent-only', async () => {
    o = await makeOrchestra({
      tools: registryOf(
        echoTool('read', () => 'same body'),
        echoTool('other', () => 'o'),
      ),
    });
    const a = await o.agent('a');
    await o.start('a');
    a.script(
      call('read', { q: 'f' }),
      call('other', {}),
      call('read', { q: 'f' }),
      call('read', { q: 'f' }),
      say('gave up'),
    );
    o.orch.sendUserMessage(id('a'), 'go');
    await o.idle();
    expect(o.events.filter((e) => e.type === 'toolRepeatBlocked')).toEqual([
      { type: 'toolRepeatBlocked', agentId: 'a', tool: 'read', repeats: 2 },
    ]);
    expect(o.events.filter((e) => e.type === 'toolLimitReached')).toHaveLength(0);
    expect(o.sink.turns.at(-1)!.stop).toEqual({ kind: 'repeat', tool: 'read' });
  });

  it('answers a tool that was not offered with the ledger text, without toolInvoked', async () => {
    o = await makeOrchestra({ language: 'ja' });
    const a = await o.agent('a');
    await o.start('a');
    a.script(call('rm_everything', {}), (req) => say(req.messages.at(-1)!.content));
    o.orch.sendUserMessage(id('a'), 'go');
    await o.idle();
    expect(o.orch.messages.list().at(-1)!.content).toBe(
      '`rm_everything` というツールはありません。提示された名前から選んでください。',
    );
    expect(o.events.some((e) => e.type === 'toolInvoked')).toBe(false);
  });

  it('at the round limit makes one final call with tool choice none, then the honest fallback', async () => {
    o = await makeOrchestra({ tools: registryOf(echoTool('step', (args) => `step ${String(args.q)}`)) });
    const a = await o.agent('a', { maxToolIterations: 2 });
    await o.start('a');
    let n = 0;
    a.fallback = () => {
      n += 1;
      return call('step', { q: n });
    };
    a.script(call('step', { q: 'a' }), call('step', { q: 'b' }), say(''));
    o.orch.sendUserMessage(id('a'), 'go');
    await o.idle();
    expect(a.requests).toHaveLength(3);
    expect(a.requests[2]!.toolChoice).toBe('none');
    expect(o.events.filter((e) => e.type === 'toolLimitReached')).toEqual([
      { type: 'toolLimitReached', agentId: 'a', maxIterations: 2 },
    ]);
    expect(o.orch.messages.list().at(-1)!.content).toBe(
      'The limit was reached. Raise the limit in settings or split the request.',
    );
    expect(o.sink.turns.at(-1)!.stop).toEqual({ kind: 'tool_limit' });
  });

  it('a tool that throws returns the failure as its result; the conversation goes on', async () => {
    const failing: AgentTool = {
      ...echoTool('broken', () => ''),
      execute: async () => {
        throw new Error('disk on fire');
      },
    };
    o = await makeOrchestra({ tools: registryOf(failing) });
    const a = await o.agent('a');
    await o.start('a');
    a.script(call('broken', {}), (req) => say(req.messages.at(-1)!.content));
    o.orch.sendUserMessage(id('a'), 'go');
    await o.idle();
    expect(o.orch.messages.list().at(-1)!.content).toBe('Tool execution failed: disk on fire');
    expect(o.events.find((e) => e.type === 'toolInvoked')).toMatchObject({ ok: false });
  });

  it('stores an empty answer as （発言なし） in a Japanese village, (no message) in an English one', async () => {
    for (const [language, expected] of [
      ['ja', '（発言なし）'],
      ['en', '(no message)'],
    ] as const) {
      o = await makeOrchestra({ language });
      const a = await o.agent('a');
      await o.start('a');
      a.script({ ...say(''), toolCalls: [], finish: 'stop' });
      o.orch.sendUserMessage(id('a'), 'go');
      await o.idle();
      expect(o.orch.runtimeIfKnown(id('a'))!.history[0]!.replied).toBe(expected);
      // The person sees the same words as the reply.
      expect(o.orch.messages.list().at(-1)!.content).toBe(expected);
      if (language === 'ja') await o.close(); // the last one is closed by afterEach
    }
  });

  it('a failed call closes the turn as failed with both lines and keeps the agent running', async () => {
    o = await makeOrchestra();
    const a = await o.agent('a');
    await o.start('a');
    a.script(new Error('network down'));
    o.orch.sendUserMessage(id('a'), 'go');
    await o.idle();
    expect(o.sink.turns[0]!.stop).toEqual({ kind: 'failed', code: 'INTERNAL' });
    expect(o.lines('turn failed')).toHaveLength(1);
    expect(o.lines('turn: ')[0]).toContain('stop=failed:INTERNAL');
    expect(o.orch.statusOf(id('a'))).toBe('running');
  });

  it("a provider's too-long retry hint reads in the village language on the failure line", async () => {
    for (const [language, expected] of [
      ['en', 'The provider asks to retry in 120 seconds: later'],
      ['ja', 'プロバイダは 120 秒後の再試行を求めています: later'],
    ] as const) {
      o = await makeOrchestra({ language });
      const a = await o.agent('a');
      await o.start('a');
      // What the backend throws for a 429 asking for 120 s (http-backend.ts: the ledger's prefix).
      a.script(
        LlmError.api(`${hintTooLongPrefix(120_000)}: later`, {
          status: 429,
          class: 'RateLimit',
          retryAfterMs: 120_000,
        }),
      );
      o.orch.sendUserMessage(id('a'), 'go');
      await o.idle();
      const system = o.orch.messages.list().filter((m) => m.from.kind === 'system');
      expect(system.map((m) => m.content).some((c) => c.endsWith(expected))).toBe(true);
      if (language === 'en') await o.close(); // the last one is closed by afterEach
    }
  });

  it('a refused key (401/403) says on the failure line to check the template’s API key, like the card', async () => {
    for (const [language, status, hint] of [
      ['en', 401, 'The provider refused the API key (HTTP 401): check the API key of A’s template.'],
      [
        'ja',
        403,
        'プロバイダが API キーを受け付けませんでした(HTTP 403)。A のテンプレートの API キーを確かめてください。',
      ],
    ] as const) {
      o = await makeOrchestra({ language });
      const a = await o.agent('a');
      await o.start('a');
      // What the backend throws for a refused key (http-backend.ts apiError).
      a.script(LlmError.api(`fake answered ${status}: invalid key`, { status, class: 'Auth' }));
      o.orch.sendUserMessage(id('a'), 'go');
      await o.idle();
      const system = o.orch.messages.list().filter((m) => m.from.kind === 'system');
      const failed = system.map((m) => m.content).find((c) => c.includes(`answered ${status}`));
      expect(failed?.split('\n')).toEqual([
        expect.stringContaining(`fake answered ${status}: invalid key`),
        hint,
      ]);
      if (language === 'en') await o.close(); // the last one is closed by afterEach
    }
  });

  it('another provider failure (a 500) carries no key hint', async () => {
    o = await makeOrchestra({ language: 'en' });
    const a = await o.agent('a');
    await o.start('a');
    // A 500 is retried by the client, not by the scripted model: one scripted failure ends the turn.
    a.script(LlmError.api('fake answered 500: boom', { status: 500, class: 'ClientError' }));
    o.orch.sendUserMessage(id('a'), 'go');
    await o.idle();
    const failed = o.orch.messages.list().find((m) => m.content.includes('answered 500'));
    expect(failed?.content).toMatch(/turn failed: fake answered 500: boom$/);
  });

  it('the remember tool appends to Memory.md, which the next turn carries', async () => {
    o = await makeOrchestra({
      tools: (village) => new VillageToolRegistry(village, [rememberTool(village)]),
    });
    const a = await o.agent('a');
    await o.start('a');
    a.script(call('remember', { note: 'The user likes tea.' }), say('noted'), (req) =>
      say(req.system.volatile),
    );
    o.orch.sendUserMessage(id('a'), 'remember this');
    await o.idle();
    const memory = await readFile(join(o.root, 'ws', 'agents', 'a', 'Memory.md'), 'utf8');
    expect(memory).toBe('- The user likes tea.\n');
    o.orch.sendUserMessage(id('a'), 'what do you know?');
    await o.idle();
    expect(a.requests[2]!.system.volatile).toContain('The user likes tea.');
  });
});

describe('calls in one round', () => {
  it('runs every call of a round before the next call', async () => {
    o = await makeOrchestra({ tools: registryOf(echoTool('t', (args) => `r${String(args.q)}`)) });
    const a = await o.agent('a');
    await o.start('a');
    a.script(
      calls([
        ['t', { q: 1 }],
        ['t', { q: 2 }],
      ]),
      say('both'),
    );
    o.orch.sendUserMessage(id('a'), 'go');
    await o.idle();
    const msgs = a.requests[1]!.messages;
    expect(msgs.slice(-2).map((m) => m.content)).toEqual(['r1', 'r2']);
  });
});
