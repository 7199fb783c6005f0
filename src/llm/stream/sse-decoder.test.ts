import { describe, expect, it } from 'vitest';
import { SSE_EVENT_MAX_CHARS, SseDecoder, SseOverflowError } from './sse-decoder.ts';
import { cuts, eventsSplitAt, recordedChunks, sseBody } from './stream-test-helpers.ts';

const enc = (text: string) => new TextEncoder().encode(text);

describe('SseDecoder', () => {
  it('reads events, names, multi-line data, comments and the one leading space', () => {
    const body = enc(': keep-alive\nevent: delta\ndata: {"a":1}\n\ndata:x\ndata:  y\nid: 7\nretry: 10\n\n');
    expect(eventsSplitAt(body, body.length)).toEqual([
      { event: 'delta', data: '{"a":1}' },
      { event: 'message', data: 'x\n y' },
    ]);
  });

  it('gives the same events at every byte boundary, with LF, CRLF and CR line ends and split UTF-8', () => {
    const text = 'event: a\ndata: 日本語 ✓ 😀\n\ndata: two\n\n';
    const expected = [
      { event: 'a', data: '日本語 ✓ 😀' },
      { event: 'message', data: 'two' },
    ];
    for (const body of [enc(text), enc(text.replaceAll('\n', '\r\n')), enc(text.replaceAll('\n', '\r'))]) {
      for (const at of cuts(body)) expect(eventsSplitAt(body, at), `cut at ${at}`).toEqual(expected);
    }
  });

  it('does not dispatch an event without data, nor a last event the stream never ended', () => {
    const decoder = new SseDecoder();
    expect(decoder.push('event: ping\n\n')).toEqual([]);
    expect(decoder.push('data: cut')).toEqual([]);
    expect(decoder.end()).toEqual([]);
  });

  it('skips a BOM at the start only', () => {
    const body = new Uint8Array([0xef, 0xbb, 0xbf, ...enc('data: \uFEFFx\n\n')]);
    for (const at of cuts(body))
      expect(eventsSplitAt(body, at)).toEqual([{ event: 'message', data: '\uFEFFx' }]);
  });

  it('refuses an event longer than its bound instead of growing without end', () => {
    const decoder = new SseDecoder();
    const piece = 'x'.repeat(1024 * 1024);
    expect(() => {
      for (let i = 0; i <= SSE_EVENT_MAX_CHARS / piece.length; i += 1) decoder.push(`data: ${piece}\n`);
    }).toThrow(SseOverflowError);
  });

  it('reads a recorded stream back into its payloads at every cut', () => {
    const payloads = recordedChunks('anthropic-messages/anthropic-text.chunks.txt');
    const body = sseBody(payloads, { named: true });
    const step = Math.max(1, Math.floor(body.length / 400));
    for (let at = 0; at <= body.length; at += step) {
      const events = eventsSplitAt(body, at);
      expect(events.map((e) => e.data)).toEqual(payloads);
      expect(events.map((e) => e.event)).toEqual(
        payloads.map((p) => (JSON.parse(p) as { type: string }).type),
      );
    }
  });
});
