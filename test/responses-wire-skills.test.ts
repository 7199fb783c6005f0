/**
 * What only one Responses wire has, through a real village and the app's HTTP client against the
 * fake provider: the search instrument lines (`openai search:`, `xai search:`, `pplx tools:`), xAI's
 * X search run server-side, OpenAI's reasoning settings and its encrypted reasoning carried between
 * the calls of one turn, Perplexity's finance search.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { FakeProvider } from './fakes/fake-provider.ts';
import {
  functionCallItem,
  perplexityFinanceReply,
  reasoningReply,
  responsesText,
  xaiSearchReply,
} from './fakes/responses-replies.ts';
import {
  inputItems,
  RESPONSES_CASES,
  SEARCH,
  sentBody,
  startResponsesServant,
} from './helpers/responses-cases.ts';
import {
  askServant,
  closeResponsesTestbed,
  fromPrefix,
  openResponsesTestbed,
  waitForLog,
} from './helpers/responses-village.ts';
import type { TestVillage } from './helpers/village-server.ts';

let v: TestVillage;
let fake: FakeProvider;
beforeEach(async () => ({ v, fake } = await openResponsesTestbed()));
afterEach(() => closeResponsesTestbed({ v, fake }));

const ask = (content: string, answer: string) => askServant(v, content, answer);

describe('the instrument lines of a search call', () => {
  const byProvider = Object.fromEntries(RESPONSES_CASES.map((c) => [c.provider, c]));

  it('OpenAI: `openai search:` with the action counts, the sources and the queries', async () => {
    const c = byProvider.open_ai_responses!;
    await startResponsesServant(v, fake, c, c.searchToggle);
    fake.enqueue({ body: c.searchReply(SEARCH) });
    await ask('how many wells?', SEARCH.text);
    const [line] = await waitForLog(v, 'openai search:');
    // No URL-less api sources here: api_names is written empty (the wire's documented choice).
    expect(fromPrefix(line!, 'openai search:')).toBe(
      'openai search: calls=1 actions=search:1,open_page:0,find_in_page:0 sources=2 queries=1 api_sources=0 api_names=',
    );
    // The `include` that asks for the sources of a search action (ledger openai_responses).
    expect(sentBody(fake, 0).include).toContain('web_search_call.action.sources');
  });

  it('xAI: `xai search: agent=…` on the call that searched only', async () => {
    const c = byProvider.xai_responses!;
    await startResponsesServant(v, fake, c, c.searchToggle);
    fake.enqueue({ body: responsesText('no search here') });
    await ask('hi', 'no search here');
    fake.enqueue({ body: c.searchReply(SEARCH) });
    await ask('how many wells?', SEARCH.text);
    const lines = await waitForLog(v, 'xai search:');
    expect(lines).toHaveLength(1);
    // The ledger leaves the fields open; these are the xAI wire's (xai-search-note.ts). The recorded
    // bodies carry no cost_in_usd_ticks, so neither does the fake: ticks=none.
    expect(fromPrefix(lines[0]!, 'xai search:')).toBe(
      'xai search: agent=a calls=web:1,x:0 items=web_search_call:1 queries=1 sources=2 tools_used=1 ticks=none',
    );
  });

  it('Perplexity: `pplx tools:` with the item counts, invocations and the tool cost', async () => {
    const c = byProvider.perplexity_responses!;
    await startResponsesServant(v, fake, c, c.searchToggle);
    fake.enqueue({ body: c.searchReply(SEARCH) });
    await ask('how many wells?', SEARCH.text);
    const [line] = await waitForLog(v, 'pplx tools:');
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
    const [line] = await waitForLog(v, 'pplx tools:');
    expect(fromPrefix(line!, 'pplx tools:')).toBe(
      'pplx tools: finance=1 people=0 fetch=0 web=0 sources=3 invocations=finance_search:2 tool_cost_usd=0.010000',
    );
    const [dropped] = await waitForLog(v, 'dropped content blocks:');
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
