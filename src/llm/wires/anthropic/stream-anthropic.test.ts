import { createHash } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MemoryDiagLog } from '../../../diag/log.ts';
import type { ChatResponse } from '../../canonical.ts';
import { HttpLlmBackend } from '../../http-backend.ts';
import { LlmError } from '../../llm-error.ts';
import type { StreamDelta } from '../../stream/stream-delta.ts';
import { cuts, feedSplitAt, recordedChunks, sseBody } from '../../stream/stream-test-helpers.ts';
import { anthropicWire } from './index.ts';
import type { AnthropicStreamAssembler } from './stream-anthropic.ts';
import { WHOLE_BODIES } from './stream-recorded.expected.ts';
import { context, request } from './test-context.ts';

const FOLDER = 'anthropic-messages/';
const FIXTURES = new URL('../../../../test/fixtures/provider-responses/anthropic-messages/', import.meta.url);
const WEB_SEARCH = 'anthropic-web-search-tool.1.chunks.txt';

const streaming = anthropicWire.streaming;
if (streaming === undefined) throw new Error('the anthropic wire must stream');

interface Run {
  deltas: StreamDelta[];
  assembler: AnthropicStreamAssembler;
}

/** Feeds SSE bytes cut at `at` into a fresh assembler (the wire's own). */
function feed(bytes: Uint8Array, at = bytes.length): Run {
  const assembler = streaming!.assembler(context()) as AnthropicStreamAssembler;
  return { deltas: feedSplitAt(bytes, at, (event) => assembler.push(event)), assembler };
}

function finished(run: Run): { deltas: StreamDelta[]; response: ChatResponse } {
  return { deltas: run.deltas, response: run.assembler.finish() };
}

function bytesOf(name: string): Uint8Array {
  return sseBody(recordedChunks(FOLDER + name), { named: true });
}

/** SSE bytes for hand-written events. */
function sse(events: readonly object[]): Uint8Array {
  return sseBody(
    events.map((event) => JSON.stringify(event)),
    { named: true },
  );
}

function failure(run: Run): LlmError {
  try {
    run.assembler.finish();
  } catch (error) {
    if (error instanceof LlmError) return error;
    throw error;
  }
  throw new Error('finish() did not throw');
}

const texts = (deltas: StreamDelta[], kind: 'text' | 'reasoning') =>
  deltas.flatMap((d) => (d.kind === kind ? [d.text] : [])).join('');

/** The tool-call deltas per call index: id and name (first seen) and the argument pieces joined. */
function calls(deltas: StreamDelta[]): { id?: string; name?: string; args: string }[] {
  const out: { id?: string; name?: string; args: string }[] = [];
  for (const d of deltas) {
    if (d.kind !== 'tool-call') continue;
    const call = (out[d.index] ??= { args: '' });
    call.id ??= d.id;
    call.name ??= d.name;
    call.args += d.arguments;
  }
  return out;
}

/**
 * Every byte boundary, except for files past 8 KB (the web search stream, 66 KB of SSE, where one
 * cut costs about 3 ms): every byte of the first and last 1 KB, where the message starts and ends,
 * and every 97th byte between (a prime stride, so the cuts land at every offset of a line somewhere).
 */
function cutsOf(bytes: Uint8Array): number[] {
  if (bytes.length <= 8192) return cuts(bytes);
  return cuts(bytes).filter((at) => at <= 1024 || at >= bytes.length - 1024 || at % 97 === 0);
}

const recorded = readdirSync(FIXTURES)
  .filter((name) => name.endsWith('.chunks.txt'))
  .sort();

