/**
 * Test-only: pairs of one reply on every wire, as a recorded chunk stream and as the whole body of
 * the same reply (issue 23). Shared by the client contract (llm-client-stream-equality.test.ts) and
 * the turn contract (turn-stream-contract.test.ts). How each whole body is found:
 * - OpenAI-compatible: the whole body the recorded chunks add up to (content, reasoning, finish, usage);
 * - Anthropic: the whole bodies pinned beside the recorded streams (stream-recorded.expected.ts);
 * - Gemini: no recorded whole body is the same reply as a recorded stream, so the whole body is the
 *   one the stream parser rebuilds (`GeminiStreamAssembler.body()`); this checks the client's half;
 * - OpenAI and xAI Responses: the `response` of the stream's own `response.completed`;
 * - Perplexity and Meta: no recorded streams; their ledger-shaped whole bodies, streamed.
 */
import type { Provider } from '../../src/domain/enums.ts';
import { SseDecoder } from '../../src/llm/stream/sse-decoder.ts';
import { recordedChunks, sseBody } from '../../src/llm/stream/stream-test-helpers.ts';
import { WHOLE_BODIES } from '../../src/llm/wires/anthropic/stream-recorded.expected.ts';
import { GeminiStreamAssembler } from '../../src/llm/wires/gemini/stream-gemini.ts';
import { fixture as metaFixture } from '../../src/llm/wires/meta-responses/meta-test-helpers.ts';
import { fixture as perplexityFixture } from '../../src/llm/wires/perplexity-responses/perplexity-test-helpers.ts';
import {
  recordedStreams,
  responsesSse,
  streamOfWhole,
  typeOf,
} from '../../src/llm/wires/responses/responses-stream-test-helpers.ts';

export type Json = Record<string, unknown>;

export interface Pair {
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

export const PAIRS: Pair[] = [
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
