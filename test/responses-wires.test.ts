/**
 * The four Responses wires end to end below the UI: a real village, the app's real HTTP LLM client,
 * and the fake provider answering `POST {base}/responses` over real HTTP. Per wire: a reply, a tool
 * call round trip, a search whose sources reach the message, a reasoning summary, a 429 retried, and
 * the instrument lines; for OpenAI, the encrypted reasoning carried between the calls of one turn.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { AgentMessage } from '../src/domain/message.ts';
import { FakeProvider } from './fakes/fake-provider.ts';
import {
  functionCallItem,
  messageItem,
  perplexityFinanceReply,
  reasoningReply,
  responsesBody,
  responsesText,
  responsesUsage,
  responsesToolCall,
  xaiSearchReply,
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
  isReply,
  removeRoot,
  startTestVillage,
  waitForMessage,
  type TestVillage,
} from './helpers/village-server.ts';

let fake: FakeProvider;
let v: TestVillage;
beforeEach(async () => {
  fake = await new FakeProvider().start();
  v = await startTestVillage();
  await v.ready();
});
afterEach(async () => {
  await v.close();
  await removeRoot(v.root);
  await fake.stop();
});

function logLines(prefix: string): string[] {
  return readFileSync(join(v.workspace, 'fuseforks.log'), 'utf8')
    .split('\n')
    .filter((line) => line.includes(prefix));
}

/** The log lines with `prefix` once at least one was written (the log is appended as the turn runs). */
async function waitForLog(prefix: string): Promise<string[]> {
  for (let i = 0; i < 200; i += 1) {
    const lines = logLines(prefix);
    if (lines.length > 0) return lines;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error(`no "${prefix}" line in fuseforks.log`);
}

/** The line after its timestamp/level head, from the prefix on. */
const fromPrefix = (line: string, prefix: string) => line.slice(line.indexOf(prefix));

/** The events socket's `messageSent` frames, collected while a test runs. */
async function listenForMessages(): Promise<{ messages: AgentMessage[]; close: () => void }> {
  const ws = new WebSocket(`ws://127.0.0.1:${v.server.port}/api/events?token=${v.server.token}`);
  const messages: AgentMessage[] = [];
  ws.on('message', (data) => {
    const frame = JSON.parse(String(data)) as { type: string; message?: AgentMessage };
    if (frame.type === 'messageSent' && frame.message) messages.push(frame.message);
  });
  await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
  return { messages, close: () => ws.close() };
}

async function ask(content: string, answer: string): Promise<AgentMessage> {
  await v.ok('send_user_message', { to: 'a', content });
  const list = await waitForMessage(v, isReply(answer), `the answer "${answer}"`);
  return list.find(isReply(answer))!;
}

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

  it("usage reaches the servant's counters: prompt, cached and completion as the provider counted them", async () => {
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
    const [line] = await waitForLog('cache: agent=a');
    expect(line).toContain(`model=${c.model} round=1 prompt=50 cached=20 `);
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
    const events = await listenForMessages();
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
    const [line] = await waitForLog('reasoning summary:');
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
    const [line] = await waitForLog('llm retry:');
    expect(fromPrefix(line!, 'llm retry:')).toMatch(
      new RegExp(
        `^llm retry: model=${c.model.replace('/', '\\/')} attempt=1/3 status=429 class=RateLimit code=rate_limit_exceeded hint=- src=none wait=\\d+ms$`,
      ),
    );
  });
});

describe('the instrument lines of a search call', () => {
  const byProvider = Object.fromEntries(RESPONSES_CASES.map((c) => [c.provider, c]));

  it('OpenAI: `openai search:` with the action counts, the sources and the queries', async () => {
    const c = byProvider.open_ai_responses!;
    await startResponsesServant(v, fake, c, c.searchToggle);
    fake.enqueue({ body: c.searchReply(SEARCH) });
    await ask('how many wells?', SEARCH.text);
    const [line] = await waitForLog('openai search:');
    expect(fromPrefix(line!, 'openai search:')).toMatch(
      /^openai search: calls=1 actions=search:1,open_page:0,find_in_page:0 sources=2 queries=1 api_sources=0 api_names=/,
    );
    // The `include` that asks for the sources of a search action (ledger openai_responses).
    expect(sentBody(fake, 0).include).toContain('web_search_call.action.sources');
  });

  it('xAI: `xai search: agent=…`, and none on a call without search', async () => {
    const c = byProvider.xai_responses!;
    await startResponsesServant(v, fake, c, c.searchToggle);
    fake.enqueue({ body: responsesText('no search here') });
    await ask('hi', 'no search here');
    fake.enqueue({ body: c.searchReply(SEARCH) });
    await ask('how many wells?', SEARCH.text);
    const lines = await waitForLog('xai search:');
    expect(lines).toHaveLength(1);
    expect(fromPrefix(lines[0]!, 'xai search:')).toMatch(/^xai search: agent=a \S/);
  });

  it('Perplexity: `pplx tools:` with the item counts, invocations and the tool cost', async () => {
    const c = byProvider.perplexity_responses!;
    await startResponsesServant(v, fake, c, c.searchToggle);
    fake.enqueue({ body: c.searchReply(SEARCH) });
    await ask('how many wells?', SEARCH.text);
    const [line] = await waitForLog('pplx tools:');
    expect(fromPrefix(line!, 'pplx tools:')).toBe(
      'pplx tools: finance=0 people=0 fetch=0 web=1 sources=2 invocations=web_search:1 tool_cost_usd=0.005000',
    );
  });
});

