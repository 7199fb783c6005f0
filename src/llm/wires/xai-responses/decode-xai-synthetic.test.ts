/** The xAI decoder on hand-made bodies: the cases the recordings do not cover. */
import { describe, expect, it } from 'vitest';
import { isLlmError } from '../../llm-error.ts';
import { body, functionCall, textMessage } from '../responses/responses-test-helpers.ts';
import { xaiResponsesWire } from './index.ts';
import { xaiContext } from './xai-test-helpers.ts';

const decode = (value: unknown) => xaiResponsesWire.decode(value, xaiContext());

const cited = (text: string, urls: string[], extra: Record<string, unknown> = {}) =>
  textMessage(text, {
    content: [
      {
        type: 'output_text',
        text,
        annotations: urls.map((url) => ({
          type: 'url_citation',
          url,
          start_index: 0,
          end_index: 0,
          ...extra,
        })),
      },
    ],
  });

describe('xaiResponsesWire.decode (synthetic)', () => {
  it('a function call beside a search: our ToolCall, the search stays grounding', () => {
    const response = decode(
      body([
        {
          type: 'web_search_call',
          id: 'ws_1',
          status: 'completed',
          action: { type: 'search', query: 'tokyo weather' },
        },
        functionCall('call_1', 'list_files', '{"path":"."}'),
      ]),
    );
    expect(response.toolCalls).toEqual([{ id: 'call_1', name: 'list_files', arguments: { path: '.' } }]);
    expect(response.finish).toBe('tool_calls');
    expect(response.grounding).toEqual({ queries: ['tokyo weather'], sources: [], engine: 'xai' });
  });

  it('custom_tool_call (x_search) is never a ToolCall; its input query is read', () => {
    const response = decode(
      body([
        {
          type: 'custom_tool_call',
          call_id: 'xs_call_1',
          name: 'x_keyword_search',
          input: '{"query":"grok","limit":"5"}',
        },
        { type: 'custom_tool_call', call_id: 'xs_call_2', name: 'x_keyword_search', input: '{"query": ' },
        textMessage('done'),
      ]),
    );
    expect(response.toolCalls).toEqual([]);
    expect(response.finish).toBe('stop');
    expect(response.text).toBe('done');
    expect(response.grounding).toEqual({ queries: ['grok'], sources: [], engine: 'xai' });
    expect(response.notes?.[0]?.fields).toBe(
      'calls=none items=custom_tool_call:2 queries=1 sources=0 tools_used=none ticks=none',
    );
  });

  it('a search that found nothing keeps an empty sources list (the verdict "no source exists")', () => {
    const response = decode(
      body([{ type: 'web_search_call', action: { query: '' } }, textMessage('none found')]),
    );
    expect(response.grounding).toEqual({ queries: [], sources: [], engine: 'xai' });
  });

  it('sources: every citation once, in order; indexes and action.sources unread', () => {
    const response = decode(
      body([
        {
          type: 'web_search_call',
          action: { type: 'search', query: 'q', sources: [{ type: 'url', url: 'https://only-in-action' }] },
        },
        cited('first', ['https://a', 'https://b', 'https://a'], { start_index: 3, end_index: 1 }),
        cited('second', ['https://b', 'https://c']),
      ]),
    );
    expect(response.text).toBe('first\n\nsecond');
    expect(response.grounding?.sources).toEqual([
      { uri: 'https://a', title: '' },
      { uri: 'https://b', title: '' },
      { uri: 'https://c', title: '' },
    ]);
  });

  it('citations without a search call still ground the answer, and write no note', () => {
    const response = decode(body([cited('text', ['https://a'])]));
    expect(response.grounding).toEqual({
      queries: [],
      sources: [{ uri: 'https://a', title: '' }],
      engine: 'xai',
    });
    expect(response.notes).toBeUndefined();
  });

  it('ticks and the usage search counts go to the note raw', () => {
    const response = decode(
      body([{ type: 'x_search_call', arguments: '{"query":"q"}' }, textMessage('ok')], {
        usage: {
          input_tokens: 10,
          output_tokens: 5,
          num_server_side_tools_used: 2,
          server_side_tool_usage: { SERVER_SIDE_TOOL_X_SEARCH: 2 },
          cost_in_usd_ticks: 158700000,
        },
      }),
    );
    expect(response.notes?.[0]?.fields).toBe(
      'calls=web:0,x:2 items=x_search_call:1 queries=1 sources=0 tools_used=2 ticks=158700000',
    );
    expect(response.usage.prompt).toBe(10);
  });

  it('reasoning: counted, summary kept, never body, and not carried (no encrypted replay on xAI)', () => {
    const response = decode(
      body([
        {
          type: 'reasoning',
          id: 'rs_1',
          summary: [{ type: 'summary_text', text: 'thinking' }],
          encrypted_content: 'x',
        },
        functionCall('call_1', 'list_files', '{}'),
      ]),
    );
    expect(response.reasoningItems).toBe(1);
    expect(response.reasoningSummary).toBe('thinking');
    expect(response.text).toBe('');
    expect(response.toolCalls).toEqual([{ id: 'call_1', name: 'list_files', arguments: {} }]);
  });

  it('unknown kinds are counted, then dropped (#72)', () => {
    const response = decode(body([{ type: 'mcp_call' }, { type: 'mcp_call' }, textMessage('ok')]));
    expect(response.dropped).toEqual({ mcp_call: 2 });
    expect(response.text).toBe('ok');
  });

  it('a body that is not a Responses body is a parse error, not a crash', () => {
    for (const bad of [null, 'text', { output: 'nope' }]) {
      let error: unknown;
      try {
        decode(bad);
      } catch (caught) {
        error = caught;
      }
      expect(isLlmError(error) && error.info.kind === 'parse').toBe(true);
    }
  });
});
