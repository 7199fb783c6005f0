/**
 * A 2xx Meta Responses body to the canonical response, on the shared walk (message, reasoning,
 * function_call; unknown kinds counted into `dropped`, the `dropped content blocks:` line Meta shares
 * with Gemini and Anthropic). Meta's own part is grounding, engine `meta` (Spec 37).
 *
 * The ledger measured Meta's reply kinds `reasoning` + `message` and nothing about what its
 * `web_search_call` carries, so only what every Responses provider shares is read:
 * - sources from the `url_citation` annotations of the message text (de-duplicated by URL, the first
 *   title wins, URL-less ones left out);
 * - `web_search_call.action.sources` is NOT read: on OpenAI it only comes when asked for with an
 *   OpenAI `include` value this wire does not send, and a second source channel on a shape nobody
 *   has seen would grow a second de-duplication rule;
 * - queries from `web_search_call.action.query` when that string is there; none is not a failure.
 * A search call with no cited source keeps an empty `sources` (the verdict "no source returned").
 * No instrument line: the ledger defines none for Meta (`xai search:` / `openai search:` are theirs).
 * Encrypted reasoning is not kept for replay: only the function_call_output round trip is measured.
 */
import type { ChatResponse } from '../../canonical.ts';
import { decodeResponsesOutput, ResponsesSources } from '../responses/index.ts';

export function decodeMetaResponse(body: unknown): ChatResponse {
  const sources = new ResponsesSources();
  let searchCalls = 0;
  const { response, annotations } = decodeResponsesOutput(body, {
    kinds: {
      web_search_call: (item) => {
        searchCalls += 1;
        sources.addQuery(item.action?.query);
      },
    },
  });
  sources.addAnnotations(annotations);
  return { ...response, grounding: sources.grounding('meta', searchCalls > 0) };
}
