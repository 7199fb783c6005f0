/**
 * The compat stream assembler on written streams: cut streams, error events, broken JSON, events
 * it does not know, and the shapes the recordings do not have (parallel calls, index-less pieces,
 * call extras, refusals, array content, both reasoning fields).
 */
import { describe, expect, it } from 'vitest';
import { LlmError } from '../../llm-error.ts';
import { recordedChunks, sseBody } from '../../stream/stream-test-helpers.ts';
import { decodeOpenAiCompatResponse } from './decode-openai-compat-response.ts';
import { openAiCompatWire } from './index.ts';
import {
  chunk,
  joined,
  joinedArguments,
  runSplitAt,
  runText,
  sse,
  usageChunk,
} from './stream-openai-compat-test-helpers.ts';

const RECORDED = recordedChunks('openai-chat-completions/openai-text.chunks.txt');

function llmError(error: unknown): LlmError {
  expect(error).toBeInstanceOf(LlmError);
  return error as LlmError;
}

const SAID = [
  chunk({ role: 'assistant', content: '' }),
  chunk({ content: 'こんに' }),
  chunk({ content: 'ちは' }),
];

describe('a stream that does not complete', () => {
  it('the recorded stream without its usage chunk and [DONE] is a parse error, not an answer', () => {
    const run = runSplitAt(sseBody(RECORDED.slice(0, -1)), 0);
    const error = llmError(run.error);
    expect(error.info.kind).toBe('parse');
    expect(error.message).toBe('the chat completion stream ended before [DONE] (302 events, no usage)');
    // What was shown stays shown: the deltas came out as the events arrived.
    expect(joined(run.deltas, 'text').startsWith('**Holiday Name:** Harmony Day')).toBe(true);
  });

  it('without [DONE] but with the finish and the usage nothing is lost: the same answer', () => {
    const whole = runSplitAt(sseBody(RECORDED, { done: true }), 0);
    const noDone = runSplitAt(sseBody(RECORDED), 0);
    expect(noDone.error).toBeNull();
    expect(noDone.response).toEqual(whole.response);
  });

  it('cut in the middle of the last event: the half event is not read', () => {
    const bytes = new TextEncoder().encode(sse([...SAID, chunk({}, 'stop'), usageChunk(5, 2)], false));
    const run = runSplitAt(bytes.subarray(0, bytes.length - 20), 0);
    expect(llmError(run.error).message).toBe(
      'the chat completion stream ended before [DONE] (4 events, no usage)',
    );
    expect(joined(run.deltas, 'text')).toBe('こんにちは');
  });

  it('no finish reason at all', () => {
    const run = runText(sse([...SAID, usageChunk(5, 2)], false));
    expect(llmError(run.error).message).toContain('no finish reason');
  });

  it('an empty stream, and [DONE] alone (no choice: the whole decoder refuses the shape)', () => {
    expect(llmError(runText('').error).message).toBe(
      'the chat completion stream ended before [DONE] (0 events, no finish reason)',
    );
    const done = llmError(runText(sse([])).error);
    expect(done.info.kind).toBe('parse');
    expect(done.message).toContain('unexpected shape at choices');
  });
});

describe('an error event', () => {
  const openAiError = {
    error: {
      message: 'The server had an error while processing your request.',
      type: 'server_error',
      param: null,
      code: null,
    },
  };

  it('OpenAI `data: {"error": ...}` mid-stream: an Api error read by the wire’s error reader', () => {
    const run = runText(sse([...SAID, openAiError, chunk({ content: 'ignored' }, 'stop')]));
    const error = llmError(run.error);
    const signal = openAiCompatWire.errorSignal(JSON.stringify(openAiError));
    expect(error.info).toEqual({
      kind: 'api',
      status: 500,
      body: JSON.stringify(openAiError),
      class: 'ServerError',
      code: signal.code,
      retryAfterMs: null,
      hintSrc: 'none',
    });
    expect(signal.code).toBe('server_error');
    expect(error.message).toBe(
      'the chat completion stream carried an error (read as 500): The server had an error while processing your request.',
    );
    expect(error.isTransient()).toBe(true);
    // Events after the error are not read.
    expect(joined(run.deltas, 'text')).toBe('こんにちは');
  });

  it('insufficient_quota in the stream is Billing, as on the whole path', () => {
    const body = { error: { message: 'You exceeded your current quota.', type: 'insufficient_quota' } };
    const error = llmError(runText(sse([body])).error);
    expect(error.info).toMatchObject({ kind: 'api', class: 'Billing', code: 'insufficient_quota' });
    expect(error.stopsTheAgent()).toBe(true);
  });

  it('vLLM’s top-level error with a numeric code: that code is the status', () => {
    const body = { object: 'error', message: 'max_tokens is too large', type: 'BadRequestError', code: 400 };
    const error = llmError(runText(sse([body])).error);
    expect(error.info).toMatchObject({ kind: 'api', status: 400, class: 'ClientError', code: '400' });
    expect(error.message).toContain('max_tokens is too large');
  });

  it('OpenRouter’s chunk with an error and finish_reason "error"', () => {
    const body = {
      ...chunk({ content: '' }, 'error'),
      error: { code: 502, message: 'Provider disconnected' },
    };
    const error = llmError(runText(sse([...SAID, body])).error);
    expect(error.info).toMatchObject({ kind: 'api', status: 502, class: 'ServerError' });
  });

  it('an event named `error` whose data is not JSON', () => {
    const error = llmError(runText('event: error\ndata: upstream timed out\n\n').error);
    expect(error.info).toMatchObject({ kind: 'api', status: 500, body: 'upstream timed out', code: null });
    expect(error.message).toBe('the chat completion stream carried an error (read as 500)');
  });
});

