/**
 * xAI error bodies. Besides the Responses `{"error": {...}}` object (read by the shared reader),
 * two answers the ledger quotes are made clear here, because as sent they do not say what to do:
 * - 410 Gone for the legacy `search_parameters` (Live Search): `{"error": "Live search is
 *   deprecated. Please switch to the Agent Tools API: ..."}`. This wire never sends that field, so
 *   seeing it means something between us and xAI added it, or an old build sent it.
 * - 422 for a type xAI does not know: its Rust server's untagged-enum rejection, plain text such as
 *   `Failed to deserialize the JSON body into the target type: tools[0]: data did not match any
 *   variant of untagged enum ...` (it names the path, not the accepted types).
 * The status still decides the retry class (both are ClientError: the configuration needs a person).
 * The explanation goes first because the client keeps only the first 300 characters of a message.
 * Codes are only what xAI sent: none is made up.
 */
import type { ErrorSignal } from '../wire.ts';
import { responsesErrorSignal } from '../responses/index.ts';

const MAX_MESSAGE_CHARS = 500;
const LIVE_SEARCH = /live search is deprecated|search_parameters/i;
const UNTAGGED_ENUM = /untagged enum|did not match any variant/i;

export const LIVE_SEARCH_GONE =
  'xAI retired Live Search (search_parameters, 410); search runs as the web_search / x_search tools';
export const UNKNOWN_SHAPE =
  'xAI could not read a part of the request (untagged-enum 422, a type it does not know)';

/** A body that is not JSON at all (xAI's 422 text); null for JSON or blank bodies. */
function plainText(body: string): string | null {
  const text = body.trim();
  if (text === '' || text.startsWith('{') || text.startsWith('[') || text.startsWith('<')) return null;
  return text;
}

export function xaiErrorSignal(body: string): ErrorSignal {
  const signal = responsesErrorSignal(body);
  const said = signal.message ?? plainText(body);
  if (said === null) return signal;
  const explained = LIVE_SEARCH.test(said)
    ? `${LIVE_SEARCH_GONE}: ${said}`
    : UNTAGGED_ENUM.test(said)
      ? `${UNKNOWN_SHAPE}: ${said}`
      : said;
  return { ...signal, message: explained.slice(0, MAX_MESSAGE_CHARS) };
}
