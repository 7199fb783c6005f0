/**
 * Test helpers for stream parsers: the recorded `*.chunks.txt` files (one event's JSON payload per
 * line, see test/fixtures/provider-responses/README.md) turned back into the SSE bytes
 * the provider sent, and a runner that feeds those bytes split at one given offset, so a test can try
 * every byte boundary.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { SseDecoder, type SseEvent } from './sse-decoder.ts';

const FIXTURES = fileURLToPath(new URL('../../../test/fixtures/provider-responses/', import.meta.url));

/** The payload lines of one recorded stream (blank lines skipped). */
export function recordedChunks(relativePath: string): string[] {
  return readFileSync(FIXTURES + relativePath, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '');
}

/**
 * The SSE body for payload lines. `named`: each event carries `event: <payload.type>` (Anthropic and
 * Responses streams do; OpenAI-compatible and Gemini ones do not). `done`: a last `data: [DONE]`
 * (OpenAI-compatible streams end so). CRLF line ends when `crlf` (some proxies send them).
 */
export function sseBody(
  payloads: readonly string[],
  options: { named?: boolean; done?: boolean; crlf?: boolean } = {},
): Uint8Array {
  const eol = options.crlf ? '\r\n' : '\n';
  let out = '';
  for (const payload of payloads) {
    if (options.named) out += `event: ${(JSON.parse(payload) as { type: string }).type}${eol}`;
    out += `data: ${payload}${eol}${eol}`;
  }
  if (options.done) out += `data: [DONE]${eol}${eol}`;
  return new TextEncoder().encode(out);
}

/** Decodes `bytes` as two chunks cut at `at` (0 and length: one chunk), all events in order. */
export function eventsSplitAt(bytes: Uint8Array, at: number): SseEvent[] {
  const decoder = new SseDecoder();
  return [...decoder.push(bytes.subarray(0, at)), ...decoder.push(bytes.subarray(at)), ...decoder.end()];
}

/** Every cut position of `bytes`, for `for (const at of cuts(bytes))`. */
export function cuts(bytes: Uint8Array): number[] {
  return Array.from({ length: bytes.length + 1 }, (_, i) => i);
}

/**
 * Feeds `bytes` through a fresh decoder into `consume`, cut at `at`; `consume` is called per event
 * (a parser's push), so a test checks that the parser's output does not depend on the cut.
 */
export function feedSplitAt<T>(bytes: Uint8Array, at: number, consume: (event: SseEvent) => T[]): T[] {
  return eventsSplitAt(bytes, at).flatMap((event) => consume(event));
}