describe('broken events', () => {
  it('an event that is not JSON is a parse error keeping the event', () => {
    const run = runText(
      sse([...SAID, '{"id":"chatcmpl-1","choices":[{"delta":{"content":"x"', chunk({}, 'stop')]),
    );
    const error = llmError(run.error);
    expect(error.info).toEqual({
      kind: 'parse',
      raw: '{"id":"chatcmpl-1","choices":[{"delta":{"content":"x"',
    });
    expect(error.message).toBe('a chat completion stream event is not JSON (event 4)');
  });

  it('JSON that is not an object', () => {
    expect(llmError(runText(sse([...SAID, '42'])).error).message).toBe(
      'a chat completion stream event is not a JSON object (event 4)',
    );
  });

  it('tool-call arguments that do not join to JSON fail as the whole decoder fails', () => {
    const call = { index: 0, id: 'call_1', type: 'function', function: { name: 'f', arguments: '{"a":' } };
    const run = runText(sse([chunk({ tool_calls: [call] }, 'tool_calls'), usageChunk(1, 1)]));
    expect(llmError(run.error).message).toBe('tool call f has arguments that are not JSON');
  });
});

describe('what the assembler does not know is ignored', () => {
  it('comments, named events without choices, unknown fields and chunks with empty choices', () => {
    const text = [
      ': OPENROUTER PROCESSING\n\n',
      'event: ping\ndata: {"type":"ping"}\n\n',
      // Azure's first chunk: prompt_filter_results and no choices.
      'data: {"id":"","object":"","choices":[],"prompt_filter_results":[{"prompt_index":0}]}\n\n',
      sse([{ ...chunk({ content: 'A', future_field: { x: 1 } }), future: true }, chunk({}, 'stop')], false),
      sse([usageChunk(3, 1)]),
    ].join('');
    const run = runText(text);
    expect(run.error).toBeNull();
    expect(run.response?.text).toBe('A');
    expect(run.response?.usage.prompt).toBe(3);
  });

  it('choices other than 0 (we never ask n > 1)', () => {
    const other = { ...chunk({ content: 'B' }), choices: [{ index: 1, delta: { content: 'B' } }] };
    const run = runText(sse([chunk({ content: 'A' }), other, chunk({}, 'stop'), usageChunk(1, 1)]));
    expect(run.response?.text).toBe('A');
    expect(joined(run.deltas, 'text')).toBe('A');
  });
});

