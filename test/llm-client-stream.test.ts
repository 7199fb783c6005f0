/**
 * The HTTP client reading streamed replies (issue 23) over real HTTP: a node:http fake provider
 * writes recorded chunk files in odd-sized pieces with small gaps. Deltas arrive before the end;
 * retries happen only before the first visible delta; a cut stream keeps what was shown; an
 * interrupt mid-stream stops the socket; a streaming refusal falls back once; the key never leaks.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LlmCallAborted } from '../src/llm/call-aborted.ts';
import { LlmError } from '../src/llm/llm-error.ts';
import { recordedChunks, sseBody } from '../src/llm/stream/stream-test-helpers.ts';
import { FakeProvider } from './fakes/fake-provider.ts';
import { DeltaRecorder, STREAM_API_KEY, STREAM_REQUEST, streamBackend } from './fakes/stream-backend.ts';

const OPENAI_TEXT = recordedChunks('openai-chat-completions/openai-text.chunks.txt');
const openAiBytes = (payloads = OPENAI_TEXT) => sseBody(payloads, { done: true });
const ANTHROPIC_TEXT = recordedChunks('anthropic-messages/anthropic-text.chunks.txt');
const anthropicBytes = (payloads = ANTHROPIC_TEXT) => sseBody(payloads, { named: true });

/** The byte offset just after the `n`-th event of an SSE body (events end in a blank line). */
function afterEvent(bytes: Uint8Array, n: number): number {
  const text = new TextDecoder().decode(bytes);
  let at = 0;
  for (let i = 0; i < n; i += 1) at = text.indexOf('\n\n', at) + 2;
  return Buffer.byteLength(text.slice(0, at), 'utf8');
}

function gate(): { promise: Promise<void>; open: () => void } {
  let open = () => {};
  const promise = new Promise<void>((resolve) => (open = resolve));
  return { promise, open };
}

async function failure(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected a failure');
}

let fake: FakeProvider;
beforeEach(async () => {
  fake = await new FakeProvider().start();
});
afterEach(async () => {
  await fake.stop();
});

describe('streaming over HTTP', () => {
  it('hands out deltas as the stream arrives, before its end, and resolves with the reply they add up to', async () => {
    const bytes = openAiBytes();
    const held = gate();
    fake.enqueue({ stream: { bytes, holdAt: afterEvent(bytes, 40), release: held.promise } });
    const { backend } = streamBackend(fake, 'open_ai_compat');
    const recorder = new DeltaRecorder();
    let settled = false;
    const call = backend.chat(STREAM_REQUEST, { onDelta: recorder.onDelta }).finally(() => (settled = true));
    await recorder.first('text');
    // The provider holds the rest of the stream: the call is still open, and text was shown.
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(settled).toBe(false);
    expect(recorder.text.length).toBeGreaterThan(10);
    held.open();
    const response = await call;
    expect(recorder.text).toBe(response.text);
    expect(response.text).toHaveLength(1724);
    expect(recorder.deltas.at(-1)).toEqual({ kind: 'usage', usage: response.usage });

    const sent = fake.requests[0]!;
    expect(sent.body).toMatchObject({ stream: true, stream_options: { include_usage: true } });
    expect(sent.headers.accept).toBe('text/event-stream');
  });

  it('without onDelta the call is made whole, as before', async () => {
    fake.enqueue({ body: { choices: [{ message: { content: 'whole' }, finish_reason: 'stop' }] } });
    const response = await streamBackend(fake, 'open_ai_compat').backend.chat(STREAM_REQUEST);
    expect(response.text).toBe('whole');
    expect(fake.requests[0]!.body).not.toHaveProperty('stream');
    expect(fake.requests[0]!.headers.accept).not.toBe('text/event-stream');
  });

  it('a provider that ignores `stream` and answers JSON is read whole', async () => {
    fake.enqueue({ body: { choices: [{ message: { content: 'whole anyway' }, finish_reason: 'stop' }] } });
    const recorder = new DeltaRecorder();
    const response = await streamBackend(fake, 'open_ai_compat').backend.chat(STREAM_REQUEST, {
      onDelta: recorder.onDelta,
    });
    expect(response.text).toBe('whole anyway');
    expect(recorder.deltas).toEqual([]);
  });
});

