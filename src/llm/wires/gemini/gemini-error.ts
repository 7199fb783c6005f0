/**
 * Gemini error bodies: `{error: {code: 429, message, status: "RESOURCE_EXHAUSTED", details: [...]}}`.
 * The provider code is `error.status`; a `google.rpc.RetryInfo` detail's `retryDelay` ("34.4s")
 * is the body's wait hint. Any text is accepted: non-JSON or other shapes give an all-null signal.
 */
import { parseDurationSeconds } from '../../retry.ts';
import { NO_SIGNAL, parseErrorJson } from '../error-body.ts';
import type { ErrorSignal } from '../wire.ts';
import { geminiErrorSchema } from './gemini-api.ts';

const RETRY_INFO_TYPE = 'type.googleapis.com/google.rpc.RetryInfo';
const MAX_MESSAGE_CHARS = 500;

function retryDelayMs(details: unknown[] | null | undefined): number | null {
  for (const detail of details ?? []) {
    if (typeof detail !== 'object' || detail === null) continue;
    const record = detail as Record<string, unknown>;
    if (record['@type'] !== RETRY_INFO_TYPE) continue;
    const ms = parseDurationSeconds(record.retryDelay);
    if (ms !== null) return ms;
  }
  return null;
}

export function geminiErrorSignal(body: string): ErrorSignal {
  let json = parseErrorJson(body);
  // Some Google front ends wrap the error object in a one-element array.
  if (Array.isArray(json)) json = json[0];
  const parsed = geminiErrorSchema.safeParse(json);
  if (!parsed.success) return NO_SIGNAL;
  const { status, message, details } = parsed.data.error;
  return {
    code: status != null && status !== '' ? status : null,
    retryAfterMs: retryDelayMs(details),
    message: message != null && message !== '' ? message.slice(0, MAX_MESSAGE_CHARS) : null,
  };
}
