/**
 * A 2xx OpenAI `/v1/responses` body to the canonical response: the shared walk (message, reasoning,
 * function_call, custom_tool_call, refusals, incomplete), plus `web_search_call` read by this wire
 * into Grounding and the `openai search:` note. Output items the next call of the same turn must get
 * back (encrypted reasoning, phased messages) are kept (replayOutputItems; see the core's decoder).
 */
import type { ChatResponse } from '../../canonical.ts';
import { decodeResponsesOutput } from '../responses/index.ts';
import { OpenAiSearch } from './openai-search.ts';

export function decodeOpenAiResponsesResponse(body: unknown): ChatResponse {
  const search = new OpenAiSearch();
  const { response, annotations } = decodeResponsesOutput(body, {
    kinds: { web_search_call: search.onCall },
    replayOutputItems: true,
  });
  const { grounding, note } = search.finish(annotations);
  return { ...response, grounding, ...(note === null ? {} : { notes: [note] }) };
}
