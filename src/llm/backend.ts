import type { ChatRequest, ChatResponse } from './canonical.ts';
import type { StreamDelta } from './stream/stream-delta.ts';

export interface ChatOptions {
  /**
   * Cancels the HTTP round trip in flight (joined with the request timeout) and the wait between
   * retries. An aborted round trip rejects with `LlmCallAborted`; a cancelled wait rejects with the
   * error that caused it. Going past the ledger on purpose (issue 17): a person who clicks Interrupt
   * expects the call to stop, and every peer can cancel a running call. The provider may still bill
   * the input of a call it had started; the caller counts the reservation's estimate as spent.
   */
  signal?: AbortSignal;
  /**
   * Asks for a streamed reply (issue 23) on a wire that streams, and receives each delta as it
   * arrives; the promise still resolves with the same ChatResponse the whole call gives. Only before
   * the first visible delta is a failure retried; after it, a failure is an LlmError with
   * `partialText` (the text shown), and an abort an LlmCallAborted with it. Absent, or on a wire (or
   * model) that does not stream: the call is made whole and this is never called.
   */
  onDelta?: (delta: StreamDelta) => void;
}

/** The swap point between the orchestrator and a model: real HTTP, or the echo backend. */
export interface LlmBackend {
  /** The wire it speaks, as the `backend=` field of the turn line shows it. */
  name(): string;
  chat(request: ChatRequest, options?: ChatOptions): Promise<ChatResponse>;
}
