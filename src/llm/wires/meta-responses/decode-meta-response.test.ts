/**
 * Decoding Meta Responses bodies. There are no recorded Meta bodies: the two fixtures are written
 * from the ledger's measured shapes (see __fixtures__/README.md); the search bodies below are
 * synthetic, built in the shared Responses shape, because the ledger records no Meta search reply.
 */
import { describe, expect, it } from 'vitest';
import { LlmError } from '../../llm-error.ts';
import { request } from '../test-request.ts';
import { metaResponsesWire } from './index.ts';
import { fixture, metaContext } from './meta-test-helpers.ts';

const decode = (body: unknown) => metaResponsesWire.decode(body, metaContext({ metaWebSearch: true }));

const message = (text: string, annotations: unknown[] = []) => ({
  type: 'message',
  role: 'assistant',
  status: 'completed',
  content: [{ type: 'output_text', text, annotations }],
});
const searchCall = (query?: string) => ({
  type: 'web_search_call',
  id: 'ws_1',
  status: 'completed',
  ...(query === undefined ? {} : { action: { type: 'search', query } }),
});
const cite = (url: string, title?: string) => ({
  type: 'url_citation',
  url,
  start_index: 0,
  end_index: 4,
  ...(title === undefined ? {} : { title }),
});
const body = (output: unknown[]) => ({
  status: 'completed',
  output,
  usage: { input_tokens: 10, output_tokens: 5 },
});

describe('decode: the bodies written from the ledger', () => {
  it('reasoning + message: the text, and the ledger’s usage example 545 / 113 / 212 / 142 / 757', () => {
    const response = decode(fixture('meta-text-reasoning.json'));
    expect(response.text).toBe('こんにちは、ミュゼです。今日は何をお手伝いしましょうか。');
    expect(response.finish).toBe('stop');
    expect(response.toolCalls).toEqual([]);
    // total_tokens 757 = input 545 + output 212; reasoning 142 is inside output, cached 113 inside input.
    expect(response.usage).toEqual({
      prompt: 545,
      completion: 212,
      cacheRead: 113,
      cacheWrite: 0,
      cacheWrite1h: 0,
      reasoning: 142,
    });
    expect(response.usage.prompt + response.usage.completion).toBe(757);
    expect(response.reasoningItems).toBe(1);
    expect(response.reasoningSummary).toBe('');
    expect(response.grounding).toBeNull();
    expect(response.dropped).toEqual({});
  });

  it('the measured function_call item: call_id, name, arguments parsed from the JSON string', () => {
    const response = decode(fixture('meta-function-call.json'));
    expect(response.finish).toBe('tool_calls');
    // No replay facts (encrypted reasoning is not carried on Meta), so a plain ToolCall.
    expect(response.toolCalls).toEqual([
      { id: 'call_meta_ledger_0002', name: 'get_weather', arguments: { city: '東京' } },
    ]);
    expect(response.text).toBe('');
  });

  it('the decoded call goes back as function_call + a string function_call_output, nothing carried', () => {
    const [call] = decode(fixture('meta-function-call.json')).toolCalls;
    const next = metaResponsesWire.encode(
      request({
        messages: [
          { role: 'user', content: '東京の天気は?' },
          { role: 'assistant', content: '', toolCalls: [call!] },
          { role: 'tool', toolCallId: call!.id, toolName: call!.name, content: '{"sky":"晴れ"}' },
        ],
      }),
      metaContext(),
    ) as { input: unknown[] };
    expect(next.input).toEqual([
      { role: 'user', content: '東京の天気は?' },
      {
        type: 'function_call',
        call_id: 'call_meta_ledger_0002',
        name: 'get_weather',
        arguments: '{"city":"東京"}',
      },
      // A string, even when it reads as JSON: an object is Meta's 400 `input[2].output did not match`.
      { type: 'function_call_output', call_id: 'call_meta_ledger_0002', output: '{"sky":"晴れ"}' },
    ]);
  });
});

describe('decode: grounding, engine meta (synthetic bodies in the shared shape)', () => {
  it('url_citation annotations become sources in order, de-duplicated by URL; the query from action.query', () => {
    const response = decode(
      body([
        searchCall('東京 天気 今日'),
        message('晴れです。', [
          cite('https://weather.example/tokyo', '東京の天気'),
          cite('https://news.example/a', 'ニュース'),
          cite('https://weather.example/tokyo', 'again'),
        ]),
      ]),
    );
    expect(response.grounding).toEqual({
      queries: ['東京 天気 今日'],
      sources: [
        { uri: 'https://weather.example/tokyo', title: '東京の天気' },
        { uri: 'https://news.example/a', title: 'ニュース' },
      ],
      engine: 'meta',
    });
    expect(response.text).toBe('晴れです。');
    // The search call is read, not dropped.
    expect(response.dropped).toEqual({});
  });

  it('a search with no citation and no query keeps empty sources: the verdict "no source returned"', () => {
    expect(decode(body([searchCall(), message('分かりません。')])).grounding).toEqual({
      queries: [],
      sources: [],
      engine: 'meta',
    });
  });

  it('action.sources is not read (unmeasured on Meta; only annotations are sources)', () => {
    const call = {
      ...searchCall('q'),
      action: {
        type: 'search',
        query: 'q',
        sources: [{ type: 'url', url: 'https://only-in-action.example' }],
      },
    };
    expect(decode(body([call, message('x')])).grounding?.sources).toEqual([]);
  });

  it('a citation without a title keeps "" as the title; a citation without a URL is no source', () => {
    const response = decode(
      body([message('x', [cite('https://a.example'), { type: 'url_citation', title: 't' }])]),
    );
    expect(response.grounding?.sources).toEqual([{ uri: 'https://a.example', title: '' }]);
  });

  it('no search call and no citation: not grounded', () => {
    expect(decode(body([message('x')])).grounding).toBeNull();
  });
});

describe('decode: the rest of the shared walk on Meta', () => {
  it('an unknown output kind is counted into dropped, never silently lost', () => {
    const response = decode(body([{ type: 'meta_trace', id: 'x' }, message('ok')]));
    expect(response.dropped).toEqual({ meta_trace: 1 });
    expect(response.text).toBe('ok');
  });

  it('a reasoning summary, should Meta send one, goes to reasoningSummary (never into the text)', () => {
    const response = decode(
      body([
        { type: 'reasoning', summary: [{ type: 'summary_text', text: '天気を調べる' }] },
        message('晴れ'),
      ]),
    );
    expect(response.reasoningSummary).toBe('天気を調べる');
    expect(response.reasoningItems).toBe(1);
    expect(response.text).toBe('晴れ');
  });

  it('incomplete at max_output_tokens reads as length (the empty-text case the ledger observed)', () => {
    const response = decode({
      status: 'incomplete',
      incomplete_details: { reason: 'max_output_tokens' },
      output: [{ type: 'reasoning', summary: [] }],
      usage: { input_tokens: 900, output_tokens: 1024, output_tokens_details: { reasoning_tokens: 1024 } },
    });
    expect(response.finish).toBe('length');
    expect(response.text).toBe('');
  });

  it('arguments that are not JSON, or a body without output, are a parse error', () => {
    const bad = body([{ type: 'function_call', call_id: 'c', name: 'f', arguments: '{nope' }]);
    expect(() => decode(bad)).toThrow(LlmError);
    expect(() => decode({ status: 'completed' })).toThrow(LlmError);
  });
});
