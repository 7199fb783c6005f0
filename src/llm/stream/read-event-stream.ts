/**
 * Reads a streamed reply's body as it arrives: bytes through the SSE decoder into the wire's
 * assembler, each delta handed on at once, and the assembled response at the end. No timers and no
 * error policy here (the HTTP client owns both); what it tracks is what was shown, so the client
 * knows whether a failure may still be retried and which text a cut reply keeps.
 */
import { SseDecoder } from './sse-decoder.ts';
import type { StreamAssembler, StreamDelta } from './stream-delta.ts';

/** What the deltas showed so far. */
export class StreamShown {
  /**
   * True once a delta a person can see (text, summary, tool call, source) went out. Usage deltas do
   * not count: Anthropic sends one before anything else, and a retry after it shows nothing twice.
   */
  visible = false;
  text = '';

  record(delta: StreamDelta): void {
    if (delta.kind === 'usage') return;
    this.visible = true;
    if (delta.kind === 'text') this.text += delta.text;
  }
}

/** The socket failed while the body was read (as opposed to a delta the parser could not read). */
export class StreamReadError extends Error {
  override readonly name = 'StreamReadError';
  constructor(readonly failure: unknown) {
    super('the stream could not be read');
  }
}

export interface EventStreamRead {
  body: ReadableStream<Uint8Array> | null;
  assembler: StreamAssembler;
  onDelta: (delta: StreamDelta) => void;
  shown: StreamShown;
  /** Called on every chunk that arrived (the client's idle timer starts over). */
  onChunk: () => void;
}

/**
 * Resolves with what the assembler's `finish()` read once the body ended; rejects with a
 * StreamReadError when the socket failed, else with what the decoder, the assembler or `onDelta`
 * threw (the caller classifies it).
 */
export async function readEventStream(read: EventStreamRead): Promise<ReturnType<StreamAssembler['finish']>> {
  const decoder = new SseDecoder();
  const emit = (events: ReturnType<SseDecoder['push']>) => {
    for (const event of events) {
      for (const delta of read.assembler.push(event)) {
        read.shown.record(delta);
        read.onDelta(delta);
      }
    }
  };
  if (read.body !== null) {
    const reader = read.body.getReader();
    try {
      for (;;) {
        let chunk: Awaited<ReturnType<typeof reader.read>>;
        try {
          chunk = await reader.read();
        } catch (error) {
          throw new StreamReadError(error);
        }
        const { done, value } = chunk;
        if (done) break;
        read.onChunk();
        emit(decoder.push(value));
      }
    } finally {
      reader.releaseLock();
    }
  }
  emit(decoder.end());
  return read.assembler.finish();
}
