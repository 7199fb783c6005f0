/**
 * Meta error bodies. The ledger quotes Meta's 400 texts, not their envelope, so the shared
 * Responses reader takes the `{"error": {message, type, code}}` form the other providers use, and a
 * plain-text body is read for a known text too. A known refusal gets a hint first (what this
 * wire's rule is), then Meta's own words; anything else is left exactly as the shared reader reads it.
 */
import { parseErrorJson } from '../error-body.ts';
import { responsesErrorSignal } from '../responses/index.ts';
import type { ErrorSignal } from '../wire.ts';
import { metaErrorHint } from './meta-error-hints.ts';

const MAX_MESSAGE_CHARS = 500;

/** The provider's words: the envelope's message, else a body that is plain text (not JSON). */
function providerText(body: string, signal: ErrorSignal): string | null {
  if (signal.message !== null) return signal.message;
  const text = body.trim();
  return text === '' || parseErrorJson(text) !== undefined ? null : text.slice(0, MAX_MESSAGE_CHARS);
}

export function metaErrorSignal(body: string): ErrorSignal {
  const signal = responsesErrorSignal(body);
  const said = providerText(body, signal);
  const hint = said === null ? null : metaErrorHint(said);
  if (hint === null) return signal;
  return { ...signal, message: `${hint}. Meta said: ${said}`.slice(0, MAX_MESSAGE_CHARS) };
}