describe('streaming: retries only before the first visible delta', () => {
  it('a 429 to the stream request is read whole, classified and retried (Retry-After honoured)', async () => {
    fake.enqueue(
      {
        status: 429,
        headers: { 'retry-after': '2' },
        body: {
          error: { message: 'Rate limit reached', type: 'rate_limit_error', code: 'rate_limit_exceeded' },
        },
      },
      { stream: { bytes: openAiBytes() } },
    );
    const { backend, log, waits } = streamBackend(fake, 'open_ai_compat');
    const recorder = new DeltaRecorder();
    const response = await backend.chat(STREAM_REQUEST, { onDelta: recorder.onDelta });
    expect(fake.requests).toHaveLength(2);
    expect(waits).toEqual([2000]);
    expect(log.lines).toEqual([
      'llm retry: model=test-model attempt=1/3 status=429 class=RateLimit code=rate_limit_exceeded hint=2s src=header wait=2000ms',
    ]);
    expect(recorder.text).toBe(response.text);
  });

  it('an error event before any visible delta (Anthropic: after message_start) is retried', async () => {
    const overloaded = JSON.stringify({
      type: 'error',
      error: { type: 'overloaded_error', message: 'Overloaded' },
    });
    fake.enqueue(
      { stream: { bytes: anthropicBytes([ANTHROPIC_TEXT[0]!, overloaded]) } },
      { stream: { bytes: anthropicBytes() } },
    );
    const { backend, log } = streamBackend(fake, 'anthropic');
    const recorder = new DeltaRecorder();
    const response = await backend.chat(STREAM_REQUEST, { onDelta: recorder.onDelta });
    expect(fake.requests).toHaveLength(2);
    expect(log.lines[0]).toMatch(/^llm retry: model=claude-test attempt=1\/3 status=529 class=Overloaded /);
    expect(response.text).toMatch(/^Hello! /);
    expect(recorder.text).toBe(response.text);
  });

  it('a stream cut before any visible delta is a Network error like any other, and retried', async () => {
    const bytes = openAiBytes();
    // The first chunk carries only the role and an empty content: nothing is shown.
    fake.enqueue({ stream: { bytes, cutAt: afterEvent(bytes, 1) } }, { stream: { bytes } });
    const { backend, log } = streamBackend(fake, 'open_ai_compat');
    const recorder = new DeltaRecorder();
    const response = await backend.chat(STREAM_REQUEST, { onDelta: recorder.onDelta });
    expect(fake.requests).toHaveLength(2);
    expect(log.lines).toEqual([
      expect.stringMatching(/^llm retry: model=test-model attempt=1\/3 status=- class=Network /),
    ]);
    expect(recorder.text).toBe(response.text);
  });

  it("what the caller's onDelta throws ends the call as it is: not retried, not read as the provider's failure", async () => {
    fake.enqueue({ stream: { bytes: openAiBytes() } });
    const { backend, log } = streamBackend(fake, 'open_ai_compat');
    const thrown = new Error('the UI broke');
    const error = await failure(
      backend.chat(STREAM_REQUEST, {
        onDelta: (delta) => {
          if (delta.kind === 'text') throw thrown;
        },
      }),
    );
    expect(error).toBe(thrown);
    expect(fake.requests).toHaveLength(1);
    expect(log.lines).toEqual([]);
  });

  it('a stream cut after text was shown is not retried and keeps the text shown', async () => {
    const bytes = openAiBytes();
    fake.enqueue({ stream: { bytes, cutAt: afterEvent(bytes, 30) + 5 } });
    const { backend, log } = streamBackend(fake, 'open_ai_compat');
    const recorder = new DeltaRecorder();
    const error = await failure(backend.chat(STREAM_REQUEST, { onDelta: recorder.onDelta }));
    expect(error).toBeInstanceOf(LlmError);
    const cut = error as LlmError;
    expect(cut.info.kind).toBe('http');
    expect(cut.partialText).toBe(recorder.text);
    expect(cut.partialText!.length).toBeGreaterThan(10);
    expect(cut.isTransient()).toBe(false);
    expect(fake.requests).toHaveLength(1);
    expect(log.lines).toEqual([
      expect.stringMatching(
        /^llm retry stop: model=test-model attempt=1\/3 status=- class=Network .* reason=stream_cut$/,
      ),
    ]);
  });

  it('a stream that ends cleanly before its last event is a cut parse error with the text shown', async () => {
    const bytes = openAiBytes();
    fake.enqueue({ stream: { bytes, endAt: afterEvent(bytes, 30) } });
    const recorder = new DeltaRecorder();
    const { backend, log } = streamBackend(fake, 'open_ai_compat');
    const error = (await failure(backend.chat(STREAM_REQUEST, { onDelta: recorder.onDelta }))) as LlmError;
    expect(error.code).toBe('LLM_PARSE');
    expect(error.partialText).toBe(recorder.text);
    expect(error.partialText).not.toBe('');
    expect(fake.requests).toHaveLength(1);
    expect(log.lines).toEqual([
      'llm retry stop: model=test-model attempt=1/3 status=- class=- code=- hint=- src=none reason=stream_cut',
    ]);
  });

  it('an error event after text was shown is the Api error, cut, and not retried even when its class could be', async () => {
    const limited = JSON.stringify({
      type: 'error',
      error: { type: 'overloaded_error', message: 'Overloaded' },
    });
    const payloads = [...ANTHROPIC_TEXT.slice(0, 4), limited];
    fake.enqueue({ stream: { bytes: anthropicBytes(payloads) } });
    const { backend } = streamBackend(fake, 'anthropic');
    const recorder = new DeltaRecorder();
    const error = (await failure(backend.chat(STREAM_REQUEST, { onDelta: recorder.onDelta }))) as LlmError;
    expect(error.info).toMatchObject({ kind: 'api', class: 'Overloaded' });
    expect(error.partialText).toBe('Hello');
    expect(fake.requests).toHaveLength(1);
  });
});

