/**
 * The compat stream assembler on the recorded streams: every file turned back into SSE bytes, fed
 * split at byte boundaries, must give the same deltas and the same final response at every cut, and
 * that response must be the whole decoder's reading of the body the same reply has without `stream`
 * (written here from the recorded chunks and the recorded usage, not by the assembler).
 */
import { describe, expect, it } from 'vitest';
import { ZERO_USAGE, type Usage } from '../../canonical.ts';
import { cuts, recordedChunks, sseBody } from '../../stream/stream-test-helpers.ts';
import { decodeOpenAiCompatResponse } from './decode-openai-compat-response.ts';
import { openAiCompatWire } from './index.ts';
import { context, request } from './openai-compat-test-helpers.ts';
import {
  joined,
  joinedArguments,
  runByteByByte,
  runSplitAt,
  type StreamRun,
} from './stream-openai-compat-test-helpers.ts';

const FOLDER = 'openai-chat-completions/';

interface Delta {
  content?: string | null;
  reasoning_content?: string | null;
}

/** The recorded payloads, parsed (for writing the expected whole body). */
function payloads(name: string): { choices: { delta?: Delta }[]; usage?: unknown }[] {
  return recordedChunks(FOLDER + name).map((line) => JSON.parse(line) as { choices: { delta?: Delta }[] });
}

/** One field of choices[0].delta joined over the recording. */
function field(name: string, key: keyof Delta): string {
  return payloads(name)
    .map((p) => p.choices[0]?.delta?.[key] ?? '')
    .join('');
}

/** The recorded usage object (the last chunk's). */
function recordedUsage(name: string): unknown {
  return payloads(name).at(-1)?.usage;
}

/**
 * Every byte boundary, in a time two busy cores can afford (one decode of the 114 KB file is about
 * 5 ms, so 114,000 two-chunk runs of it would take minutes):
 * - the whole recording fed one byte per chunk: every boundary at once, multi-byte characters split;
 * - the recording's first and last three events (the role chunk, the finish, the usage chunk and
 *   `[DONE]`) and its tool-call pieces as a stream of their own, split in two at every byte;
 * - the whole recording split in two every 1009th byte (a prime, so the cut lands at every offset
 *   of the repeated chunk prefix over the file).
 * Each must give the deltas and the response of the same bytes fed in one chunk.
 */
const STRIDE = 1009;

/** A run as one comparable text (deltas and response in order). */
function digest(run: StreamRun): string {
  return JSON.stringify({ deltas: run.deltas, response: run.response, error: String(run.error) });
}

function expectSameAtCuts(bytes: Uint8Array, positions: number[]): StreamRun {
  const reference = runSplitAt(bytes, 0);
  expect(reference.error).toBeNull();
  const want = digest(reference);
  for (const at of positions) {
    const got = digest(runSplitAt(bytes, at));
    if (got !== want) expect(got, `cut at byte ${at} of ${bytes.length}`).toBe(want);
  }
  return reference;
}

function expectCutInvariant(chunks: string[]): StreamRun {
  const bytes = sseBody(chunks, { done: true });
  const reference = expectSameAtCuts(
    bytes,
    cuts(bytes).filter((at) => at % STRIDE === 0),
  );
  expect(digest(runByteByByte(bytes))).toBe(digest(reference));
  const kept = chunks.filter((line, i) => i < 3 || i >= chunks.length - 3 || line.includes('"tool_calls"'));
  const excerpt = sseBody(kept, { done: true });
  expectSameAtCuts(excerpt, cuts(excerpt));
  return reference;
}

const usage = (fields: Partial<Usage>): Usage => ({ ...ZERO_USAGE, ...fields });

