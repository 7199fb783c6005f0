/**
 * The recorded OpenAI Responses bodies (../responses/__fixtures__/openai-responses, provenance note
 * there) through this wire, plus synthetic search shapes the recordings lack. The recorded streams
 * (`*.chunks.txt`) belong to the later streaming issue and are not decoded here; the two error bodies
 * are read by errorSignal (below), not decode.
 */
import { describe, expect, it } from 'vitest';
import type { ChatMessage, ChatRequest } from '../../canonical.ts';
import { classifyStatus } from '../../retry.ts';
import { responsesFixture, responsesFixtureText } from '../responses/responses-test-helpers.ts';
import { openAiResponsesWire } from './index.ts';
import { context } from './openai-responses-test-helpers.ts';

/** The input of the next call of the turn, after the given messages. */
function nextCall(messages: ChatMessage[]): { input: unknown[] } {
  const request: ChatRequest = {
    system: { stable: '', volatile: '' },
    messages,
    tools: [],
    toolChoice: 'auto',
    effort: null,
    temperature: null,
    maxOutputTokens: 100,
  };
  return openAiResponsesWire.encode(request, context()) as { input: unknown[] };
}

function decode(body: unknown) {
  return openAiResponsesWire.decode(body, context());
}

function searchBody(calls: unknown[], annotations: unknown[] = []) {
  return {
    status: 'completed',
    output: [
      ...calls,
      { type: 'message', role: 'assistant', content: [{ type: 'output_text', text: 'answer', annotations }] },
    ],
  };
}

describe('decode recorded bodies', () => {
  it('openai-web-search-tool: annotations first (titles), then action.sources; the openai search note', () => {
    const response = decode(responsesFixture('openai-web-search-tool.1.json'));
    const grounding = response.grounding!;
    expect(grounding.engine).toBe('open_ai');
    expect(grounding.queries).toEqual(['tech news today December 5 2025']);
    // 7 distinct cited URLs, then 11 more the search touched (16 sources, 5 already cited).
    expect(grounding.sources).toHaveLength(18);
    expect(grounding.sources[0]).toEqual({
      uri: 'https://www.theverge.com/podcast/838932/openai-chatgpt-code-red-vergecast',
      title: 'Why OpenAI declared a code red for ChatGPT | The Verge',
    });
    expect(grounding.sources.slice(0, 7).every((s) => s.title !== '')).toBe(true);
    expect(grounding.sources[7]).toEqual({
      uri: 'https://www.barrons.com/articles/stock-movers-7c77880d',
      title: '',
    });
    expect(response.notes).toEqual([
      {
        prefix: 'openai search',
        fields:
          'calls=3 actions=search:1,open_page:1,find_in_page:1 sources=18 queries=1 api_sources=0 api_names=',
      },
    ]);
    expect(response.dropped).toEqual({});
    expect(response.reasoningItems).toBe(4);
    expect(response.text.startsWith('Short answer first — yes.')).toBe(true);
    expect(response.usage).toMatchObject({
      prompt: 19681,
      cacheRead: 3712,
      completion: 3773,
      reasoning: 3136,
    });
  });

  it('openai-reasoning-encrypted-content: the detailed summary, no grounding, no note', () => {
    const response = decode(responsesFixture('openai-reasoning-encrypted-content.1.json'));
    expect(response.reasoningSummary.startsWith('**Reporting final result**')).toBe(true);
    expect(response.reasoningItems).toBe(1);
    expect(response.text.endsWith('Final result: 570')).toBe(true);
    expect(response.grounding).toBeNull();
    expect(response).not.toHaveProperty('notes');
  });

  it('openai-phase: commentary and final answer both in the body, no search note (no search call in the body)', () => {
    const response = decode(responsesFixture('openai-phase.1.json'));
    expect(response.text.split('\n\n')[0]).toBe(
      'I\u2019ll quickly check reliable, up-to-date sources (major tech/news outlets and company blogs) to pull the most recent AI headlines for today, then summarize them for you with links.',
    );
    expect(response.finish).toBe('stop');
    expect(response.grounding).toBeNull();
  });

  it('parallel-tool-call-wrapper and openai-custom-tool: calls as the core splits and marks them', () => {
    expect(
      decode(responsesFixture('parallel-tool-call-wrapper.1.json')).toolCalls.map((c) => c.name),
    ).toEqual(['weather', 'cityAttractions']);
    expect(decode(responsesFixture('openai-custom-tool.1.json')).toolCalls).toEqual([
      {
        id: 'call_custom_sql_001',
        name: 'write_sql',
        arguments: { input: 'SELECT * FROM users WHERE age > 25' },
        extra: { responses: { kind: 'custom', itemId: 'ct_abc123def456' } },
      },
    ]);
  });

  it('openai-error: insufficient_quota, Billing (never retried); temperature error: its message', () => {
    const quota = openAiResponsesWire.errorSignal(responsesFixtureText('openai-error.1.json'));
    expect(classifyStatus(429, quota.code, openAiResponsesWire.billingAware)).toBe('Billing');
    const temperature = openAiResponsesWire.errorSignal(
      responsesFixtureText('reasoning-model-temperature-error.json'),
    );
    expect(temperature.message).toBe(
      "Unsupported parameter: 'temperature' is not supported with this model.",
    );
  });
});

