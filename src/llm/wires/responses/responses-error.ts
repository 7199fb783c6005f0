/**
 * Responses error bodies: `{"error": {"message", "type", "param", "code"}}` on OpenAI (fixtures
 * openai-error: `insufficient_quota`, billing; reasoning-model-temperature-error: code null, type
 * `invalid_request_error`), and the same object on the other Responses providers as far as the
 * ledger quotes them. That is exactly the compat wire's error shape, so its reader is shared rather
 * than copied: the provider code is `error.code`, else `error.type`; any non-JSON body (xAI's 410 /
 * 422 text, an HTML proxy page, an empty body) gives an all-null signal and the status decides.
 */
import type { ErrorSignal } from '../wire.ts';
import { openAiCompatErrorSignal } from '../openai-compat/openai-compat-error.ts';

export function responsesErrorSignal(body: string): ErrorSignal {
  return openAiCompatErrorSignal(body);
}
