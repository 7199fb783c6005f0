/**
 * Compat error bodies: `{"error": {"message", "type", "param", "code"}}`. The provider code is
 * `error.code`, else `error.type` (first 40 characters; a numeric code reads as its digits). No
 * body wait hint exists on this wire (Retry-After is a header, read by the client). Any text is
 * accepted: non-JSON or other shapes give an all-null signal.
 */
import { isJsonObject } from '../decode-json.ts';
import { NO_SIGNAL, parseErrorJson } from '../error-body.ts';
import type { ErrorSignal } from '../wire.ts';
import { openAiCompatErrorFieldsSchema } from './openai-compat-api.ts';

const MAX_CODE_CHARS = 40;
const MAX_MESSAGE_CHARS = 500;

function nonEmpty(value: string | number | null | undefined, max: number): string | null {
  if (value == null) return null;
  const text = String(value).trim();
  return text === '' ? null : text.slice(0, max);
}

export function openAiCompatErrorSignal(body: string): ErrorSignal {
  const json = parseErrorJson(body);
  if (!isJsonObject(json)) return NO_SIGNAL;
  if (typeof json.error === 'string') {
    return { code: null, retryAfterMs: null, message: nonEmpty(json.error, MAX_MESSAGE_CHARS) };
  }
  // `{"error": {...}}` on OpenAI and most servers; vLLM's fields sit at the top level.
  const parsed = openAiCompatErrorFieldsSchema.safeParse(isJsonObject(json.error) ? json.error : json);
  if (!parsed.success) return NO_SIGNAL;
  const { code, type, message } = parsed.data;
  return {
    code: nonEmpty(code, MAX_CODE_CHARS) ?? nonEmpty(type, MAX_CODE_CHARS),
    retryAfterMs: null,
    message: nonEmpty(message, MAX_MESSAGE_CHARS),
  };
}