describe.each(['x', 'x_keyword'] as const)('xAI X search answered with a %s call', (kind) => {
  it('x_search goes on the wire, the server-side call is never run as an app tool, the sources are shown', async () => {
    const c = RESPONSES_CASES.find((x) => x.provider === 'xai_responses')!;
    await startResponsesServant(v, fake, c, { xaiXSearch: true });
    fake.enqueue({ body: xaiSearchReply(SEARCH, kind) });
    const reply = await ask('what does X say?', SEARCH.text);
    const tools = sentBody(fake, 0).tools ?? [];
    expect(tools.filter((t) => t.type === 'x_search')).toHaveLength(1);
    expect(tools.filter((t) => t.type === 'web_search')).toHaveLength(0);
    // xAI ran the search itself: one call, no tool round, the answer straight to the user.
    expect(fake.requests).toHaveLength(1);
    expect(reply.grounding).toMatchObject({ engine: 'xai', sources: c.expectedSources });
    expect(reply.grounding!.queries).toEqual([SEARCH.query]);
  });
});

describe('OpenAI reasoning settings from the template', () => {
  it.each([true, false])(
    'effort high, detailed summaries, mode "pro" only with the toggle (on: %s)',
    async (pro) => {
      const c = RESPONSES_CASES.find((x) => x.provider === 'open_ai_responses')!;
      await startResponsesServant(v, fake, c, { effort: 'high', openaiReasoningPro: pro });
      fake.enqueue({ body: responsesText('thought') });
      await ask('think', 'thought');
      const reasoning = sentBody(fake, 0).reasoning as Record<string, unknown>;
      expect(reasoning).toMatchObject({ effort: 'high', summary: 'detailed' });
      if (pro) expect(reasoning.mode).toBe('pro');
      else expect(reasoning).not.toHaveProperty('mode');
      // A reasoning model never gets temperature (the recorded 400).
      expect(sentBody(fake, 0)).not.toHaveProperty('temperature');
    },
  );
});

describe('Perplexity finance search', () => {
  it('sends finance_search with max_steps 5, shows the bare finance URLs as sources, counts skill_loaded', async () => {
    const c = RESPONSES_CASES.find((x) => x.provider === 'perplexity_responses')!;
    await startResponsesServant(v, fake, c, { perplexityFinanceSearch: true });
    const quote = 'https://www.perplexity.ai/finance/NVDA';
    const filings = 'https://www.sec.gov/cgi-bin/browse-edgar?CIK=0001045810';
    fake.enqueue({
      body: perplexityFinanceReply('NVDA is listed.', [
        [[quote, `${quote}/financials`], [filings]],
        [[quote]],
      ]),
    });
    const reply = await ask('NVDA?', 'NVDA is listed.');
    const body = sentBody(fake, 0);
    expect((body.tools ?? []).map((t) => t.type)).toContain('finance_search');
    expect(body.max_steps).toBe(5);
    // Flattened, de-duplicated, the URL as its own title (never an empty-string title).
    expect(reply.grounding).toMatchObject({
      engine: 'perplexity',
      sources: [quote, `${quote}/financials`, filings].map((uri) => ({ uri, title: uri })),
    });
    const [line] = await waitForLog('pplx tools:');
    expect(fromPrefix(line!, 'pplx tools:')).toBe(
      'pplx tools: finance=1 people=0 fetch=0 web=0 sources=3 invocations=finance_search:2 tool_cost_usd=0.010000',
    );
    const [dropped] = await waitForLog('dropped content blocks:');
    expect(fromPrefix(dropped!, 'dropped content blocks:')).toBe(
      'dropped content blocks: kinds=skill_loaded:1 count=1',
    );
  });
});

describe('OpenAI encrypted reasoning', () => {
  it('is carried to the next call of the same turn, before its function_call, and not into the next turn', async () => {
    const c = RESPONSES_CASES.find((x) => x.provider === 'open_ai_responses')!;
    await startResponsesServant(v, fake, c, { effort: 'high' });
    const encrypted = 'gAAAA-fake-encrypted-reasoning-1';
    fake.enqueue(
      { body: reasoningReply([], [functionCallItem('remember', { note: 'n' }, 'call_enc1')], encrypted) },
      { body: responsesText('first turn done') },
      { body: responsesText('second turn done') },
    );
    await ask('remember n', 'first turn done');
    expect(sentBody(fake, 0).include).toContain('reasoning.encrypted_content');
    expect(inputItems(sentBody(fake, 0), 'reasoning')).toEqual([]);

    const second = sentBody(fake, 1);
    const reasoning = inputItems(second, 'reasoning');
    expect(reasoning).toHaveLength(1);
    expect(reasoning[0]!.encrypted_content).toBe(encrypted);
    const call = inputItems(second, 'function_call')[0]!;
    expect(second.input.indexOf(reasoning[0]!)).toBeLessThan(second.input.indexOf(call));

    await ask('and now?', 'second turn done');
    expect(fake.requests).toHaveLength(3);
    const nextTurn = sentBody(fake, 2);
    expect(inputItems(nextTurn, 'reasoning')).toEqual([]);
    expect(fake.requests[2]!.rawBody).not.toContain(encrypted);
  });
});
