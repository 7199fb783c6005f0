/**
 * The contract of the streaming client (issue 23): for the same reply, a streamed call and a whole
 * call over HTTP give the same ChatResponse (or the same error), on every wire, through the same
 * post-processing (usage fallback, notes, empty-answer checks). Each case pairs a recorded chunk file
 * with a whole body of the same reply (test/fakes/stream-pairs.ts):
 * - OpenAI-compatible: the whole body the recorded chunks add up to (content, reasoning, finish, usage);
 * - Anthropic: the whole bodies pinned beside the recorded streams (stream-recorded.expected.ts);
 * - Gemini: no recorded whole body is the same reply as a recorded stream, so the whole body is the
 *   one the stream parser rebuilds (`GeminiStreamAssembler.body()`); this checks the client's half;
 * - OpenAI and xAI Responses: the `response` of the stream's own `response.completed`;
 * - Perplexity and Meta: no recorded streams; their ledger-shaped whole bodies, streamed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatResponse } from '../src/llm/canonical.ts';
import type { ChatOptions } from '../src/llm/backend.ts';
import { LlmError } from '../src/llm/llm-error.ts';
import { FakeProvider } from './fakes/fake-provider.ts';
import { DeltaRecorder, STREAM_REQUEST, streamBackend } from './fakes/stream-backend.ts';
import { PAIRS, type Json } from './fakes/stream-pairs.ts';

type Outcome = { response: ChatResponse } | { error: { code: string; info: unknown; message: string } };

async function outcomeOf(call: Promise<ChatResponse>): Promise<Outcome> {
  try {
    return { response: await call };
  } catch (error) {
    if (!(error instanceof LlmError)) throw error;
    return { error: { code: error.code, info: error.info, message: error.message } };
  }
}

let fake: FakeProvider;
beforeAll(async () => {
  fake = await new FakeProvider().start();
});
afterAll(async () => {
  await fake.stop();
});

describe('a streamed call gives what the whole call gives, on every wire', () => {
  it('covers all seven wires', () => {
    expect(new Set(PAIRS.map((p) => p.provider)).size).toBe(7);
  });

  for (const pair of PAIRS) {
    it(`${pair.provider} ${pair.name}`, async () => {
      const { backend } = streamBackend(fake, pair.provider);
      const before = fake.requests.length;
      fake.enqueue({ stream: { bytes: pair.bytes } }, { body: pair.whole });
      const recorder = new DeltaRecorder();
      const options: ChatOptions = { onDelta: recorder.onDelta };
      const streamed = await outcomeOf(backend.chat(STREAM_REQUEST, options));
      const whole = await outcomeOf(backend.chat(STREAM_REQUEST));
      expect(streamed).toEqual(whole);
      if ('response' in streamed) {
        expect(recorder.text).toBe(streamed.response.text);
      }
      const [streamRequest, wholeRequest] = fake.requests.slice(before);
      expect((wholeRequest!.body as Json).stream).toBeUndefined();
      if (pair.provider === 'gemini') {
        // Gemini streams at another address with the same body.
        expect(streamRequest!.rawBody).toBe(wholeRequest!.rawBody);
        expect(streamRequest!.path).toBe('/v1/models/gemini-test:streamGenerateContent?alt=sse');
        expect(wholeRequest!.path).toBe('/v1/models/gemini-test:generateContent');
      } else {
        expect((streamRequest!.body as Json).stream).toBe(true);
        expect(streamRequest!.path).toBe(wholeRequest!.path);
      }
    });
  }
});
