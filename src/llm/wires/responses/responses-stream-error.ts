/**
 * A Responses stream's failure as the LlmError the wire's error path gives for an error body. The
 * stream says it two ways: an `error` event (OpenAI's reference puts `code`, `message`, `param` at
 * the top level; the recorded openai-error stream nests them in `error`, so both are read) and a
 * `response.failed` whose `response.error` holds `{code, message}`. Either is turned into the
 * `{"error": {...}}` body the wire's own `errorSignal` reads, so a wire's hints (xAI's Live Search,
 * Meta's refusals) apply to a streamed failure exactly as to a whole one.
 *
 * The HTTP status was 200 (the stream had begun), so no status says what kind of failure this is.
 * Past the ledger: a status is derived from the provider's code, so that the retry class follows
 * the same `classifyStatus` rules: a rate limit reads as 429, a request the provider refused as 400,
 * and anything else (`server_error`, no code, a code we do not know) as 500, a failure on the
 * provider's side. `insufficient_quota` is Billing whatever the status, as on the whole path.
 */
import { LlmError } from '../../llm-error.ts';
import { classifyStatus } from '../../retry.ts';
import type { ErrorSignal } from '../wire.ts';

/** As the backend keeps an error body (http-backend BODY_KEEP_CHARS). */
const BODY_KEEP_CHARS = 2000;
const MESSAGE_KEEP_CHARS = 300;

export interface StreamErrorReader {
  /** The backend's name for messages ("openai-responses"). */
  name: string;
  errorSignal(body: string): ErrorSignal;
  billingAware: boolean;
}

const RATE_LIMIT_CODES = new Set(['rate_limit_exceeded', 'rate_limit_error', 'too_many_requests']);
const CLIENT_CODE = /^invalid_|_invalid$|^context_length_exceeded$|^string_above_max_length$/;

function statusOf(code: string | null, type: string | null): number {
  if (code === 'insufficient_quota') return 429;
  if (code !== null && RATE_LIMIT_CODES.has(code)) return 429;
  if ((code !== null && CLIENT_CODE.test(code)) || type === 'invalid_request_error') return 400;
  return 500;
}

function textOf(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value : null;
}

/**
 * The error object of an `error` event or of `response.failed`'s `response.error`, as the wire's
 * error body. Returns null when the payload holds no error object at all.
 */
export function streamErrorBody(payload: Record<string, unknown>): Record<string, unknown> | null {
  const nested = payload.error;
  if (typeof nested === 'object' && nested !== null && !Array.isArray(nested)) {
    return nested as Record<string, unknown>;
  }
  const { type: _eventType, sequence_number: _sequence, ...rest } = payload;
  return Object.keys(rest).length > 0 ? rest : null;
}

export function streamError(reader: StreamErrorReader, error: Record<string, unknown> | null): LlmError {
  const text = JSON.stringify({ error: error ?? {} });
  const signal = reader.errorSignal(text);
  const code = signal.code === null ? null : signal.code.slice(0, 40);
  const status = statusOf(code, textOf(error?.type));
  const said = signal.message ? `: ${signal.message.slice(0, MESSAGE_KEEP_CHARS)}` : '';
  return new LlmError(
    {
      kind: 'api',
      status,
      body: text.slice(0, BODY_KEEP_CHARS),
      class: classifyStatus(status, code, reader.billingAware),
      code,
      retryAfterMs: signal.retryAfterMs,
      hintSrc: signal.retryAfterMs === null ? 'none' : 'body',
    },
    `${reader.name} stream failed${said}`,
  );
}
