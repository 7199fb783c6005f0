/** Every ledger-shaped fixture (__fixtures__/pplx-*.json) through the whole wire decode. */
import { describe, expect, it } from 'vitest';
import type { ChatResponse } from '../../canonical.ts';
import { LlmError } from '../../llm-error.ts';
import { request } from '../test-request.ts';
import { perplexityResponsesWire } from './index.ts';
import { context, fixture } from './perplexity-test-helpers.ts';

function decode(body: unknown): ChatResponse {
  return perplexityResponsesWire.decode(body, context());
}

function usage(prompt: number, completion: number, cacheRead: number) {
  return { prompt, completion, cacheRead, cacheWrite: 0, cacheWrite1h: 0, reasoning: 0 };
}

describe('decode the fixtures', () => {
  it('web search: text, grounding, cached tokens, the note; results items are not dropped', () => {
    const response = decode(fixture('pplx-web-search.json'));
    expect(response.text).toBe('The current Node.js LTS line is listed on the official releases page.');
    expect(response.finish).toBe('stop');
    expect(response.usage).toEqual(usage(4210, 180, 3968));
    expect(response.grounding?.engine).toBe('perplexity');
    expect(response.grounding?.sources.map((s) => s.uri)).toEqual([
      'https://nodejs.org/en/about/previous-releases',
      'https://github.com/nodejs/release',
    ]);
    expect(response.grounding?.queries).toEqual(['Node.js current LTS release', 'Node.js release schedule']);
    expect(response.dropped).toEqual({});
    expect(response.toolCalls).toEqual([]);
    expect(response.notes).toEqual([
      {
        prefix: 'pplx tools',
        fields: 'finance=0 people=0 fetch=0 web=1 sources=2 invocations= tool_cost_usd=',
      },
    ]);
  });

  it('finance: skill_loaded dropped but counted, flattened sources, cost only in the note', () => {
    const response = decode(fixture('pplx-finance-search.json'));
    expect(response.dropped).toEqual({ skill_loaded: 1 });
    expect(response.grounding?.sources).toHaveLength(3);
    expect(response.grounding?.sources.every((s) => s.title === s.uri)).toBe(true);
    expect(response.usage).toEqual(usage(5120, 240, 3968));
    expect(response.notes?.[0]?.fields).toBe(
      'finance=1 people=0 fetch=0 web=0 sources=3 invocations=finance_search:2 tool_cost_usd=0.010000',
    );
  });

  it('finance without max_steps: an answer with no grounding, the skill_loaded counted, the note written', () => {
    const response = decode(fixture('pplx-finance-skill-only.json'));
    expect(response.text).toBe('I could not retrieve the quote: the tool call was not available.');
    expect(response.grounding).toBeNull();
    expect(response.dropped).toEqual({ skill_loaded: 1 });
    expect(response.notes?.[0]?.fields).toBe(
      'finance=0 people=0 fetch=0 web=0 sources=0 invocations= tool_cost_usd=',
    );
  });

  it('people search', () => {
    const response = decode(fixture('pplx-people-search.json'));
    expect(response.grounding?.queries).toEqual(['Head of Design at Figma']);
    expect(response.grounding?.sources).toHaveLength(2);
    expect(response.notes?.[0]?.fields).toBe(
      'finance=0 people=1 fetch=0 web=0 sources=2 invocations=search_people:1 tool_cost_usd=0.005000',
    );
  });

  it('fetch_url', () => {
    const response = decode(fixture('pplx-fetch-url.json'));
    expect(response.grounding?.sources).toEqual([
      { uri: 'https://en.wikipedia.org/wiki/Perplexity_AI', title: 'Perplexity AI - Wikipedia' },
    ]);
    expect(response.notes?.[0]?.fields).toBe(
      'finance=0 people=0 fetch=1 web=0 sources=1 invocations=fetch_url:1 tool_cost_usd=0.000500',
    );
  });

  it('a function call: a ToolCall with no replay extra, no grounding, no note', () => {
    const response = decode(fixture('pplx-function-call.json'));
    expect(response.finish).toBe('tool_calls');
    expect(response.toolCalls).toEqual([{ id: 'call_01', name: 'list_files', arguments: { path: '.' } }]);
    expect(response.grounding).toBeNull();
    expect(response.notes).toBeUndefined();
  });
});