describe('anthropic stream: recorded streams', () => {
  it('has a whole body for every recorded stream but the web search one (pinned below)', () => {
    expect(recorded).toEqual([...Object.keys(WHOLE_BODIES), WEB_SEARCH].sort());
  });

  for (const name of recorded) {
    it(`${name}: the same deltas and response at every cut`, () => {
      const bytes = bytesOf(name);
      const reference = finished(feed(bytes));
      expect(reference.deltas.length).toBeGreaterThan(0);
      // Compared as JSON text: exact for these plain values, and fast enough for thousands of cuts.
      const expected = JSON.stringify(reference);
      for (const at of cutsOf(bytes)) {
        expect(JSON.stringify(finished(feed(bytes, at))), `cut at ${at}`).toBe(expected);
      }
    }, 120_000);
  }

  for (const [name, whole] of Object.entries(WHOLE_BODIES)) {
    it(`${name}: rebuilds the whole body and decodes exactly as it`, () => {
      const run = feed(bytesOf(name));
      expect(run.assembler.wholeBody()).toEqual(whole);
      const response = run.assembler.finish();
      expect(response).toEqual(anthropicWire.decode(whole, context()));
      expect(texts(run.deltas, 'text')).toBe(response.text);
      expect(texts(run.deltas, 'reasoning')).toBe(response.reasoningSummary);
      expect(calls(run.deltas)).toEqual(
        response.toolCalls.map((call) => ({ id: call.id, name: call.name, args: expect.any(String) })),
      );
      calls(run.deltas).forEach((call, i) => {
        expect(JSON.parse(call.args)).toEqual(response.toolCalls[i]?.arguments);
      });
    });
  }

  it('keeps the thinking block with its signature on the tool call path (clear-thinking)', () => {
    const response = feed(bytesOf('anthropic-clear-thinking.1.chunks.txt')).assembler.finish();
    expect(response.reasoningSummary).toBe(
      'The previous result was 925. Now I need to divide that by 5.\n\n925 ÷ 5 = 185',
    );
    expect(response.reasoningItems).toBe(1);
    expect(response.usage).toEqual({
      prompt: 69,
      completion: 53,
      cacheRead: 0,
      cacheWrite: 0,
      cacheWrite1h: 0,
      reasoning: 0,
    });
  });

  it('reads usage from message_start first, then message_delta (input tokens too)', () => {
    const run = feed(bytesOf('anthropic-message-delta-input-tokens.chunks.txt'));
    const usages = run.deltas.flatMap((d) => (d.kind === 'usage' ? [d.usage] : []));
    expect(usages.map((u) => [u.prompt, u.completion])).toEqual([
      [43, 1],
      [61, 2],
    ]);
    expect(run.assembler.finish().usage.prompt).toBe(61);
  });

  it('the web search stream: server tool blocks whole, citations kept, sources once each', () => {
    const payloads = recordedChunks(FOLDER + WEB_SEARCH).map(
      (line) => JSON.parse(line) as { content_block?: { type?: string } },
    );
    const run = feed(bytesOf(WEB_SEARCH));
    const response = run.assembler.finish();
    // Pinned from the chunk file by reading its text_delta lines (length, ends, SHA-256 prefix).
    expect(response.text.length).toBe(2402);
    expect(response.text.startsWith('Based on my search results, here are the')).toBe(true);
    expect(response.text.endsWith('ir first international retail expansion.')).toBe(true);
    expect(createHash('sha256').update(response.text).digest('hex').slice(0, 16)).toBe('2c86b5f34a531516');
    expect(texts(run.deltas, 'text')).toBe(response.text);
    expect(response).toMatchObject({
      toolCalls: [],
      finish: 'stop',
      usage: { prompt: 15665, completion: 795 },
      dropped: { server_tool_use: 1, web_search_tool_result: 1 },
      reasoningItems: 0,
      grounding: null,
    });
    const whole = run.assembler.wholeBody() as { content: Record<string, unknown>[]; usage: unknown };
    expect(whole.content).toHaveLength(21);
    expect(whole.content[0]).toEqual({
      type: 'server_tool_use',
      id: 'srvtoolu_01Bj5uzzLcYG5hfueSLcDH8k',
      name: 'web_search',
      input: { query: 'tech news today September 26 2025' },
    });
    const resultStart = payloads.find((p) => p.content_block?.type === 'web_search_tool_result');
    expect(whole.content[1]).toEqual(resultStart?.content_block);
    // 14 citations_delta events over the 9 text blocks that started with `citations: []`.
    const cited = whole.content.filter((block) => Array.isArray(block.citations));
    expect(cited).toHaveLength(9);
    expect(cited.flatMap((block) => block.citations as unknown[])).toHaveLength(14);
    expect(whole.usage).toMatchObject({ server_tool_use: { web_search_requests: 1 } });
    expect(run.deltas.flatMap((d) => (d.kind === 'source' ? [d.url] : []))).toEqual([
      'https://www.apple.com/newsroom/2025/09/the-all-new-apple-ginza-opens-this-friday-september-26-in-tokyo/',
      'https://future.forem.com/junyu_fang_a216509a97501d/fang-junyus-technology-weekly-september-26-2025-2ndd',
      'https://future.forem.com/om_shree_0709/major-tech-news-september-25-2025-5h38',
      'https://9to5mac.com/2025/09/22/ios-26-1-beta-1/',
    ]);
    // A server tool's input is not a canonical tool call: no tool-call delta for it.
    expect(run.deltas.some((d) => d.kind === 'tool-call')).toBe(false);
  });
});