describe('streaming: interrupt and timeout', () => {
  it('an interrupt mid-stream rejects with LlmCallAborted(sent) carrying the text shown, and closes the socket', async () => {
    const bytes = openAiBytes();
    fake.enqueue({ stream: { bytes, holdAt: afterEvent(bytes, 20), release: new Promise(() => {}) } });
    const { backend } = streamBackend(fake, 'open_ai_compat');
    const recorder = new DeltaRecorder();
    const controller = new AbortController();
    const call = backend.chat(STREAM_REQUEST, { onDelta: recorder.onDelta, signal: controller.signal });
    await recorder.first('text');
    await new Promise((resolve) => setTimeout(resolve, 20));
    controller.abort();
    const error = await failure(call);
    expect(error).toBeInstanceOf(LlmCallAborted);
    expect((error as LlmCallAborted).sent).toBe(true);
    expect((error as LlmCallAborted).partialText).toBe(recorder.text);
    expect(recorder.text.length).toBeGreaterThan(5);
    for (let i = 0; i < 100 && fake.streamsClosedEarly === 0; i += 1)
      await new Promise((r) => setTimeout(r, 5));
    expect(fake.streamsClosedEarly).toBe(1);
    expect(fake.requests).toHaveLength(1);
  });

  it('a stream that keeps sending outlives the request timeout; a silent gap longer than it is a cut Timeout', async () => {
    // 0.3 s timeout: the stream below takes ~0.6 s in all, with gaps of 40 ms.
    const bytes = openAiBytes();
    fake.enqueue({ stream: { bytes, pieces: [Math.ceil(bytes.length / 15)], gapMs: 40 } });
    const timed = streamBackend(fake, 'open_ai_compat', { requestTimeoutSecs: 0.3, maxRetries: 0 });
    const started = Date.now();
    const response = await timed.backend.chat(STREAM_REQUEST, { onDelta: () => {} });
    expect(Date.now() - started).toBeGreaterThan(450);
    expect(response.text).toHaveLength(1724);

    fake.enqueue({ stream: { bytes, holdAt: afterEvent(bytes, 20), release: new Promise(() => {}) } });
    const recorder = new DeltaRecorder();
    const error = (await failure(
      timed.backend.chat(STREAM_REQUEST, { onDelta: recorder.onDelta }),
    )) as LlmError;
    expect(error.info).toMatchObject({ kind: 'http', class: 'Timeout' });
    expect(error.message).toBe(`${timed.backend.name()} sent nothing for 0.3 s in the middle of its reply`);
    expect(error.partialText).toBe(recorder.text);
  });
});

describe('streaming: a socket that fails after the events said how the reply ended', () => {
  it('an error event, then silence: the error event is the failure, not the idle clock', async () => {
    const overloaded = JSON.stringify({
      type: 'error',
      error: { type: 'overloaded_error', message: 'Overloaded' },
    });
    const bytes = anthropicBytes([...ANTHROPIC_TEXT.slice(0, 4), overloaded]);
    fake.enqueue({ stream: { bytes, holdAt: bytes.length, release: new Promise(() => {}) } });
    const { backend } = streamBackend(fake, 'anthropic', { requestTimeoutSecs: 0.2, maxRetries: 0 });
    const error = (await failure(backend.chat(STREAM_REQUEST, { onDelta: () => {} }))) as LlmError;
    expect(error.info).toMatchObject({ kind: 'api', class: 'Overloaded' });
    expect(error.partialText).toBe('Hello');
  });

  it('the final event, then a reset before the body ended: the reply is whole', async () => {
    const bytes = anthropicBytes();
    fake.enqueue({
      stream: { bytes: new Uint8Array([...bytes, ...new TextEncoder().encode(': x')]), cutAt: bytes.length },
    });
    const { backend } = streamBackend(fake, 'anthropic');
    const recorder = new DeltaRecorder();
    const response = await backend.chat(STREAM_REQUEST, { onDelta: recorder.onDelta });
    expect(response.text).toMatch(/^Hello! /);
    expect(recorder.text).toBe(response.text);
  });
});