describe('decode, synthetic bodies', () => {
  it('reads annotations first when a model sends them', () => {
    const response = decode({
      status: 'completed',
      output: [
        { type: 'search_results', results: [{ url: 'https://a.example/', title: 'from results' }] },
        {
          type: 'message',
          content: [
            {
              type: 'output_text',
              text: 'x',
              annotations: [
                { type: 'url_citation', url: 'https://a.example/', title: 'from the annotation' },
              ],
            },
          ],
        },
      ],
    });
    expect(response.grounding?.sources).toEqual([
      { uri: 'https://a.example/', title: 'from the annotation' },
    ]);
  });

  it('reads the cache under the names Perplexity documents when the measured one is absent', () => {
    const response = decode({
      output: [],
      usage: {
        input_tokens: 100,
        output_tokens: 5,
        input_tokens_details: { cache_read_input_tokens: 60, cache_creation_input_tokens: 30 },
      },
    });
    expect(response.usage).toEqual({ ...usage(100, 5, 60), cacheWrite: 30 });
    const measured = decode({
      output: [],
      usage: {
        input_tokens: 100,
        output_tokens: 5,
        input_tokens_details: { cached_tokens: 40, cache_read_input_tokens: 60 },
      },
    });
    expect(measured.usage.cacheRead).toBe(40);
  });

  it('keeps every good element when one is odd (the core would null the whole list)', () => {
    const response = decode({
      output: [
        {
          type: 'finance_results',
          results: [['https://bare.example/'], { sources: [['https://ok.example/']] }],
        },
        {
          type: 'search_results',
          queries: ['q', 7],
          results: [{ url: 'https://a.example/', title: 'A' }, 'odd'],
        },
      ],
      usage: { tool_calls_details: { finance_search: { invocation: 1 }, broken: 'x' } },
    });
    expect(response.grounding?.sources.map((s) => s.uri)).toEqual([
      'https://bare.example/',
      'https://ok.example/',
      'https://a.example/',
    ]);
    expect(response.grounding?.queries).toEqual(['q']);
    expect(response.notes?.[0]?.fields).toContain(' invocations=broken:,finance_search:1 ');
  });

  it('never puts usage.cost into the canonical usage (Spec 45 D10)', () => {
    const body = fixture('pplx-people-search.json');
    expect(Object.keys(decode(body).usage).sort()).toEqual([
      'cacheRead',
      'cacheWrite',
      'cacheWrite1h',
      'completion',
      'prompt',
      'reasoning',
    ]);
  });

  it('a body that is not a Responses body is LlmError parse, never a crash', () => {
    for (const body of [null, 'text', {}, { output: 'x' }, fixture('perplexity-citations.json')]) {
      expect(() => decode(body)).toThrow(LlmError);
      try {
        decode(body);
      } catch (error) {
        expect((error as LlmError).info.kind).toBe('parse');
      }
    }
  });
});

describe('tool round trip', () => {
  it('the decoded call goes back as function_call + function_call_output (a string)', () => {
    const call = decode(fixture('pplx-function-call.json')).toolCalls;
    const body = perplexityResponsesWire.encode(
      request({
        messages: [
          { role: 'user', content: 'ファイルは?' },
          { role: 'assistant', content: '', toolCalls: call },
          { role: 'tool', toolCallId: 'call_01', toolName: 'list_files', content: 'a.txt' },
        ],
      }),
      context(),
    ) as { input: unknown[] };
    expect(body.input).toEqual([
      { role: 'user', content: 'ファイルは?' },
      { type: 'function_call', call_id: 'call_01', name: 'list_files', arguments: '{"path":"."}' },
      { type: 'function_call_output', call_id: 'call_01', output: 'a.txt' },
    ]);
  });
});

describe('errors', () => {
  // The ledger quotes only the words of Perplexity's 400 (`unknown discriminator value`), not its body;
  // the body here is the `{error: {...}}` object the shared reader takes, an assumption, not a recording.
  it('reads the provider message of an error body; a non-JSON body gives nulls', () => {
    const signal = perplexityResponsesWire.errorSignal(
      JSON.stringify({
        error: { message: 'unknown discriminator value', type: 'invalid_request_error', code: 400 },
      }),
    );
    expect(signal.message).toBe('unknown discriminator value');
    expect(perplexityResponsesWire.errorSignal('')).toEqual({
      code: null,
      retryAfterMs: null,
      message: null,
    });
    expect(perplexityResponsesWire.billingAware).toBe(true);
  });
});
