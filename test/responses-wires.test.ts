/**
 * The four Responses wires end to end below the UI: a real village, the app's real HTTP LLM client,
 * and the fake provider answering `POST {base}/responses` over real HTTP. Per wire: a reply, usage
 * in the counters, a tool call round trip, a search whose sources reach the message, the wrap-up call
 * without tools, a reasoning summary, a 401 that quotes the key, a 429 retried.
 * (What only one provider has: responses-wire-skills.test.ts.)
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { FakeProvider } from './fakes/fake-provider.ts';
import {
  messageItem,
  reasoningReply,
  responsesBody,
  responsesText,
  responsesToolCall,
  responsesUsage,
} from './fakes/responses-replies.ts';
import {
  inputItems,
  RESPONSES_CASES,
  RESPONSES_KEY,
  SEARCH,
  sentBody,
  startResponsesServant,
} from './helpers/responses-cases.ts';
import {
  askServant,
  closeResponsesTestbed,
  fromPrefix,
  listenForMessages,
  openResponsesTestbed,
  waitForLog,
} from './helpers/responses-village.ts';
import type { TestVillage } from './helpers/village-server.ts';

let v: TestVillage;
let fake: FakeProvider;
beforeEach(async () => ({ v, fake } = await openResponsesTestbed()));
afterEach(() => closeResponsesTestbed({ v, fake }));

const ask = (content: string, answer: string) => askServant(v, content, answer);

describe.each(RESPONSES_CASES)('the $provider wire in a village', (c) => {
  it('a reply: POST {base}/responses, the key only in its header, store false, no search tool while the toggle is off', async () => {
    await startResponsesServant(v, fake, c);
    fake.enqueue({ body: responsesText('hello from A') });
    const reply = await ask('hi', 'hello from A');
    expect(reply.to).toEqual({ kind: 'user' });
    expect(fake.requests).toHaveLength(1);
    const request = fake.requests[0]!;
    expect(request.path).toBe('/v1/responses');
    expect(request.headers.authorization).toBe(`Bearer ${RESPONSES_KEY}`);
    expect(request.rawBody).not.toContain(RESPONSES_KEY);
    const body = sentBody(fake, 0);
    expect(body.model).toBe(c.model);
    expect(body.store).toBe(false);
    expect(JSON.stringify(body.input)).toContain('hi');
    // The Responses shape only: no chat-completions keys, the one output limit, never tool_choice.
    // max_steps only with Perplexity's finance search (ledger perplexity_responses).
    for (const key of [
      'messages',
      'max_tokens',
      'max_completion_tokens',
      'tool_choice',
      'reasoning_effort',
      'max_steps',
    ])
      expect(body, key).not.toHaveProperty(key);
    expect(typeof body.max_output_tokens).toBe('number');
    const toolTypes = (body.tools ?? []).map((t) => t.type);
    expect(toolTypes).not.toContain(c.searchTool);
    expect(toolTypes.every((type) => type === 'function')).toBe(true);
  });

  it("usage reaches the servant's counters and the statistics: prompt, cached, completion, reasoning", async () => {
    await startResponsesServant(v, fake, c);
    const usage = responsesUsage({
      input_tokens: 50,
      input_tokens_details: { cached_tokens: 20 },
      output_tokens: 7,
      output_tokens_details: { reasoning_tokens: 3 },
      total_tokens: 57,
    });
    fake.enqueue({ body: responsesBody([messageItem('counted')], usage) });
    await ask('hi', 'counted');
    const world = await v.ok<{ agents: Record<string, unknown>[] }>('get_world');
    expect(world.agents.find((a) => a.id === 'a')).toMatchObject({
      totalTokens: 57,
      promptTokens: 50,
      cachedTokens: 20,
      lastPromptTokens: 50,
    });
    const [line] = await waitForLog(v, 'cache: agent=a');
    expect(line).toContain(`model=${c.model} round=1 prompt=50 cached=20 `);
    // The statistics count reasoning inside completion, as the provider reported it.
    let totals: Record<string, number> = {};
    for (let i = 0; i < 300 && !totals.turns; i += 1) {
      ({ totals } = await v.ok<{ totals: Record<string, number> }>('session_stats', {
        scope: { kind: 'all' },
      }));
      if (!totals.turns) await new Promise((r) => setTimeout(r, 10));
    }
    expect(totals).toMatchObject({ turns: 1, prompt: 50, cached: 20, completion: 7, reasoning: 3 });
  });

  it('a tool call round trip: function_call and function_call_output with the same call_id, output a string', async () => {
    await startResponsesServant(v, fake, c);
    fake.enqueue(
      { body: responsesToolCall('remember', { note: 'two wells', reason: 'asked to keep it' }, 'call_rt1') },
      { body: responsesText('noted') },
    );
    await ask('keep this: two wells', 'noted');
    expect(fake.requests).toHaveLength(2);
    // Function tools in the flat Responses form, not chat-completions' nested `function`.
    const remember = sentBody(fake, 0).tools?.find((t) => t.name === 'remember');
    expect(remember).toMatchObject({ type: 'function', name: 'remember' });
    expect(remember).toHaveProperty('parameters');
    expect(remember).not.toHaveProperty('function');

    const second = sentBody(fake, 1);
    const call = inputItems(second, 'function_call');
    const output = inputItems(second, 'function_call_output');
    expect(call).toHaveLength(1);
    expect(call[0]).toMatchObject({ call_id: 'call_rt1', name: 'remember' });
    expect(JSON.parse(call[0]!.arguments as string)).toEqual({
      note: 'two wells',
      reason: 'asked to keep it',
    });
    expect(output).toHaveLength(1);
    expect(output[0]!.call_id).toBe('call_rt1');
    // A string, never an object: Meta answers 400 to an object (ledger §7.6).
    expect(typeof output[0]!.output).toBe('string');
    expect(second.input.indexOf(call[0]!)).toBeLessThan(second.input.indexOf(output[0]!));
  });

  it(`a search: the toggle puts ${c.searchTool} on the wire and the sources reach the message as ${c.engine} grounding`, async () => {
    await startResponsesServant(v, fake, c, c.searchToggle);
    const events = await listenForMessages(v);
    fake.enqueue({ body: c.searchReply(SEARCH) });
    try {
      const reply = await ask('how many wells?', SEARCH.text);
      const tools = sentBody(fake, 0).tools ?? [];
      expect(tools.filter((t) => t.type === c.searchTool)).toHaveLength(1);
      // Function tools stay beside the search tool.
      expect(tools.some((t) => t.type === 'function' && t.name === 'remember')).toBe(true);
      expect(reply.grounding).toMatchObject({ engine: c.engine, sources: c.expectedSources });
      if (c.expectedQueries) expect(reply.grounding!.queries).toEqual(c.expectedQueries);
      await expect
        .poll(() => events.messages.find((m) => m.id === reply.id)?.grounding)
        .toEqual(reply.grounding);
    } finally {
      events.close();
    }
  });

  it('the wrap-up call after the tool limit carries no tools at all, the search tool neither', async () => {
    await startResponsesServant(v, fake, c, c.searchToggle, { maxToolIterations: 1 });
    fake.enqueue(
      { body: responsesToolCall('remember', { note: 'one' }, 'call_lim1') },
      { body: responsesText('wrapped up') },
    );
    await ask('keep going', 'wrapped up');
    expect(fake.requests).toHaveLength(2);
    expect((sentBody(fake, 0).tools ?? []).map((t) => t.type)).toContain(c.searchTool);
    const wrapUp = sentBody(fake, 1);
    expect(wrapUp.tools ?? []).toEqual([]);
    expect(wrapUp).not.toHaveProperty('tool_choice');
    // The round's call and its result still go back, so the model can sum them up.
    expect(inputItems(wrapUp, 'function_call_output')).toHaveLength(1);
  });

  it('a reasoning summary rides on the message, with its `reasoning summary:` line', async () => {
    await startResponsesServant(v, fake, c, { effort: 'high' });
    const summary = 'Counting the wells first.';
    fake.enqueue({ body: reasoningReply([summary], [messageItem('Two wells.')]) });
    const reply = await ask('how many wells?', 'Two wells.');
    expect(reply.reasoningSummary).toBe(summary);
    expect(reply.content).not.toContain(summary);
    const [line] = await waitForLog(v, 'reasoning summary:');
    expect(fromPrefix(line!, 'reasoning summary:')).toBe(
      `reasoning summary: agent=a items=1 chars=${summary.length}`,
    );
  });

  it('a 401 that quotes the key stops the servant with LLM_API, and the key is nowhere the app writes', async () => {
    await startResponsesServant(v, fake, c);
    fake.enqueue({
      status: 401,
      body: {
        error: {
          message: `Incorrect API key provided: ${RESPONSES_KEY}`,
          type: 'invalid_request_error',
          param: null,
          code: 'invalid_api_key',
        },
      },
    });
    await v.ok('send_user_message', { to: 'a', content: 'hi' });
    let agent: { lastError: { code: string } | null } | undefined;
    for (let i = 0; i < 300 && !agent?.lastError; i += 1) {
      const world = await v.ok<{ agents: { id: string; lastError: { code: string } | null }[] }>('get_world');
      agent = world.agents.find((a) => a.id === 'a');
      if (!agent?.lastError) await new Promise((r) => setTimeout(r, 10));
    }
    expect(agent?.lastError).toMatchObject({ code: 'LLM_API' });
    // Not retried: a bad key is not transient.
    expect(fake.requests).toHaveLength(1);
    const written = [
      JSON.stringify(await v.ok('get_world')),
      JSON.stringify(await v.ok('list_messages')),
      readFileSync(join(v.workspace, 'fuseforks.log'), 'utf8'),
    ];
    for (const text of written) expect(text).not.toContain(RESPONSES_KEY);
  });

  it('a 429 is retried with its `llm retry:` line, and the same body is sent again', async () => {
    await startResponsesServant(v, fake, c);
    fake.enqueue(
      {
        status: 429,
        body: {
          error: {
            message: 'Rate limit reached',
            type: 'requests',
            param: null,
            code: 'rate_limit_exceeded',
          },
        },
      },
      { body: responsesText('after the wait') },
    );
    await ask('hi', 'after the wait');
    expect(fake.requests).toHaveLength(2);
    expect(fake.requests[1]!.rawBody).toBe(fake.requests[0]!.rawBody);
    const [line] = await waitForLog(v, 'llm retry:');
    expect(fromPrefix(line!, 'llm retry:')).toMatch(
      new RegExp(
        `^llm retry: model=${c.model.replace('/', '\\/')} attempt=1/3 status=429 class=RateLimit code=rate_limit_exceeded hint=- src=none wait=\\d+ms$`,
      ),
    );
  });
});