describe('streaming: refusal falls back once', () => {
  it('a 400 naming `stream` is asked again whole, logged once, and later calls go whole directly', async () => {
    fake.enqueue(
      {
        status: 400,
        body: {
          error: {
            message: "Unsupported value: 'stream' does not support true with this model.",
            type: 'invalid_request_error',
            param: 'stream',
            code: 'unsupported_value',
          },
        },
      },
      { body: { choices: [{ message: { content: 'whole one' }, finish_reason: 'stop' }] } },
      { body: { choices: [{ message: { content: 'whole two' }, finish_reason: 'stop' }] } },
    );
    const { backend, log } = streamBackend(fake, 'open_ai_compat');
    const recorder = new DeltaRecorder();
    expect((await backend.chat(STREAM_REQUEST, { onDelta: recorder.onDelta })).text).toBe('whole one');
    expect((await backend.chat(STREAM_REQUEST, { onDelta: recorder.onDelta })).text).toBe('whole two');
    expect(fake.requests.map((r) => (r.body as { stream?: boolean }).stream ?? false)).toEqual([
      true,
      false,
      false,
    ]);
    expect(log.lines).toEqual([
      `WARN llm stream fallback: backend=${backend.name()} model=test-model status=400 reason=Unsupported value: 'stream' does not support true with this model.`,
    ]);
    expect(recorder.deltas).toEqual([]);
  });

  it('another 400 is an error as on the whole path, with no fallback', async () => {
    fake.enqueue({
      status: 400,
      body: { error: { message: 'max_tokens is too large', code: 'invalid_value' } },
    });
    const { backend, log } = streamBackend(fake, 'open_ai_compat');
    const error = (await failure(backend.chat(STREAM_REQUEST, { onDelta: () => {} }))) as LlmError;
    expect(error.info).toMatchObject({ kind: 'api', status: 400, class: 'ClientError' });
    expect(fake.requests).toHaveLength(1);
    expect(log.lines.some((l) => l.includes('stream fallback'))).toBe(false);
  });
});

describe('streaming: the API key never leaves the client', () => {
  it('an error event echoing the key, mid-stream, is redacted in the error, its info and the log', async () => {
    const echo = JSON.stringify({
      type: 'error',
      error: { type: 'api_error', message: `Internal error for key ${STREAM_API_KEY}` },
    });
    fake.enqueue({ stream: { bytes: anthropicBytes([...ANTHROPIC_TEXT.slice(0, 4), echo]) } });
    const { backend, log } = streamBackend(fake, 'anthropic');
    const error = (await failure(backend.chat(STREAM_REQUEST, { onDelta: () => {} }))) as LlmError;
    expect(error.info.kind).toBe('api');
    expect(error.message).toContain('[redacted]');
    for (const text of [
      error.message,
      JSON.stringify(error.info),
      JSON.stringify(error.toCoreError().toPayload()),
      log.lines.join('\n'),
    ])
      expect(text).not.toContain(STREAM_API_KEY);
  });

  it('an error event before any delta echoing the key, retried and then given up, leaks it nowhere', async () => {
    const echo = JSON.stringify({
      type: 'error',
      error: { type: 'overloaded_error', message: `Overloaded (${STREAM_API_KEY})` },
    });
    for (let i = 0; i < 4; i += 1)
      fake.enqueue({ stream: { bytes: anthropicBytes([ANTHROPIC_TEXT[0]!, echo]) } });
    const { backend, log } = streamBackend(fake, 'anthropic');
    const error = (await failure(backend.chat(STREAM_REQUEST, { onDelta: () => {} }))) as LlmError;
    expect(fake.requests).toHaveLength(4);
    expect(error.partialText).toBeNull();
    expect(log.lines).toHaveLength(4);
    for (const text of [error.message, JSON.stringify(error.info), log.lines.join('\n')])
      expect(text).not.toContain(STREAM_API_KEY);
  });

  it('a streaming refusal echoing the key: the fallback line is redacted', async () => {
    fake.enqueue(
      { status: 422, body: { error: { message: `stream_options not allowed for ${STREAM_API_KEY}` } } },
      { body: { choices: [{ message: { content: 'ok' }, finish_reason: 'stop' }] } },
    );
    const { backend, log } = streamBackend(fake, 'open_ai_compat');
    await backend.chat(STREAM_REQUEST, { onDelta: () => {} });
    expect(log.lines).toHaveLength(1);
    expect(log.lines[0]).toContain('status=422 reason=stream_options not allowed for [redacted]');
    expect(log.lines[0]).not.toContain(STREAM_API_KEY);
  });
});
