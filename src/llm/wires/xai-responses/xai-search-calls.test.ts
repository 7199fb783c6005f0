import { describe, expect, it } from 'vitest';
import { readXaiSearchCalls, searchCallCount } from './xai-search-calls.ts';
import { xaiSearchQuery } from './xai-search-queries.ts';
import { xaiFixtureItems } from './xai-test-helpers.ts';

describe('xaiSearchQuery: the three shapes', () => {
  it('web_search_call.action.query, a plain string (the ledger measurement)', () => {
    expect(xaiSearchQuery({ type: 'web_search_call', action: { query: 'grok pricing' } })).toBe(
      'grok pricing',
    );
  });

  it('custom_tool_call.input, a JSON string {"query","limit"} (x_search as the ledger saw it)', () => {
    const item = { type: 'custom_tool_call', input: '{"query": "from:xai", "limit": "5"}' };
    expect(xaiSearchQuery(item)).toBe('from:xai');
  });

  it('web_search_call.arguments, a JSON string (what the recorded fixtures send)', () => {
    const item = { type: 'web_search_call', arguments: '{"query":"what is xAI","num_results":5}' };
    expect(xaiSearchQuery(item)).toBe('what is xAI');
  });

  it('action.query wins over the JSON strings; an empty action.query falls through to them', () => {
    expect(
      xaiSearchQuery({ type: 'web_search_call', action: { query: 'a' }, arguments: '{"query":"b"}' }),
    ).toBe('a');
    expect(
      xaiSearchQuery({ type: 'web_search_call', action: { query: '' }, arguments: '{"query":"b"}' }),
    ).toBe('b');
  });

  it.each([
    ['no field at all', { type: 'web_search_call' }],
    [
      'an empty action.query (the x_search stream sends four)',
      { type: 'web_search_call', action: { query: '' } },
    ],
    ['a blank query', { type: 'custom_tool_call', input: '{"query":"   "}' }],
    [
      'input without a query (view_x_video)',
      { type: 'custom_tool_call', input: '{"video_url":"https://v"}' },
    ],
    ['broken JSON', { type: 'custom_tool_call', input: '{"query": ' }],
    ['a JSON array', { type: 'x_search_call', arguments: '["q"]' }],
    ['a non-string query', { type: 'x_search_call', arguments: '{"query": 5}' }],
    ['a bare JSON string', { type: 'x_search_call', arguments: '"q"' }],
  ])('gives up silently on %s', (_, item) => {
    expect(xaiSearchQuery(item)).toBeNull();
  });
});

describe('readXaiSearchCalls: one arm for web_search_call, x_search_call and custom_tool_call', () => {
  it('records which names arrived and how many, with distinct queries in order', () => {
    const reading = readXaiSearchCalls([
      { type: 'web_search_call', action: { query: 'one' } },
      { type: 'message' },
      { type: 'custom_tool_call', input: '{"query":"two"}' },
      { type: 'x_search_call', arguments: '{"query":"one"}' },
      { type: 'function_call', arguments: '{"query":"not a search"}' },
      { type: 'reasoning' },
      { type: 'custom_tool_call', input: '{"video_url":"v"}' },
    ]);
    expect(reading).toEqual({
      kinds: { web_search_call: 1, custom_tool_call: 2, x_search_call: 1 },
      queries: ['one', 'two'],
    });
    expect(searchCallCount(reading)).toBe(4);
  });

  it('nothing searched: no kinds, no queries', () => {
    expect(
      readXaiSearchCalls([{ type: 'message' }, { type: 'code_interpreter_call', arguments: '{}' }]),
    ).toEqual({
      kinds: {},
      queries: [],
    });
  });

  it.each([
    ['xai-web-search-tool.1.json', { web_search_call: 1 }, ['what is xAI']],
    ['xai-x-search-tool.1.json', { x_search_call: 1 }, ['AI artificial intelligence']],
    // Two custom_tool_call (x_keyword_search with a query, view_x_video without) and four
    // web_search_call whose action.query is "": one query, six calls.
    [
      'xai-x-search-tool.completed.json',
      { custom_tool_call: 2, web_search_call: 4 },
      ['from:xai filter:media'],
    ],
    ['xai-code-execution-tool.1.json', {}, []],
    ['xai-text-streaming.completed.json', {}, []],
  ] as const)('recorded %s', (name, kinds, queries) => {
    expect(readXaiSearchCalls(xaiFixtureItems(name))).toEqual({ kinds, queries });
  });
});
