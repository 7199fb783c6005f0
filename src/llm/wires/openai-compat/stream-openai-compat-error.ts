/**
 * An error that arrives inside a chat-completion stream, after the 200 and its headers were sent:
 * OpenAI and most servers send `data: {"error": {...}}`, vLLM puts the fields at the top level with
 * `"object": "error"`, OpenRouter adds `error` to a chunk whose choice ends with `finish_reason:
 * "error"`, and a few servers name the event `error`. The payload is read by the wire's own error
 * body reader, so the code, the message and the class are what the same body answered as an HTTP
 * error would give.
 */
import { LlmError } from '../../llm-error.ts';
import { classifyStatus } from '../../retry.ts';
import { isJsonObject } from '../decode-json.ts';
import { openAiCompatErrorSignal } from './openai-compat-error.ts';

/** As the client keeps an error body (http-backend's BODY_KEEP_CHARS). */
const BODY_KEEP_CHARS = 2_000;
const MESSAGE_KEEP_CHARS = 300;

/**
 * The status an in-stream error stands for. The HTTP status was 200, which no error class reads
 * right; a numeric code in the HTTP range (vLLM, OpenRouter send one) is that status, anything else
 * is read as a server fault (500): the server failed while it was answering. Past the ledger: the
 * ledger has no streams, so it has no rule for an error without a status.
 */
function statusOf(code: string | null): number {
  if (code !== null && /^\d{3}$/.test(code)) {
    const status = Number(code);
    if (status >= 400 && status <= 599) return status;
  }
  return 500;
}

/** Whether one event of a compat stream is an error report rather than a chunk. */
export function isStreamError(eventName: string, json: unknown): boolean {
  if (eventName === 'error') return true;
  if (!isJsonObject(json)) return false;
  return (json.error !== undefined && json.error !== null) || json.object === 'error';
}

/**
 * The LlmError for an error event's data (any text). The message names the stream, not the
 * backend: the client rewrites it with its name and redacts it, as it does for a decode error.
 */
export function streamErrorOf(data: string): LlmError {
  const signal = openAiCompatErrorSignal(data);
  const status = statusOf(signal.code);
  const said = signal.message ? `: ${signal.message.slice(0, MESSAGE_KEEP_CHARS)}` : '';
  return new LlmError(
    {
      kind: 'api',
      status,
      body: data.slice(0, BODY_KEEP_CHARS),
      // This wire is billing-aware (openAiCompatWire.billingAware): insufficient_quota is Billing.
      class: classifyStatus(status, signal.code, true),
      code: signal.code,
      retryAfterMs: signal.retryAfterMs,
      hintSrc: signal.retryAfterMs === null ? 'none' : 'body',
    },
    `the chat completion stream carried an error (read as ${status})${said}`,
  );
}
