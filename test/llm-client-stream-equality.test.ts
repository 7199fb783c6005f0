/**
 * The contract of the streaming client (issue 23): for the same reply, a streamed call and a whole
 * call over HTTP give the same ChatResponse (or the same error), on every wire, through the same
 * post-processing (usage fallback, notes, empty-answer checks). Each case pairs a recorded chunk file
 * with a whole body of the same reply:
 * - OpenAI-compatible: the whole body the recorded chunks add up to (content, reasoning, finish, usage);
 * - Anthropic: the whole bodies pinned beside the recorded streams (stream-recorded.expected.ts);
 * - Gemini: no recorded whole body is the same reply as a recorded stream, so the whole body is the
 *   one the stream parser rebuilds (`GeminiStreamAssembler.body()`); this checks the client's half;
 * - OpenAI and xAI Responses: the `response` of the stream's own `response.completed`;
 * - Perplexity and Meta: no recorded streams; their ledger-shaped whole bodies, streamed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Provider } from '../src/domain/enums.ts';
import type { ChatResponse } from '../src/llm/canonical.ts';
import type { ChatOptions } from '../src/llm/backend.ts';
import { LlmError } from '../src/llm/llm-error.ts';
import { SseDecoder } from '../src/llm/stream/sse-decoder.ts';
import { recordedChunks, sseBody } from '../src/llm/stream/stream-test-helpers.ts';
import { WHOLE_BODIES } from '../src/llm/wires/anthropic/stream-recorded.expected.ts';
import { GeminiStreamAssembler } from '../src/llm/wires/gemini/stream-gemini.ts';
import { fixture as metaFixture } from '../src/llm/wires/meta-responses/meta-test-helpers.ts';
import { fixture as perplexityFixture } from '../src/llm/wires/perplexity-responses/perplexity-test-helpers.ts';
import {
  recordedStreams,
  responsesSse,
  streamOfWhole,
  typeOf,
} from '../src/llm/wires/responses/responses-stream-test-helpers.ts';
import { FakeProvider } from './fakes/fake-provider.ts';
import { DeltaRecorder, STREAM_REQUEST, streamBackend } from './fakes/stream-backend.ts';

type Json = Record<string, unknown>;

interface Pair {
  provider: Provider;
  name: string;
  bytes: Uint8Array;
  whole: unknown;
}

function compatWhole(payloads: readonly string[]): Json {
  let content = '';
  let reasoning = '';
  let finish: unknown = null;
  let usage: unknown = null;
  for (const line of payloads) {
    const chunk = JSON.parse(line) as {
      choices?: {
        delta?: { content?: string | null; reasoning_content?: string | null };
        finish_reason?: unknown;
      }[];
      usage?: unknown;
    };
    const choice = chunk.choices?.[0];
    content += choice?.delta?.content ?? '';
    reasoning += choice?.delta?.reasoning_content ?? '';
    if (choice?.finish_reason) finish = choice.finish_reason;
    if (chunk.usage) usage = chunk.usage;
  }
  const message: Json = { role: 'assistant', content };
  if (reasoning !== '') message.reasoning_content = reasoning;
  return { choices: [{ index: 0, message, finish_reason: finish }], usage };
}

function compatPair(file: string): Pair {
  const payloads = recordedChunks(`openai-chat-completions/${file}`);
  return {
    provider: 'open_ai_compat',
    name: file,
    bytes: sseBody(payloads, { done: true }),
    whole: compatWhole(payloads),
  };
}

function geminiPair(file: string): Pair {
  const payloads = recordedChunks(`gemini-generate-content/${file}`);
  const bytes = sseBody(payloads);
  const assembler = new GeminiStreamAssembler();
  const decoder = new SseDecoder();
  for (const event of [...decoder.push(bytes), ...decoder.end()]) assembler.push(event);
  return { provider: 'gemini', name: file, bytes, whole: assembler.body() };
}

function responsesPair(provider: Provider, file: string): Pair {
  const [payloads] = recordedStreams(file);
  const completed = payloads!.findLast((p) => typeOf(p) === 'response.completed')!;
  return {
    provider,
    name: file,
    bytes: responsesSse(payloads!),
    whole: (JSON.parse(completed) as { response: unknown }).response,
  };
}

function streamedWholePair(provider: Provider, name: string, whole: Json): Pair {
  return { provider, name, bytes: responsesSse(streamOfWhole(whole, 5)), whole };
}

/** A server that ignores `include_usage`: no counts either way, so the usage fallback estimates both. */
function compatPairWithoutUsage(file: string): Pair {
  const payloads = recordedChunks(`openai-chat-completions/${file}`).filter(
    (line) => (JSON.parse(line) as { usage?: unknown }).usage == null,
  );
  const pair = compatPair(file);
  return {
    ...pair,
    name: `${file} without usage`,
    bytes: sseBody(payloads, { done: true }),
    whole: compatWhole(payloads),
  };
}

const PAIRS: Pair[] = [
  compatPair('openai-text.chunks.txt'),
  compatPairWithoutUsage('openai-text.chunks.txt'),
  compatPair('deepseek-text.chunks.txt'),
  compatPair('deepseek-reasoning.chunks.txt'),
  ...Object.entries(WHOLE_BODIES).map(([file, whole]) => ({
    provider: 'anthropic' as const,
    name: file,
    bytes: sseBody(recordedChunks(`anthropic-messages/${file}`), { named: true }),
    whole,
  })),
  geminiPair('google-text.chunks.txt'),
  geminiPair('google-reasoning.chunks.txt'),
  geminiPair('google-tool-call.chunks.txt'),
  geminiPair('google-stream-tool-call-arguments.chunks.txt'),
  responsesPair('open_ai_responses', 'openai-responses/openai-custom-tool.1.chunks.txt'),
  responsesPair('open_ai_responses', 'openai-responses/openai-phase.1.chunks.txt'),
  responsesPair('open_ai_responses', 'openai-responses/openai-web-search-tool.1.chunks.txt'),
  responsesPair('xai_responses', 'xai-responses/xai-text-streaming.1.chunks.txt'),
  responsesPair('xai_responses', 'xai-responses/xai-text-with-reasoning-streaming.1.chunks.txt'),
  responsesPair('xai_responses', 'xai-responses/xai-x-search-tool.chunks.txt'),
  streamedWholePair(
    'perplexity_responses',
    'pplx-web-search.json',
    perplexityFixture('pplx-web-search.json'),
  ),
  streamedWholePair(
    'perplexity_responses',
    'pplx-function-call.json',
    perplexityFixture('pplx-function-call.json'),
  ),
  streamedWholePair(
    'meta_responses',
    'meta-text-reasoning.json',
    metaFixture('meta-text-reasoning.json') as Json,
  ),
  streamedWholePair(
    'meta_responses',
    'meta-function-call.json',
    metaFixture('meta-function-call.json') as Json,
  ),
];

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
