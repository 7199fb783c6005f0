import type { ErrorSignal } from '../wire.ts';
import { anthropicErrorSchema } from './anthropic-api.ts';

/**
 * Reads `{"type":"error","error":{"type":"overloaded_error","message":"Overloaded"}}`. Any other text
 * (an HTML page from a proxy, an empty body) gives no signal. Anthropic sends no wait in the body;
 * `Retry-After` is a header and the client reads it.
 */
export function anthropicErrorSignal(body: string): ErrorSignal {
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    return { code: null, retryAfterMs: null, message: null };
  }
  const parsed = anthropicErrorSchema.safeParse(json);
  if (!parsed.success) return { code: null, retryAfterMs: null, message: null };
  return {
    code: parsed.data.error.type ?? null,
    retryAfterMs: null,
    message: parsed.data.error.message ?? null,
  };
}
