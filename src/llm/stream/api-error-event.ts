/**
 * An error a provider sends INSIDE a stream that had already answered 200 (Gemini's `{"error": ...}`
 * chunk, Anthropic's `error` event, the Responses `error` / `response.failed` events) made into the
 * same LlmError('api') the HTTP client builds for the same error body sent with a failing status
 * (http-backend.ts `apiError`): same class, code, body wait hint and message shape. The event has no
 * headers, so the hint can only come from the body. The client redacts the key from it, as it does
 * for every body (this module never sees the key).
 */
import { LlmError } from '../llm-error.ts';
import { classifyStatus } from '../retry.ts';
import type { ErrorSignal } from '../wires/wire.ts';

const BODY_KEEP_CHARS = 2_000;

export interface StreamApiErrorInput {
  /** `LlmBackend.name()` of the wire (provider.ts BACKEND_NAMES), as the non-streaming message says it. */
  backend: string;
  /** The HTTP status the same error would have come with (the body's own code, e.g. Gemini `error.code`). */
  status: number;
  /** The event's data, the error body. */
  body: string;
  /** The wire's `errorSignal(body)`. */
  signal: ErrorSignal;
  billingAware: boolean;
}

export function streamApiError(input: StreamApiErrorInput): LlmError {
  const { signal } = input;
  const code = signal.code === null ? null : signal.code.slice(0, 40);
  const said = signal.message ? `: ${signal.message.slice(0, 300)}` : '';
  return new LlmError(
    {
      kind: 'api',
      status: input.status,
      body: input.body.slice(0, BODY_KEEP_CHARS),
      class: classifyStatus(input.status, code, input.billingAware),
      code,
      retryAfterMs: signal.retryAfterMs,
      hintSrc: signal.retryAfterMs === null ? 'none' : 'body',
    },
    `${input.backend} answered ${input.status}${said}`,
  );
}