describe('compat stream on the recorded streams, split at byte boundaries', () => {
  it('openai-text: text deltas, finish stop, usage from the last chunk (empty choices)', () => {
    const name = 'openai-text.chunks.txt';
    const run = expectCutInvariant(recordedChunks(FOLDER + name));
    const content = field(name, 'content');
    const whole = {
      id: 'chatcmpl-D8Z5oo6uDh67AD85p73ksdT1KxhE0',
      object: 'chat.completion',
      model: 'gpt-4.1-nano-2025-04-14',
      choices: [{ index: 0, message: { role: 'assistant', content, refusal: null }, finish_reason: 'stop' }],
      usage: recordedUsage(name),
    };
    expect(run.response).toEqual(decodeOpenAiCompatResponse(whole));
    expect(run.response?.text.startsWith('**Holiday Name:** Harmony Day\n\n')).toBe(true);
    expect(run.response?.text.endsWith('mutual respect.')).toBe(true);
    expect(run.response?.text).toHaveLength(1724);
    expect(run.response?.finish).toBe('stop');
    expect(run.response?.usage).toEqual(usage({ prompt: 16, completion: 300 }));
    expect(joined(run.deltas, 'text')).toBe(run.response?.text);
    expect(run.deltas.filter((d) => d.kind === 'usage')).toEqual([
      { kind: 'usage', usage: usage({ prompt: 16, completion: 300 }) },
    ]);
  });

  it('openai-text with CRLF line ends gives the same result', () => {
    const chunks = recordedChunks(FOLDER + 'openai-text.chunks.txt');
    const lf = runSplitAt(sseBody(chunks, { done: true }), 0);
    const bytes = sseBody(chunks, { done: true, crlf: true });
    expect(digest(runSplitAt(bytes, 0))).toBe(digest(lf));
    // A CR at the end of one chunk and its LF at the start of the next are one line end.
    const excerpt = sseBody([...chunks.slice(0, 2), ...chunks.slice(-2)], { done: true, crlf: true });
    expectSameAtCuts(excerpt, cuts(excerpt));
  });

  it('deepseek-text: cut by the limit (length), usage on the finishing chunk', () => {
    const name = 'deepseek-text.chunks.txt';
    const run = expectCutInvariant(recordedChunks(FOLDER + name));
    const whole = {
      choices: [
        {
          index: 0,
          message: { role: 'assistant', content: field(name, 'content') },
          finish_reason: 'length',
        },
      ],
      usage: recordedUsage(name),
    };
    expect(run.response).toEqual(decodeOpenAiCompatResponse(whole));
    expect(run.response?.text.startsWith('## **Holiday Name:** Starlight Remembran')).toBe(true);
    expect(run.response?.finish).toBe('length');
    expect(run.response?.usage).toEqual(usage({ prompt: 13, completion: 400 }));
    expect(joined(run.deltas, 'text')).toBe(run.response?.text);
    expect(run.response?.reasoningSummary).toBe('');
  });

  it('deepseek-reasoning: reasoning_content as reasoning deltas and the summary', () => {
    const name = 'deepseek-reasoning.chunks.txt';
    const run = expectCutInvariant(recordedChunks(FOLDER + name));
    const message = {
      role: 'assistant',
      content: field(name, 'content'),
      reasoning_content: field(name, 'reasoning_content'),
    };
    const whole = { choices: [{ index: 0, message, finish_reason: 'stop' }], usage: recordedUsage(name) };
    expect(run.response).toEqual(decodeOpenAiCompatResponse(whole));
    expect(run.response?.text).toBe('The word "strawberry" contains three "r"s.');
    expect(run.response?.reasoningSummary).toHaveLength(606);
    expect(run.response?.reasoningSummary.startsWith('We need to count the number of')).toBe(true);
    expect(run.response?.reasoningItems).toBe(1);
    expect(run.response?.usage).toEqual(usage({ prompt: 18, completion: 219, reasoning: 205 }));
    expect(joined(run.deltas, 'text')).toBe(run.response?.text);
    expect(joined(run.deltas, 'reasoning')).toBe(run.response?.reasoningSummary);
  });

  it('deepseek-tool-call: id and name once, argument pieces that join to the arguments', () => {
    const name = 'deepseek-tool-call.chunks.txt';
    const run = expectCutInvariant(recordedChunks(FOLDER + name));
    const call = {
      index: 0,
      id: 'call_00_ioIn7yN9p1ZOMNpDLwd4MgAF',
      type: 'function',
      function: { name: 'weather', arguments: '{"location": "San Francisco"}' },
    };
    const message = {
      role: 'assistant',
      content: '',
      reasoning_content: field(name, 'reasoning_content'),
      tool_calls: [call],
    };
    const whole = {
      choices: [{ index: 0, message, finish_reason: 'tool_calls' }],
      usage: recordedUsage(name),
    };
    expect(run.response).toEqual(decodeOpenAiCompatResponse(whole));
    expect(run.response?.toolCalls).toEqual([
      { id: 'call_00_ioIn7yN9p1ZOMNpDLwd4MgAF', name: 'weather', arguments: { location: 'San Francisco' } },
    ]);
    expect(run.response?.finish).toBe('tool_calls');
    expect(run.response?.usage).toEqual(
      usage({ prompt: 339, completion: 83, cacheRead: 320, reasoning: 39 }),
    );
    const calls = run.deltas.filter((d) => d.kind === 'tool-call');
    expect(calls.filter((d) => d.id !== undefined).map((d) => d.id)).toEqual([call.id]);
    expect(calls.filter((d) => d.name !== undefined).map((d) => d.name)).toEqual(['weather']);
    expect(calls.length).toBeGreaterThan(5);
    const args = joinedArguments(run.deltas);
    expect([...args.keys()]).toEqual([0]);
    expect(JSON.parse(args.get(0) ?? '')).toEqual(run.response?.toolCalls[0]?.arguments);
    expect(joined(run.deltas, 'reasoning')).toBe(run.response?.reasoningSummary);
  });

  it('xai-tool-call: the whole call in one piece; completion counts the reasoning (xAI usage)', () => {
    const name = 'xai-tool-call.chunks.txt';
    const run = expectCutInvariant(recordedChunks(FOLDER + name));
    const message = {
      role: 'assistant',
      reasoning_content: field(name, 'reasoning_content'),
      tool_calls: [
        {
          id: 'call_79382389',
          type: 'function',
          function: { name: 'weather', arguments: '{"location":"San Francisco"}' },
        },
      ],
    };
    const whole = {
      choices: [{ index: 0, message, finish_reason: 'tool_calls' }],
      usage: recordedUsage(name),
    };
    expect(run.response).toEqual(decodeOpenAiCompatResponse(whole));
    expect(run.response?.text).toBe('');
    expect(run.response?.toolCalls).toEqual([
      { id: 'call_79382389', name: 'weather', arguments: { location: 'San Francisco' } },
    ]);
    // 307 + 26 + 227 = 560: the reasoning is outside completion_tokens and is added to it.
    expect(run.response?.usage).toEqual(
      usage({ prompt: 307, completion: 253, cacheRead: 306, reasoning: 227 }),
    );
    expect(run.deltas.filter((d) => d.kind === 'tool-call')).toEqual([
      {
        kind: 'tool-call',
        index: 0,
        id: 'call_79382389',
        name: 'weather',
        arguments: '{"location":"San Francisco"}',
      },
    ]);
    expect(joined(run.deltas, 'reasoning')).toBe(run.response?.reasoningSummary);
  });
});

describe('compat streaming request', () => {
  it('body(): the whole body with stream and stream_options.include_usage appended, in that order', () => {
    const streaming = openAiCompatWire.streaming;
    const encoded = openAiCompatWire.encode(request(), context());
    expect(JSON.stringify(streaming?.body(encoded, context()))).toBe(
      JSON.stringify({
        model: 'gpt-4.1-nano',
        messages: [
          { role: 'system', content: 'あなたはザリです。' },
          { role: 'user', content: 'こんにちは' },
        ],
        max_tokens: 8192,
        stream: true,
        stream_options: { include_usage: true },
      }),
    );
    // The whole body is not changed in place (the client may still send it whole on fallback).
    expect(encoded).not.toHaveProperty('stream');
  });

  it('streams at the same URL (no url())', () => {
    expect(openAiCompatWire.streaming?.url).toBeUndefined();
  });
});
