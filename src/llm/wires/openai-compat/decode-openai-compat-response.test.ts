/** Decoding the recorded real responses (test/fixtures/provider-responses/openai-chat-completions). */
import { describe, expect, it } from 'vitest';
import { reasoningSummaryLine } from '../../canonical.ts';
import { openAiCompatWire } from './index.ts';
import { context, fixture } from './openai-compat-test-helpers.ts';

function decode(name: string) {
  return openAiCompatWire.decode(fixture(name), context());
}

/** choices[0].message of the file, to compare long texts with the file itself. */
function message(name: string): { content: string; reasoning_content?: string } {
  return (fixture(name) as { choices: { message: { content: string; reasoning_content?: string } }[] })
    .choices[0]!.message;
}

describe('decode recorded responses', () => {
  it('openai-text.json (gpt-4.1-nano): text, stop, usage with zero cache and reasoning', () => {
    const response = decode('openai-text.json');
    expect(response.text).toBe(message('openai-text.json').content);
    expect(response.text.startsWith('**Holiday Name:** Galaxy Day')).toBe(true);
    expect(response.text.endsWith('inspiring individuals to look up and dream beyond our world.')).toBe(true);
    expect(response.text).toContain('vast darkness\u2014mirroring');
    expect(response.toolCalls).toEqual([]);
    expect(response.finish).toBe('stop');
    expect(response.usage).toEqual({
      prompt: 16,
      completion: 363,
      cacheRead: 0,
      cacheWrite: 0,
      cacheWrite1h: 0,
      reasoning: 0,
    });
    expect(response.reasoningSummary).toBe('');
    expect(response.grounding).toBeNull();
    expect(response.dropped).toEqual({});
  });

  it('deepseek-text.json: cut at the limit (length), no completion details (reasoning 0)', () => {
    const response = decode('deepseek-text.json');
    expect(response.text).toBe(message('deepseek-text.json').content);
    expect(response.text.startsWith('## **Holiday Name: Gratitude of Small Things Day (GST Day)**')).toBe(
      true,
    );
    expect(response.text.endsWith('Instead of lavish presents, people exchange')).toBe(true);
    expect(response.finish).toBe('length');
    expect(response.usage).toEqual({
      prompt: 13,
      completion: 300,
      cacheRead: 0,
      cacheWrite: 0,
      cacheWrite1h: 0,
      reasoning: 0,
    });
    expect(response.reasoningSummary).toBe('');
    expect(response.dropped).toEqual({});
  });

  it('deepseek-reasoning.json: reasoning_content is the summary; reasoning inside completion', () => {
    const response = decode('deepseek-reasoning.json');
    expect(response.text).toBe(
      'The word "strawberry" contains three instances of the letter "r": one after the "t" and two before the "y".',
    );
    expect(response.reasoningSummary).toBe(message('deepseek-reasoning.json').reasoning_content);
    expect(response.reasoningSummary.startsWith("We are asked: \"How many 'r's are in the word")).toBe(true);
    expect(response.reasoningSummary.endsWith('So answer is 3.')).toBe(true);
    expect(response.finish).toBe('stop');
    expect(response.usage).toEqual({
      prompt: 18,
      completion: 345,
      cacheRead: 0,
      cacheWrite: 0,
      cacheWrite1h: 0,
      reasoning: 315,
    });
  });

  it('deepseek-tool-call.json: one call with parsed args, no extra from `index`, cache read 320', () => {
    const response = decode('deepseek-tool-call.json');
    expect(response.text).toBe('');
    expect(response.toolCalls).toEqual([
      { id: 'call_00_9V0vrf86Pc9aelHCJMZqnJBo', name: 'weather', arguments: { location: 'San Francisco' } },
    ]);
    expect('extra' in response.toolCalls[0]!).toBe(false);
    expect(response.finish).toBe('tool_calls');
    expect(response.usage).toEqual({
      prompt: 339,
      completion: 92,
      cacheRead: 320,
      cacheWrite: 0,
      cacheWrite1h: 0,
      reasoning: 48,
    });
    expect(response.reasoningSummary.startsWith('The user is asking for the weather in San Francisco.')).toBe(
      true,
    );
    expect(response.reasoningSummary.endsWith('Let me call the weather function.')).toBe(true);
  });

  it('xai-text.json (grok-3-mini): reasoning outside completion_tokens is added back (1 + 228)', () => {
    const response = decode('xai-text.json');
    expect(response.text).toBe('Hello');
    expect(response.finish).toBe('stop');
    // prompt 12 + completion 1 + reasoning 228 = total_tokens 241.
    expect(response.usage).toEqual({
      prompt: 12,
      completion: 229,
      cacheRead: 2,
      cacheWrite: 0,
      cacheWrite1h: 0,
      reasoning: 228,
    });
    expect(response.reasoningSummary).toBe(message('xai-text.json').reasoning_content);
    expect(response.reasoningSummary.startsWith('First, the user said: "Say a single word."')).toBe(true);
    expect(response.dropped).toEqual({});
  });

  it('xai-tool-call.json: one call, tool_calls, usage 291 / 26 + 189 / cached 244', () => {
    const response = decode('xai-tool-call.json');
    expect(response.text).toBe('');
    expect(response.toolCalls).toEqual([
      { id: 'call_93562515', name: 'weather', arguments: { location: 'San Francisco' } },
    ]);
    expect(response.finish).toBe('tool_calls');
    expect(response.usage).toEqual({
      prompt: 291,
      completion: 215,
      cacheRead: 244,
      cacheWrite: 0,
      cacheWrite1h: 0,
      reasoning: 189,
    });
    expect(
      response.reasoningSummary.startsWith('First, the user is asking about the weather in San Francisco.'),
    ).toBe(true);
  });

  it.each([
    ['openai-text.json', 0],
    ['deepseek-text.json', 0],
    ['deepseek-reasoning.json', 1],
    ['deepseek-tool-call.json', 1],
    ['xai-text.json', 1],
    ['xai-tool-call.json', 1],
  ])('%s: reasoning items %i (reasoning_content present is one item)', (name, items) => {
    const response = decode(name);
    expect(response.reasoningItems).toBe(items);
    const line = reasoningSummaryLine('agent_1', response);
    if (items === 0) expect(line).toBeNull();
    else
      expect(line).toBe(
        `reasoning summary: agent=agent_1 items=1 chars=${[...response.reasoningSummary].length}`,
      );
  });

  it('reasoning-model-legacy-parameter-error.json is not a response: decode throws parse', () => {
    expect(() => decode('reasoning-model-legacy-parameter-error.json')).toThrow(
      expect.objectContaining({ name: 'LlmError', info: expect.objectContaining({ kind: 'parse' }) }),
    );
  });
});
