/** Decoding shapes the recordings do not cover (synthetic bodies), and the decode → encode round trip. */
import { describe, expect, it } from 'vitest';
import type { ToolCall } from '../../canonical.ts';
import { LlmError } from '../../llm-error.ts';
import { openAiCompatWire } from './index.ts';
import { context, request } from './openai-compat-test-helpers.ts';

function body(message: Record<string, unknown>, finish: unknown = 'stop', usage?: unknown): unknown {
  return {
    choices: [{ index: 0, message: { role: 'assistant', ...message }, finish_reason: finish }],
    usage,
  };
}

function decode(value: unknown) {
  return openAiCompatWire.decode(value, context());
}

function parseError(fn: () => unknown): LlmError {
  try {
    fn();
  } catch (error) {
    if (error instanceof LlmError) return error;
    throw error;
  }
  throw new Error('expected an LlmError');
}

/** Gemini through its OpenAI-compatible endpoint: a thought signature on each call. */
const GEMINI_CALL = {
  extra_content: { google: { thought_signature: 'CiQBVKhc7sig==' } },
  function: { arguments: '{"path":"."}', name: 'list_files' },
  id: 'function-call-1',
  type: 'function',
};

describe('decode synthetic bodies', () => {
  it('keeps per-call provider extras in ToolCall.extra and sends them back in place', () => {
    const response = decode(body({ content: null, tool_calls: [GEMINI_CALL] }, 'tool_calls'));
    const expected: ToolCall = {
      id: 'function-call-1',
      name: 'list_files',
      arguments: { path: '.' },
      extra: { extra_content: { google: { thought_signature: 'CiQBVKhc7sig==' } } },
    };
    expect(response.toolCalls).toEqual([expected]);
    expect(response.text).toBe('');

    const next = request({
      messages: [
        { role: 'user', content: 'q' },
        { role: 'assistant', content: response.text, toolCalls: response.toolCalls },
        { role: 'tool', toolCallId: 'function-call-1', toolName: 'list_files', content: 'a.txt' },
      ],
    });
    const encoded = openAiCompatWire.encode(next, context('gemini-3-flash-preview')) as {
      messages: unknown[];
    };
    expect(JSON.stringify(encoded.messages[2])).toBe(
      JSON.stringify({
        role: 'assistant',
        content: null,
        tool_calls: [
          {
            id: 'function-call-1',
            type: 'function',
            function: { name: 'list_files', arguments: '{"path":"."}' },
            extra_content: { google: { thought_signature: 'CiQBVKhc7sig==' } },
          },
        ],
      }),
    );
  });

  it('unparsable arguments: parse error keeping the raw text', () => {
    const raw = '{"path": ".';
    const call = { id: 'c1', type: 'function', function: { name: 'list_files', arguments: raw } };
    const error = parseError(() => decode(body({ content: null, tool_calls: [call] }, 'tool_calls')));
    expect(error.info).toEqual({ kind: 'parse', raw });
    expect(error.code).toBe('LLM_PARSE');
  });

  it('arguments that are JSON but not an object are a parse error too', () => {
    const call = { id: 'c1', type: 'function', function: { name: 'list_files', arguments: '[1]' } };
    expect(parseError(() => decode(body({ tool_calls: [call] }))).info).toEqual({
      kind: 'parse',
      raw: '[1]',
    });
  });

  it('empty arguments read as {}; an object is taken as already parsed; a missing id gets call_<n>', () => {
    const calls = [
      { id: 'c1', type: 'function', function: { name: 'list_files', arguments: '' } },
      { type: 'function', function: { name: 'read_file', arguments: { path: 'a' } } },
    ];
    expect(decode(body({ tool_calls: calls }, 'tool_calls')).toolCalls).toEqual([
      { id: 'c1', name: 'list_files', arguments: {} },
      { id: 'call_1', name: 'read_file', arguments: { path: 'a' } },
    ]);
  });

  it('a call of another type is counted as dropped, not decoded', () => {
    const calls = [{ id: 'c1', type: 'custom', custom: { name: 'x', input: 'y' } }];
    const response = decode(body({ content: 'ok', tool_calls: calls }));
    expect(response.toolCalls).toEqual([]);
    expect(response.dropped).toEqual({ custom: 1 });
  });

  it('body without choices, with empty choices, or not an object: parse error with the raw body', () => {
    const error = parseError(() => decode({ id: 'x', object: 'chat.completion' }));
    expect(error.info).toEqual({ kind: 'parse', raw: '{"id":"x","object":"chat.completion"}' });
    expect(parseError(() => decode({ choices: [] })).info.kind).toBe('parse');
    expect(parseError(() => decode('not json')).info).toEqual({ kind: 'parse', raw: '"not json"' });
    expect(parseError(() => decode(null)).info).toEqual({ kind: 'parse', raw: 'null' });
  });

  it('a minimal body: no usage reads as zeros, a null finish as other, no message as empty', () => {
    const response = decode({ choices: [{ finish_reason: null }] });
    expect(response).toEqual({
      text: '',
      toolCalls: [],
      finish: 'other',
      usage: { prompt: 0, completion: 0, cacheRead: 0, cacheWrite: 0, cacheWrite1h: 0, reasoning: 0 },
      reasoningSummary: '',
      grounding: null,
      dropped: {},
      reasoningItems: 0,
    });
  });

  it('`reasoning` (OpenRouter / vLLM) is read when `reasoning_content` is absent', () => {
    expect(decode(body({ content: 'a', reasoning: 'thought' })).reasoningSummary).toBe('thought');
    expect(decode(body({ content: 'a', reasoning_content: '', reasoning: 'r' })).reasoningSummary).toBe('r');
    expect(decode(body({ content: 'a', reasoning: 'thought' })).reasoningItems).toBe(1);
    // An empty reasoning text is no item: nothing of the model's thinking arrived.
    expect(decode(body({ content: 'a', reasoning_content: '' })).reasoningItems).toBe(0);
  });

  it('array content keeps its text parts and counts the others', () => {
    const content = [
      { type: 'thinking', thinking: [] },
      { type: 'text', text: 'Hel' },
      { type: 'text', text: 'lo' },
    ];
    const response = decode(body({ content }));
    expect(response.text).toBe('Hello');
    expect(response.dropped).toEqual({ thinking: 1 });
  });

  it('a refusal with null content becomes the text', () => {
    expect(decode(body({ content: null, refusal: "I can't help with that." })).text).toBe(
      "I can't help with that.",
    );
  });

  it('malformed usage never fails the decode', () => {
    const usage = { prompt_tokens: '12', completion_tokens: 3, prompt_tokens_details: 'x' };
    expect(decode(body({ content: 'a' }, 'stop', usage)).usage).toEqual({
      prompt: 0,
      completion: 3,
      cacheRead: 0,
      cacheWrite: 0,
      cacheWrite1h: 0,
      reasoning: 0,
    });
  });
});
