import type { Provider } from '../../domain/enums.ts';
import type { ModelTemplate } from '../../domain/template.ts';
import type { ChatRequest, ChatResponse } from '../canonical.ts';
import type { StreamAssembler } from '../stream/stream-delta.ts';

/** What an adapter needs besides the request: the model and the template's skill toggles. */
export interface WireContext {
  provider: Provider;
  model: string;
  template: ModelTemplate;
}

/** Non-status facts an error body carries: the provider's code and a wait the body asks for. */
export interface ErrorSignal {
  code: string | null;
  /** Gemini RetryInfo `retryDelay`; null elsewhere. */
  retryAfterMs: number | null;
  /** A short human message from the body, if any (never echoes headers). */
  message: string | null;
}

/**
 * One provider wire: pure canonical <-> JSON functions, no I/O. The client owns URL, auth headers,
 * timeouts and retries and never parses a payload except through these.
 */
export interface WireAdapter {
  provider: Provider;
  /** Headers this wire needs besides auth (e.g. anthropic-version). */
  headers(request: ChatRequest, context: WireContext): Record<string, string>;
  /** The request body as a JSON value (serialised with JSON.stringify, key order as built). */
  encode(request: ChatRequest, context: WireContext): unknown;
  /** A parsed 2xx body to the canonical response; throws LlmError('parse') when the shape is wrong. */
  decode(body: unknown, context: WireContext): ChatResponse;
  /** Reads an error body (any text, maybe not JSON). */
  errorSignal(body: string): ErrorSignal;
  /** Whether `insufficient_quota` means billing on this wire. */
  billingAware: boolean;
  /** Tools `encode` leaves out because this provider cannot take their schema, with the reason. */
  toolRefusals?(request: ChatRequest): ToolRefusal[];
  /** How this wire streams (issue 23); absent: the wire is called whole only. */
  streaming?: WireStreaming;
}

/**
 * A wire's streaming half, pure like the rest: the client asks for a stream by sending `body(encoded)`
 * (to `path` when the provider streams at another address, e.g. Gemini's `streamGenerateContent`),
 * feeds the SSE events to a fresh `assembler`, and ends with its `finish()`: the same ChatResponse the
 * wire's `decode` gives for the whole body of the same reply.
 */
export interface WireStreaming {
  /** The request body made a streaming one (e.g. `stream: true`, `stream_options.include_usage`). */
  body(encoded: unknown, context: WireContext): unknown;
  /** The streaming URL for the whole-response URL; absent: the same URL. */
  url?(wholeUrl: string): string;
  assembler(context: WireContext): StreamAssembler;
}

export interface ToolRefusal {
  tool: string;
  reason: string;
}
