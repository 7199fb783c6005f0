/**
 * Test-only (imported by *.test.ts only): one wire's stream run on SSE bytes cut at one offset, and
 * the checks every Responses wire's stream test shares.
 */
import { expect } from 'vitest';
import type { ChatResponse } from '../../canonical.ts';
import { LlmError } from '../../llm-error.ts';
import type { StreamDelta } from '../../stream/stream-delta.ts';
import { SseDecoder } from '../../stream/sse-decoder.ts';
import { feedSplitAt } from '../../stream/stream-test-helpers.ts';
import type { WireAdapter, WireContext } from '../wire.ts';
import { responsesCallFacts } from './responses-tool-call-extra.ts';

export interface StreamRun {
  deltas: StreamDelta[];
  response?: ChatResponse;
  /** The error finish() threw, as plain data (comparable across runs). */
  error?: { code: string; info: unknown; message: string };
}

export function runStream(wire: WireAdapter, context: WireContext, bytes: Uint8Array, at: number): StreamRun {
  const streaming = wire.streaming;
  if (streaming === undefined) throw new Error(`${wire.provider} does not stream`);
  const assembler = streaming.assembler(context);
  const deltas = feedSplitAt(bytes, at, (event) => assembler.push(event));
  return settle(deltas, () => assembler.finish());
}

function settle(deltas: StreamDelta[], finish: () => ChatResponse): StreamRun {
  try {
    return { deltas, response: finish() };
  } catch (error) {
    if (!(error instanceof LlmError)) throw error;
    return { deltas, error: { code: error.code, info: error.info, message: error.message } };
  }
}

/** Bytes fed in two-chunk runs per stream, at most (a run of the 350 KB stream takes ~30 ms). */
const TWO_CHUNK_BUDGET_BYTES = 4 * 1024 * 1024;

/**
 * The two-chunk cut positions tried: every byte while the runs stay within the budget (streams up
 * to ~2 KB); for a larger one, as many cuts as the budget allows (at least 48): a quarter of them
 * every byte at the start, a quarter every byte at the end (where the first and the final events
 * are), the rest evenly spaced. The recorded streams are up to 350 KB, so every byte of 2 KB there
 * would take minutes; `feedByteByByte` covers every byte boundary of every stream instead.
 */
export function cutsFor(bytes: Uint8Array): number[] {
  const n = bytes.length;
  const count = Math.max(48, Math.floor(TWO_CHUNK_BUDGET_BYTES / Math.max(1, n)));
  if (count > n) return Array.from({ length: n + 1 }, (_, i) => i);
  const edge = Math.floor(count / 4);
  const out = new Set<number>();
  for (let i = 0; i < edge; i += 1) {
    out.add(i);
    out.add(n - i);
  }
  const spaced = count - 2 * edge;
  for (let k = 0; k <= spaced; k += 1) out.add(Math.round((n * k) / spaced));
  return [...out].sort((a, b) => a - b);
}

/** The stream fed one byte per chunk: every byte boundary at once (a multi-byte character too). */
export function runByteByByte(wire: WireAdapter, context: WireContext, bytes: Uint8Array): StreamRun {
  const assembler = wire.streaming!.assembler(context);
  const decoder = new SseDecoder();
  const deltas: StreamDelta[] = [];
  for (let i = 0; i < bytes.length; i += 1) {
    for (const event of decoder.push(bytes.subarray(i, i + 1))) deltas.push(...assembler.push(event));
  }
  for (const event of decoder.end()) deltas.push(...assembler.push(event));
  return settle(deltas, () => assembler.finish());
}

/**
 * Runs `bytes` one byte per chunk and cut in two at every cut of `cutsFor`; each run must equal the
 * one-chunk run, which is returned.
 */
export function expectSameAtEveryCut(wire: WireAdapter, context: WireContext, bytes: Uint8Array): StreamRun {
  const whole = runStream(wire, context, bytes, bytes.length);
  const expected = JSON.stringify(whole);
  expect(JSON.parse(JSON.stringify(runByteByByte(wire, context, bytes))), 'byte by byte').toEqual(
    JSON.parse(expected),
  );
  for (const at of cutsFor(bytes)) {
    const got = JSON.stringify(runStream(wire, context, bytes, at));
    // Compared as text (fast over thousands of cuts); on a difference, shown whole.
    if (got !== expected) expect(JSON.parse(got), `cut at ${at}`).toEqual(whole);
  }
  return whole;
}

/** The text, summary and each call's argument text the deltas add up to. */
export function joined(deltas: readonly StreamDelta[]): {
  text: string;
  reasoning: string;
  calls: { id?: string; name?: string; arguments: string }[];
  sources: string[];
} {
  let text = '';
  let reasoning = '';
  const calls: { id?: string; name?: string; arguments: string }[] = [];
  const sources: string[] = [];
  for (const delta of deltas) {
    if (delta.kind === 'text') text += delta.text;
    else if (delta.kind === 'reasoning') reasoning += delta.text;
    else if (delta.kind === 'source') sources.push(delta.url);
    else if (delta.kind === 'tool-call') {
      const call = (calls[delta.index] ??= { arguments: '' });
      if (delta.id !== undefined) call.id = delta.id;
      if (delta.name !== undefined) call.name = delta.name;
      call.arguments += delta.arguments;
    }
  }
  return { text, reasoning, calls, sources };
}

/**
 * What a finished run's deltas must agree with: the text and summary joined are the final ones, each
 * streamed call's arguments parse to its ToolCall's (same id and name), and the last usage delta is
 * the final usage.
 */
export function expectDeltasMatch(run: StreamRun): ChatResponse {
  const response = run.response;
  if (response === undefined) throw new Error(`the stream failed: ${run.error?.message}`);
  const { text, reasoning, calls } = joined(run.deltas);
  expect(text).toBe(response.text);
  expect(reasoning).toBe(response.reasoningSummary);
  // A custom tool's pieces are its free-form input, which the ToolCall holds as `{input}`.
  const streamed = calls.map((c, i) => {
    const call = response.toolCalls[i];
    const custom = call !== undefined && responsesCallFacts(call).kind === 'custom';
    const args: unknown = custom ? { input: c.arguments } : JSON.parse(c.arguments);
    return { id: c.id, name: c.name, arguments: args };
  });
  expect(streamed).toEqual(
    response.toolCalls.map((c) => ({ id: c.id, name: c.name, arguments: c.arguments })),
  );
  const usage = run.deltas.filter((d) => d.kind === 'usage').at(-1);
  expect(usage).toEqual({ kind: 'usage', usage: response.usage });
  return response;
}
