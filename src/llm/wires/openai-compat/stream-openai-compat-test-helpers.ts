/** Test-only runners for the compat stream assembler (imported by *.test.ts only). */
import type { ChatResponse } from '../../canonical.ts';
import { SseDecoder } from '../../stream/sse-decoder.ts';
import type { StreamDelta } from '../../stream/stream-delta.ts';
import { eventsSplitAt } from '../../stream/stream-test-helpers.ts';
import { openAiCompatWire } from './index.ts';
import { context } from './openai-compat-test-helpers.ts';

export interface StreamRun {
  deltas: StreamDelta[];
  /** finish()'s response, or what it threw. */
  response: ChatResponse | null;
  error: unknown;
}

function assemble(events: { event: string; data: string }[]): StreamRun {
  const streaming = openAiCompatWire.streaming;
  if (streaming === undefined) throw new Error('the compat wire has no streaming half');
  const assembler = streaming.assembler(context());
  const deltas = events.flatMap((event) => assembler.push(event));
  try {
    return { deltas, response: assembler.finish(), error: null };
  } catch (error) {
    return { deltas, response: null, error };
  }
}

/** The bytes as two chunks cut at `at`, through a fresh SSE decoder and a fresh assembler. */
export function runSplitAt(bytes: Uint8Array, at: number): StreamRun {
  return assemble(eventsSplitAt(bytes, at));
}

/** The bytes fed one byte at a time (every boundary at once, multi-byte characters split). */
export function runByteByByte(bytes: Uint8Array): StreamRun {
  const decoder = new SseDecoder();
  const events = [];
  for (let i = 0; i < bytes.length; i += 1) events.push(...decoder.push(bytes.subarray(i, i + 1)));
  events.push(...decoder.end());
  return assemble(events);
}

/** SSE text to bytes, run whole. */
export function runText(sse: string): StreamRun {
  return runSplitAt(new TextEncoder().encode(sse), 0);
}

/** The joined text of the deltas of one kind. */
export function joined(deltas: StreamDelta[], kind: 'text' | 'reasoning'): string {
  return deltas.map((d) => (d.kind === kind ? d.text : '')).join('');
}

/** Tool-call argument pieces joined per call index. */
export function joinedArguments(deltas: StreamDelta[]): Map<number, string> {
  const out = new Map<number, string>();
  for (const d of deltas)
    if (d.kind === 'tool-call') out.set(d.index, (out.get(d.index) ?? '') + d.arguments);
  return out;
}

/** One SSE event per payload (`data:` lines), then `data: [DONE]` unless `done` is false. */
export function sse(payloads: readonly unknown[], done = true): string {
  const events = payloads.map((p) => `data: ${typeof p === 'string' ? p : JSON.stringify(p)}\n\n`);
  return events.join('') + (done ? 'data: [DONE]\n\n' : '');
}

/** A chunk with one choice 0 carrying `delta` (and `finish_reason` when given). */
export function chunk(delta: Record<string, unknown>, finish: string | null = null): Record<string, unknown> {
  return {
    id: 'chatcmpl-1',
    object: 'chat.completion.chunk',
    created: 1,
    model: 'test-model',
    choices: [{ index: 0, delta, finish_reason: finish }],
  };
}

/** The usage chunk OpenAI sends last when asked with include_usage. */
export function usageChunk(prompt: number, completion: number): Record<string, unknown> {
  return {
    id: 'chatcmpl-1',
    object: 'chat.completion.chunk',
    created: 1,
    model: 'test-model',
    choices: [],
    usage: { prompt_tokens: prompt, completion_tokens: completion, total_tokens: prompt + completion },
  };
}
