/**
 * Every recorded xAI Responses body decoded by the wire (./__fixtures__, provenance in its README).
 * The shared set's `.chunks.txt` files are recorded STREAMS: they belong to the later streaming
 * issue and are not decoded as streams here. Two of them end in a `response.completed` event whose
 * `response` is a whole body; those two bodies are kept as extracts and decoded below, because they
 * are the only recordings of `custom_tool_call` (x_search's real shape), of
 * `server_side_tool_usage_details` and of a reasoning summary. The other two streams
 * (xai-text-with-reasoning-streaming.1, xai-web-search-tool.1) end in bodies of the same shapes.
 */
import { describe, expect, it } from 'vitest';
import { wireNoteLine, type ChatResponse, type Usage } from '../../canonical.ts';
import { xaiResponsesWire } from './index.ts';
import { XAI_FIXTURES, xaiContext, xaiFixture, type XaiFixtureName } from './xai-test-helpers.ts';

const decode = (name: XaiFixtureName): ChatResponse =>
  xaiResponsesWire.decode(xaiFixture(name), xaiContext());

function usage(prompt: number, completion: number, cacheRead: number, reasoning: number): Usage {
  return { prompt, completion, cacheRead, cacheWrite: 0, cacheWrite1h: 0, reasoning };
}

function messageText(name: XaiFixtureName): string {
  const output = xaiFixture(name).output as { type: string; content?: { text: string }[] }[];
  return output.find((item) => item.type === 'message')!.content![0]!.text;
}

function annotationUrls(name: XaiFixtureName): string[] {
  const output = xaiFixture(name).output as {
    type: string;
    content?: { annotations: { url: string }[] }[];
  }[];
  return output
    .find((item) => item.type === 'message')!
    .content![0]!.annotations.map((annotation) => annotation.url);
}

const noTitle = (uri: string) => ({ uri, title: '' });

describe('xaiResponsesWire.decode on the recorded bodies', () => {
  it('xai-web-search-tool.1.json: the query from `arguments`, five title-less sources, the note', () => {
    const response = decode('xai-web-search-tool.1.json');
    expect(response).toEqual({
      text: messageText('xai-web-search-tool.1.json'),
      toolCalls: [],
      finish: 'stop',
      usage: usage(1941, 583, 947, 380),
      reasoningSummary: '',
      grounding: {
        queries: ['what is xAI'],
        sources: annotationUrls('xai-web-search-tool.1.json').map(noTitle),
        engine: 'xai',
      },
      dropped: {},
      reasoningItems: 0,
      notes: [
        {
          prefix: 'xai search',
          fields: 'calls=none items=web_search_call:1 queries=1 sources=5 tools_used=1 ticks=none',
        },
      ],
    });
    expect(response.grounding?.sources[1]).toEqual(noTitle('https://x.ai/company'));
  });

  it('xai-x-search-tool.1.json: x_search_call, twenty X status sources', () => {
    const response = decode('xai-x-search-tool.1.json');
    expect(response.text).toBe(messageText('xai-x-search-tool.1.json'));
    expect(response.toolCalls).toEqual([]);
    expect(response.finish).toBe('stop');
    expect(response.usage).toEqual(usage(8397, 1805, 608, 580));
    expect(response.grounding).toEqual({
      queries: ['AI artificial intelligence'],
      sources: annotationUrls('xai-x-search-tool.1.json').map(noTitle),
      engine: 'xai',
    });
    expect(response.grounding?.sources).toHaveLength(20);
    expect(response.dropped).toEqual({});
    expect(response.notes?.map((note) => wireNoteLine('grok', note))).toEqual([
      'xai search: agent=grok calls=none items=x_search_call:1 queries=1 sources=20 tools_used=1 ticks=none',
    ]);
  });

  it('xai-x-search-tool.completed.json: custom_tool_call is the search, never a ToolCall', () => {
    const response = decode('xai-x-search-tool.completed.json');
    // x_keyword_search and view_x_video ran at xAI: the orchestrator must not try to run them.
    expect(response.toolCalls).toEqual([]);
    expect(response.finish).toBe('stop');
    expect(response.text).toBe(messageText('xai-x-search-tool.completed.json'));
    expect(response.usage).toEqual(usage(27236, 3077, 4585, 1091));
    // Four web_search_call items with action.query "" give none; view_x_video has no query.
    expect(response.grounding?.queries).toEqual(['from:xai filter:media']);
    expect(response.grounding?.sources).toEqual(
      annotationUrls('xai-x-search-tool.completed.json').map(noTitle),
    );
    expect(response.grounding?.sources).toHaveLength(20);
    expect(response.dropped).toEqual({});
    expect(response.notes).toEqual([
      {
        prefix: 'xai search',
        fields:
          'calls=web:0,x:1 items=web_search_call:4,custom_tool_call:2 queries=1 sources=20 tools_used=6 ticks=none',
      },
    ]);
  });

  it('xai-code-execution-tool.1.json: the answer is the body, the code run is counted as dropped', () => {
    expect(decode('xai-code-execution-tool.1.json')).toEqual({
      text: '55',
      toolCalls: [],
      finish: 'stop',
      usage: usage(1606, 292, 1235, 190),
      reasoningSummary: '',
      grounding: null,
      dropped: { code_interpreter_call: 1 },
      reasoningItems: 0,
    });
  });

  it('xai-text-streaming.completed.json: reasoning counted, its summary to reasoningSummary, never body', () => {
    const body = xaiFixture('xai-text-streaming.completed.json');
    const reasoning = (body.output as { type: string; summary?: { text: string }[] }[]).find(
      (item) => item.type === 'reasoning',
    )!;
    const response = decode('xai-text-streaming.completed.json');
    expect(response.reasoningItems).toBe(1);
    expect(response.reasoningSummary).toBe(reasoning.summary![0]!.text);
    expect(response.reasoningSummary.length).toBe(569);
    expect(response.text).toBe(messageText('xai-text-streaming.completed.json'));
    expect(response.text).not.toContain(response.reasoningSummary.slice(0, 40));
    expect(response.usage).toEqual(usage(216, 863, 192, 237));
    expect(response.grounding).toBeNull();
    expect(response.notes).toBeUndefined();
    expect(response.toolCalls).toEqual([]);
  });

  it.each(XAI_FIXTURES)('%s: prompt + completion is the total_tokens xAI billed', (name) => {
    const { prompt, completion } = decode(name).usage;
    expect(prompt + completion).toBe((xaiFixture(name).usage as { total_tokens: number }).total_tokens);
  });
});