const START = {
  type: 'message_start',
  message: {
    id: 'msg_x',
    type: 'message',
    role: 'assistant',
    model: 'claude-test',
    content: [],
    stop_reason: null,
    usage: { input_tokens: 5, output_tokens: 1 },
  },
};
const STOP = { type: 'message_stop' };
const textBlock = (index: number, text: string) => [
  { type: 'content_block_start', index, content_block: { type: 'text', text: '' } },
  { type: 'content_block_delta', index, delta: { type: 'text_delta', text } },
  { type: 'content_block_stop', index },
];
const END_TURN = {
  type: 'message_delta',
  delta: { stop_reason: 'end_turn' },
  usage: { output_tokens: 3 },
};

describe('anthropic stream: shapes the recordings do not have', () => {
  it('two thinking blocks and two tool calls: deltas join as the summary and the calls do', () => {
    const events = [
      START,
      { type: 'content_block_start', index: 0, content_block: { type: 'thinking', thinking: '' } },
      { type: 'content_block_delta', index: 0, delta: { type: 'thinking_delta', thinking: 'first' } },
      { type: 'content_block_stop', index: 0 },
      { type: 'content_block_start', index: 1, content_block: { type: 'redacted_thinking', data: 'xx' } },
      { type: 'content_block_stop', index: 1 },
      { type: 'content_block_start', index: 2, content_block: { type: 'thinking', thinking: 'sec' } },
      { type: 'content_block_delta', index: 2, delta: { type: 'thinking_delta', thinking: 'ond' } },
      { type: 'content_block_stop', index: 2 },
      {
        type: 'content_block_start',
        index: 3,
        content_block: { type: 'tool_use', id: 't1', name: 'a', input: {} },
      },
      { type: 'content_block_delta', index: 3, delta: { type: 'input_json_delta', partial_json: '{"x":' } },
      {
        type: 'content_block_delta',
        index: 3,
        delta: { type: 'input_json_delta', partial_json: '[1,"日本"]}' },
      },
      { type: 'content_block_stop', index: 3 },
      ...textBlock(4, 'between'),
      {
        type: 'content_block_start',
        index: 5,
        content_block: { type: 'tool_use', id: 't2', name: 'b', input: {} },
      },
      { type: 'content_block_stop', index: 5 },
      { type: 'message_delta', delta: { stop_reason: 'tool_use' }, usage: { output_tokens: 9 } },
      STOP,
    ];
    const bytes = sse(events);
    const run = feed(bytes);
    const response = run.assembler.finish();
    expect(response.reasoningSummary).toBe('first\n\nsecond');
    expect(texts(run.deltas, 'reasoning')).toBe(response.reasoningSummary);
    expect(response.reasoningItems).toBe(3);
    expect(response.toolCalls.map((c) => [c.id, c.arguments])).toEqual([
      ['t1', { x: [1, '日本'] }],
      ['t2', {}],
    ]);
    expect(calls(run.deltas)).toEqual([
      { id: 't1', name: 'a', args: '{"x":[1,"日本"]}' },
      { id: 't2', name: 'b', args: '{}' },
    ]);
    expect(response.text).toBe('between');
    expect(response.finish).toBe('tool_calls');
    for (const at of cuts(bytes)) expect(finished(feed(bytes, at))).toEqual(finished(run));
  });

  it('skips ping, unknown events and unknown delta types; reads the type when a proxy drops names', () => {
    const plain = sse([START, ...textBlock(0, 'hi'), END_TURN, STOP]);
    const noisy = sse([
      START,
      { type: 'ping' },
      { type: 'message_future', anything: [1] },
      ...textBlock(0, 'hi'),
      { type: 'content_block_delta', index: 0, delta: { type: 'future_delta', x: 1 } },
      END_TURN,
      STOP,
    ]);
    const unnamed = sseBody([START, ...textBlock(0, 'hi'), END_TURN, STOP].map((e) => JSON.stringify(e)));
    const expected = finished(feed(plain));
    expect(expected.response.text).toBe('hi');
    expect(finished(feed(noisy))).toEqual(expected);
    expect(finished(feed(unnamed))).toEqual(expected);
  });

  it('a stream cut before message_stop, or never started, is a parse error', () => {
    const payloads = recordedChunks(FOLDER + 'anthropic-text.chunks.txt');
    for (const keep of [payloads.length - 1, payloads.length - 3, 1]) {
      const error = failure(feed(sseBody(payloads.slice(0, keep), { named: true })));
      expect(error.info.kind).toBe('parse');
      expect(error.message).toContain('before message_stop');
    }
    const empty = failure(feed(new Uint8Array()));
    expect(empty.info.kind).toBe('parse');
    expect(empty.message).toContain('before message_start');
    // The half of the last event a cut leaves is not an event (the SSE decoder drops it).
    const bytes = bytesOf('anthropic-text.chunks.txt');
    expect(failure(feed(bytes.subarray(0, bytes.length - 3))).info.kind).toBe('parse');
  });

  it('broken JSON in an event or in the tool input is a parse error', () => {
    const broken = sseBody([JSON.stringify(START), '{"type":"content_block_start","index":0,'], {
      named: false,
    });
    const error = failure(feed(broken));
    expect(error.info).toEqual({ kind: 'parse', raw: '{"type":"content_block_start","index":0,' });
    expect(error.message).toContain('not JSON');

    const badInput = sse([
      START,
      {
        type: 'content_block_start',
        index: 0,
        content_block: { type: 'tool_use', id: 't', name: 'n', input: {} },
      },
      { type: 'content_block_delta', index: 0, delta: { type: 'input_json_delta', partial_json: '{"a":' } },
      { type: 'content_block_stop', index: 0 },
      END_TURN,
      STOP,
    ]);
    const inputError = failure(feed(badInput));
    expect(inputError.info).toEqual({ kind: 'parse', raw: '{"a":' });
    expect(inputError.message).toContain('tool_use n');
  });

  it('a delta for a block that never started is a parse error, not a lost piece', () => {
    const error = failure(
      feed(
        sse([
          START,
          { type: 'content_block_delta', index: 4, delta: { type: 'text_delta', text: 'x' } },
          STOP,
        ]),
      ),
    );
    expect(error.info.kind).toBe('parse');
    expect(error.message).toContain('never started');
  });
});

