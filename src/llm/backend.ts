import type { ChatRequest, ChatResponse } from './canonical.ts';

export interface ChatOptions {
  /**
   * Cancels the HTTP round trip in flight (joined with the request timeout) and the wait between
   * retries. An aborted round trip rejects with `LlmCallAborted`; a cancelled wait rejects with the
   * error that caused it. Going past the ledger on purpose (issue 17): a person who clicks Interrupt
   * expects the call to stop, and every peer can cancel a running call. The provider may still bill
   * the input of a call it had started; the caller counts the reservation's estimate as spent.
   */
  signal?: AbortSignal;
}

/** The swap point between the orchestrator and a model: real HTTP, or the echo backend. */
export interface LlmBackend {
  /** The wire it speaks, as the `backend=` field of the turn line shows it. */
  name(): string;
  chat(request: ChatRequest, options?: ChatOptions): Promise<ChatResponse>;
}
