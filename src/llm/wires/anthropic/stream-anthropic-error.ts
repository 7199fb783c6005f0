/**
 * The failures of an Anthropic message stream as the LlmErrors the whole-response path gives: an
 * `error` event carries the same body as an error answer, a cut or unreadable stream is a parse error.
 */
import { LlmError } from '../../llm-error.ts';
import { BACKEND_NAMES } from '../../provider.ts';
import { classifyStatus } from '../../retry.ts';
import { anthropicErrorSignal } from './anthropic-error.ts';

/** The error body kept, capped like the whole path's (http-backend BODY_KEEP_CHARS). */
const BODY_KEEP_CHARS = 2000;

/**
 * The HTTP status Anthropic documents for each error type. A stream's error arrives after a 200, so
 * the status is read back from the type, and the retry class then follows the one rule every error
 * answer goes through (`classifyStatus`). Past the ledger (it has no streams): an unknown type reads
 * as 500, a server error, as an unreadable error answer would.
 */
const STATUS_OF_TYPE: Readonly<Record<string, number>> = {
  invalid_request_error: 400,
  authentication_error: 401,
  billing_error: 402,
  permission_error: 403,
  not_found_error: 404,
  request_too_large: 413,
  rate_limit_error: 429,
  api_error: 500,
  timeout_error: 504,
  overloaded_error: 529,
};

/** The LlmError for an `error` event's data (the same JSON as an error answer's body). */
export function anthropicStreamError(data: string): LlmError {
  const signal = anthropicErrorSignal(data);
  const code = signal.code === null ? null : signal.code.slice(0, 40);
  const status = (code !== null && Object.hasOwn(STATUS_OF_TYPE, code) ? STATUS_OF_TYPE[code] : null) ?? 500;
  const said = signal.message ? `: ${signal.message.slice(0, 300)}` : '';
  return new LlmError(
    {
      kind: 'api',
      status,
      body: data.slice(0, BODY_KEEP_CHARS),
      class: classifyStatus(status, code, false),
      code,
      retryAfterMs: null,
      hintSrc: 'none',
    },
    `${BACKEND_NAMES.anthropic} answered ${status} (in the stream)${said}`,
  );
}

/** A stream that cannot be rebuilt into a whole message: cut, broken JSON, or out of order. */
export function anthropicStreamParseError(what: string, raw: string): LlmError {
  return new LlmError(
    { kind: 'parse', raw: raw.slice(0, BODY_KEEP_CHARS) },
    `${BACKEND_NAMES.anthropic}: ${what}`,
  );
}