describe('anthropic stream: error events', () => {
  const OVERLOADED = { type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } };

  it('an error event mid-stream is the provider error; the deltas before it stay, later ones stop', () => {
    const run = feed(
      sse([START, ...textBlock(0, 'partial'), OVERLOADED, ...textBlock(1, 'more'), END_TURN, STOP]),
    );
    expect(texts(run.deltas, 'text')).toBe('partial');
    const error = failure(run);
    expect(error.info).toEqual({
      kind: 'api',
      status: 529,
      body: JSON.stringify(OVERLOADED),
      class: 'Overloaded',
      code: 'overloaded_error',
      retryAfterMs: null,
      hintSrc: 'none',
    });
    expect(error.isTransient()).toBe(true);
    expect(error.message).toContain('Overloaded');
  });

  it('reads each documented error type as its status would be read; an unknown type as a 500', () => {
    const classOf = (type: string) => {
      const info = failure(feed(sse([START, { type: 'error', error: { type, message: 'm' } }]))).info;
      return info.kind === 'api' ? [info.status, info.class] : info.kind;
    };
    expect(classOf('rate_limit_error')).toEqual([429, 'RateLimit']);
    expect(classOf('authentication_error')).toEqual([401, 'Auth']);
    expect(classOf('invalid_request_error')).toEqual([400, 'ClientError']);
    expect(classOf('api_error')).toEqual([500, 'ServerError']);
    expect(classOf('something_new')).toEqual([500, 'ServerError']);
    expect(classOf('__proto__')).toEqual([500, 'ServerError']);
  });

  describe('the same LlmError as the whole path gives for the same error body', () => {
    let server: Server;
    let status = 0;
    let body = '';
    beforeAll(async () => {
      server = createServer((_req, res) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(body);
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    });
    afterAll(async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    });

    for (const [type, code] of [
      ['invalid_request_error', 400],
      ['overloaded_error', 529],
    ] as const) {
      it(type, async () => {
        const event = { type: 'error', error: { type, message: `said ${type}` } };
        status = code;
        body = JSON.stringify(event);
        const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
        const template = { ...context().template, baseUrl };
        const backend = new HttpLlmBackend(
          { provider: 'anthropic', baseUrl, model: context().model, apiKey: 'sk-test-0000', template },
          { log: new MemoryDiagLog(), jitter: () => 0, sleep: async () => true },
        );
        const whole = await backend.chat(request()).then(
          () => {
            throw new Error('the call did not fail');
          },
          (error: unknown) => error as LlmError,
        );
        const streamed = failure(feed(sse([START, event])));
        expect(streamed.info).toEqual(whole.info);
        expect(whole.message).toContain(`said ${type}`);
        expect(streamed.message).toContain(`said ${type}`);
      });
    }
  });
});

describe('anthropic stream: the request', () => {
  it('asks for a stream by adding stream: true last, at the same URL', () => {
    const encoded = anthropicWire.encode(request(), context()) as Record<string, unknown>;
    const body = streaming.body(encoded, context()) as Record<string, unknown>;
    expect(body).toEqual({ ...encoded, stream: true });
    expect(Object.keys(body)).toEqual([...Object.keys(encoded), 'stream']);
    expect(encoded).not.toHaveProperty('stream');
    expect(streaming.url).toBeUndefined();
  });
});
