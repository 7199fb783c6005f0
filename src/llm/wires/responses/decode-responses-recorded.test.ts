/**
 * Every recorded body of the shared `openai-responses` fixture set, decoded by the shared walk
 * (__fixtures__/PROVENANCE.md). The recorded streams (`*.chunks.txt`) belong to the later streaming
 * issue: no stream parser exists yet, so they are not decoded here. The two error bodies are not 2xx
 * bodies: they are read by `responsesErrorSignal` (responses-error.test.ts), and decoding them as a
 * response is a parse error (asserted below).
 */
import { describe, expect, it } from 'vitest';
import { LlmError } from '../../llm-error.ts';
import { decodeResponsesOutput } from './decode-responses-output.ts';
import { responsesFixture } from './responses-test-helpers.ts';

function decode(name: string, replay = false) {
  return decodeResponsesOutput(responsesFixture(name), { replayOutputItems: replay });
}

describe('decode recorded Responses bodies', () => {
  it('openai-web-search-tool: text, annotations handed over, reasoning items counted, web_search_call left to the wire', () => {
    const fixture = responsesFixture('openai-web-search-tool.1.json');
    const { response, annotations } = decode('openai-web-search-tool.1.json');
    const message = fixture.output.at(-1) as { content: { text: string }[] };
    expect(response.text).toBe(message.content[0]!.text);
    expect(response.text.startsWith('Short answer first — yes.')).toBe(true);
    expect(response.toolCalls).toEqual([]);
    expect(response.finish).toBe('stop');
    expect(response.usage).toEqual({
      prompt: 19681,
      completion: 3773,
      cacheRead: 3712,
      cacheWrite: 0,
      cacheWrite1h: 0,
      reasoning: 3136,
    });
    // Four reasoning items, all with an empty summary: counted, no summary text.
    expect(response.reasoningItems).toBe(4);
    expect(response.reasoningSummary).toBe('');
    expect(annotations).toHaveLength(10);
    expect(annotations[0]).toMatchObject({
      type: 'url_citation',
      title: 'Why OpenAI declared a code red for ChatGPT | The Verge',
      url: 'https://www.theverge.com/podcast/838932/openai-chatgpt-code-red-vergecast',
      start_index: 426,
      end_index: 517,
    });
    expect(response.grounding).toBeNull();
    // No wire handler registered: the three search calls are counted, never silently lost (#72).
    expect(response.dropped).toEqual({ web_search_call: 3 });
  });

  it('openai-reasoning-encrypted-content: summary text, one item, answer; nothing carried without a tool call', () => {
    const fixture = responsesFixture('openai-reasoning-encrypted-content.1.json');
    const { response } = decode('openai-reasoning-encrypted-content.1.json', true);
    const summary = (fixture.output[0] as { summary: { text: string }[] }).summary[0]!.text;
    expect(response.reasoningSummary).toBe(summary);
    expect(response.reasoningSummary.startsWith('**Reporting final result**')).toBe(true);
    expect(response.reasoningItems).toBe(1);
    expect(response.text).toBe('12 + 7 = 19\n19 × 3 = 57\n57 × 10 = 570\n\nFinal result: 570');
    expect(response.toolCalls).toEqual([]);
    expect(response.usage).toMatchObject({ prompt: 865, completion: 163, reasoning: 128, cacheRead: 0 });
    expect(response.dropped).toEqual({});
  });

  it('openai-phase: both phased messages joined into the body, in order', () => {
    const { response } = decode('openai-phase.1.json', true);
    expect(response.text.startsWith('I\u2019ll quickly check reliable, up-to-date sources')).toBe(true);
    expect(response.text).toContain(
      'then summarize them for you with links.\n\nHere are some **latest AI updates',
    );
    expect(response.finish).toBe('stop');
    expect(response.usage).toMatchObject({ prompt: 7243, cacheRead: 3072, completion: 423, reasoning: 58 });
    expect(response.reasoningItems).toBe(0);
  });

  it('parallel-tool-call-wrapper: the `parallel` call becomes one ToolCall per use', () => {
    const { response } = decode('parallel-tool-call-wrapper.1.json');
    expect(response.toolCalls).toEqual([
      { id: 'call_parallel_0', name: 'weather', arguments: { location: 'San Francisco' } },
      { id: 'call_parallel_1', name: 'cityAttractions', arguments: { city: 'Rome' } },
    ]);
    expect(response.finish).toBe('tool_calls');
    expect(response.text).toBe('');
    expect(response.usage).toMatchObject({ prompt: 34, completion: 28 });
  });

  it('openai-custom-tool: a custom_tool_call becomes a ToolCall with its input string, marked custom', () => {
    const { response } = decode('openai-custom-tool.1.json', true);
    expect(response.toolCalls).toEqual([
      {
        id: 'call_custom_sql_001',
        name: 'write_sql',
        arguments: { input: 'SELECT * FROM users WHERE age > 25' },
        extra: { responses: { kind: 'custom', itemId: 'ct_abc123def456' } },
      },
    ]);
    expect(response.finish).toBe('tool_calls');
    expect(response.usage).toMatchObject({ prompt: 50, completion: 20 });
  });

  it('openai-error and reasoning-model-temperature-error are error bodies, not responses: a parse error', () => {
    for (const name of ['openai-error.1.json', 'reasoning-model-temperature-error.json']) {
      expect(() => decode(name)).toThrow(LlmError);
      try {
        decode(name);
      } catch (error) {
        expect((error as LlmError).info.kind).toBe('parse');
        expect((error as LlmError).message).toContain('at output');
      }
    }
  });
});