describe('search shapes the recordings lack', () => {
  it('URL-less api sources are counted and named, never sources; the empty list is kept as the verdict', () => {
    const response = decode(
      searchBody([
        {
          type: 'web_search_call',
          action: {
            type: 'search',
            query: 'AAPL price',
            sources: [
              { type: 'api', name: 'oai-finance' },
              { type: 'api', name: 'oai-finance' },
              { type: 'api', name: 'oai-weather' },
            ],
          },
        },
        { type: 'web_search_call', action: { type: 'search', query: 'AAPL price' } },
      ]),
    );
    expect(response.grounding).toEqual({ queries: ['AAPL price'], sources: [], engine: 'open_ai' });
    expect(response.notes).toEqual([
      {
        prefix: 'openai search',
        fields:
          'calls=2 actions=search:2,open_page:0,find_in_page:0 sources=0 queries=1 api_sources=3 api_names=oai-finance,oai-weather',
      },
    ]);
  });

  it('a cited URL keeps its title when action.sources repeats it; open_page has no query (queries < calls)', () => {
    const response = decode(
      searchBody(
        [
          {
            type: 'web_search_call',
            action: { type: 'search', query: 'q', sources: [{ type: 'url', url: 'https://a.example/' }] },
          },
          { type: 'web_search_call', action: { type: 'open_page', url: 'https://a.example/' } },
        ],
        [{ type: 'url_citation', url: 'https://a.example/', title: 'A', start_index: 0, end_index: 6 }],
      ),
    );
    expect(response.grounding!.sources).toEqual([{ uri: 'https://a.example/', title: 'A' }]);
    expect(response.notes![0]!.fields).toBe(
      'calls=2 actions=search:1,open_page:1,find_in_page:0 sources=1 queries=1 api_sources=0 api_names=',
    );
  });

  it('a response without search has no note and no grounding', () => {
    const response = decode(searchBody([]));
    expect(response.grounding).toBeNull();
    expect(response).not.toHaveProperty('notes');
  });

  it('encrypted reasoning beside a call is kept for the next call of the turn', () => {
    const reasoning = responsesFixture('openai-reasoning-encrypted-content.1.json').output[0]!;
    const response = decode({
      status: 'completed',
      output: [
        reasoning,
        { type: 'function_call', id: 'fc_1', call_id: 'c1', name: 'calculator', arguments: '{}' },
      ],
    });
    expect(response.toolCalls[0]!.extra).toEqual({
      responses: { kind: 'function', itemId: 'fc_1', after: 1, carried: [reasoning] },
    });
    const next = nextCall([
      { role: 'user', content: 'add' },
      { role: 'assistant', content: '', toolCalls: response.toolCalls },
      { role: 'tool', toolCallId: 'c1', toolName: 'calculator', content: '3' },
    ]);
    expect(next.input).toEqual([
      { role: 'user', content: 'add' },
      reasoning,
      { type: 'function_call', id: 'fc_1', call_id: 'c1', name: 'calculator', arguments: '{}' },
      { type: 'function_call_output', call_id: 'c1', output: '3' },
    ]);
  });

  it('a search before the call goes back in its place: each reasoning item keeps the item it preceded', () => {
    // The recorded web search round (reasoning, web_search_call, reasoning ...) ending in a call of ours.
    // Replaying the reasoning without the search call between them is OpenAI's 400 "Item 'rs_…' of
    // type 'reasoning' was provided without its required following item".
    const encrypted = responsesFixture('openai-reasoning-encrypted-content.1.json').output[0]!;
    const recorded = responsesFixture('openai-web-search-tool.1.json').output;
    const search = recorded.find((item) => item.type === 'web_search_call')!;
    const before = { ...encrypted, id: 'rs_before' };
    const after = { ...encrypted, id: 'rs_after' };
    const call = { type: 'function_call', id: 'fc_1', call_id: 'c1', name: 'calculator', arguments: '{}' };
    const response = decode({ status: 'completed', output: [before, search, after, call] });
    expect(response.grounding?.queries).toEqual(['tech news today December 5 2025']);
    const next = nextCall([
      { role: 'user', content: 'news' },
      { role: 'assistant', content: response.text, toolCalls: response.toolCalls },
      { role: 'tool', toolCallId: 'c1', toolName: 'calculator', content: '3' },
    ]);
    expect(next.input).toEqual([
      { role: 'user', content: 'news' },
      before,
      search,
      after,
      call,
      { type: 'function_call_output', call_id: 'c1', output: '3' },
    ]);
  });

  it('refusal and incomplete answers map as the core does', () => {
    const refusal = decode({
      status: 'completed',
      output: [{ type: 'message', content: [{ type: 'refusal', refusal: 'No.' }] }],
    });
    expect([refusal.text, refusal.finish]).toEqual(['No.', 'content_filter']);
    const cut = decode({
      status: 'incomplete',
      incomplete_details: { reason: 'max_output_tokens' },
      output: [],
    });
    expect(cut.finish).toBe('length');
  });
});