describe('shapes the recordings do not have', () => {
  it('two parallel calls interleaved by index: each joins to its own arguments', () => {
    const piece = (index: number, fn: Record<string, unknown>, id?: string): unknown =>
      chunk({ tool_calls: [{ index, ...(id ? { id, type: 'function' } : {}), function: fn }] });
    const stream = [
      piece(0, { name: 'read_file', arguments: '' }, 'call_a'),
      piece(1, { name: 'list_files', arguments: '{"di' }, 'call_b'),
      piece(0, { arguments: '{"path":' }),
      piece(1, { arguments: 'r":"."}' }),
      piece(0, { arguments: '"a.md"}' }),
      chunk({}, 'tool_calls'),
      usageChunk(10, 5),
    ];
    const run = runText(sse(stream));
    expect(run.response?.toolCalls).toEqual([
      { id: 'call_a', name: 'read_file', arguments: { path: 'a.md' } },
      { id: 'call_b', name: 'list_files', arguments: { dir: '.' } },
    ]);
    const args = joinedArguments(run.deltas);
    expect(JSON.parse(args.get(0) ?? '')).toEqual({ path: 'a.md' });
    expect(JSON.parse(args.get(1) ?? '')).toEqual({ dir: '.' });
    const starts = run.deltas.filter((d) => d.kind === 'tool-call' && d.id !== undefined);
    expect(starts).toEqual([
      { kind: 'tool-call', index: 0, id: 'call_a', name: 'read_file', arguments: '' },
      { kind: 'tool-call', index: 1, id: 'call_b', name: 'list_files', arguments: '{"di' },
    ]);
  });

  it('pieces without `index`: a new id starts a call, a piece without one continues it', () => {
    const stream = [
      chunk({ tool_calls: [{ id: 'c1', type: 'function', function: { name: 'f', arguments: '{"n":' } }] }),
      chunk({ tool_calls: [{ function: { arguments: '1}' } }] }),
      chunk({ tool_calls: [{ id: 'c2', type: 'function', function: { name: 'g', arguments: '{}' } }] }),
      chunk({}, 'tool_calls'),
      usageChunk(1, 1),
    ];
    expect(runText(sse(stream)).response?.toolCalls).toEqual([
      { id: 'c1', name: 'f', arguments: { n: 1 } },
      { id: 'c2', name: 'g', arguments: {} },
    ]);
  });

  it('a call extra (Gemini’s thought signature) is kept for the next encode', () => {
    const extra = { google: { thought_signature: 'CiQBVKhc7sig==' } };
    const call = {
      index: 0,
      id: 'c1',
      type: 'function',
      function: { name: 'f', arguments: '{}' },
      extra_content: extra,
    };
    const run = runText(sse([chunk({ tool_calls: [call] }, 'tool_calls'), usageChunk(1, 1)]));
    expect(run.response?.toolCalls).toEqual([
      { id: 'c1', name: 'f', arguments: {}, extra: { extra_content: extra } },
    ]);
  });

  it('a refusal is the answer, shown as it arrives', () => {
    const stream = [
      chunk({ role: 'assistant', content: null, refusal: '' }),
      chunk({ refusal: 'I can’t help ' }),
      chunk({ refusal: 'with that.' }),
      chunk({}, 'stop'),
      usageChunk(4, 4),
    ];
    const run = runText(sse(stream));
    expect(run.response?.text).toBe('I can’t help with that.');
    expect(joined(run.deltas, 'text')).toBe(run.response?.text);
  });

  it('array content (Mistral-style): text parts join, a thinking block sent in pieces counts once', () => {
    const thinking = (t: string): unknown => ({ type: 'thinking', thinking: [{ type: 'text', text: t }] });
    const stream = [
      chunk({ role: 'assistant', content: [thinking('Let me ')] }),
      chunk({ content: [thinking('think.')] }),
      chunk({ content: [{ type: 'text', text: 'Four' }] }),
      chunk({ content: '.' }),
      chunk({}, 'stop'),
      usageChunk(2, 2),
    ];
    const run = runText(sse(stream));
    const whole = {
      choices: [
        {
          message: { content: [thinking('Let me '), { type: 'text', text: 'Four.' }] },
          finish_reason: 'stop',
        },
      ],
      usage: { prompt_tokens: 2, completion_tokens: 2, total_tokens: 4 },
    };
    expect(run.response).toEqual({ ...decodeOpenAiCompatResponse(whole) });
    expect(run.response?.dropped).toEqual({ thinking: 1 });
    expect(joined(run.deltas, 'text')).toBe('Four.');
  });

  it('reasoning and reasoning_content with the same words (vLLM) are shown once', () => {
    const stream = [
      chunk({ reasoning_content: 'Hmm', reasoning: 'Hmm' }),
      chunk({ reasoning_content: ', yes.', reasoning: ', yes.' }),
      chunk({ content: 'Yes.' }, 'stop'),
      usageChunk(1, 1),
    ];
    const run = runText(sse(stream));
    expect(run.response?.reasoningSummary).toBe('Hmm, yes.');
    expect(joined(run.deltas, 'reasoning')).toBe('Hmm, yes.');
  });

  it('`reasoning` alone (OpenRouter, Ollama) is the summary', () => {
    const stream = [chunk({ reasoning: 'Short.' }), chunk({ content: 'Yes.' }, 'stop'), usageChunk(1, 1)];
    const run = runText(sse(stream));
    expect(run.response?.reasoningSummary).toBe('Short.');
    expect(joined(run.deltas, 'reasoning')).toBe('Short.');
  });

  it('usage on every chunk (cumulative): the last one counts, each shown as a usage delta', () => {
    const withUsage = (delta: Record<string, unknown>, n: number, finish: string | null = null): unknown => ({
      ...chunk(delta, finish),
      usage: { prompt_tokens: 7, completion_tokens: n, total_tokens: 7 + n },
    });
    const run = runText(sse([withUsage({ content: 'a' }, 1), withUsage({ content: 'b' }, 2, 'stop')]));
    expect(run.response?.usage).toMatchObject({ prompt: 7, completion: 2 });
    expect(run.deltas.filter((d) => d.kind === 'usage').length).toBe(2);
  });
});
