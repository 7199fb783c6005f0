import type { ChatRequest, ChatResponse } from './canonical.ts';

export interface ChatOptions {
  /**
   * Cancels only the wait between retries, never an HTTP round trip in flight: the provider bills a
   * call that has started, and its usage must still arrive.
   */
  signal?: AbortSignal;
}

/** The swap point between the orchestrator and a model: real HTTP, or the echo backend. */
export interface LlmBackend {
  /** The wire it speaks, as the `backend=` field of the turn line shows it. */
  name(): string;
  chat(request: ChatRequest, options?: ChatOptions): Promise<ChatResponse>;
}
