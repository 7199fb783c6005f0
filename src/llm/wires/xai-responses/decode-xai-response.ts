/**
 * A 2xx xAI `/v1/responses` body -> ChatResponse, on the shared walk (../responses) with xAI's own
 * arms (ledger xai_responses):
 * - `message` -> body. Every url_citation annotation -> Grounding.sources, de-duplicated by URL in
 *   arrival order (the shared collector). `include: ["no_inline_citations"]` is what makes the list
 *   "every URL looked at" rather than only the cited ones. start_index / end_index are the places of
 *   the inline [[N]](url) marks, (0, 0) without them: never read, so no claim is pinned to a span.
 *   `web_search_call.action.sources` is NOT read: a second source list would grow a second
 *   de-duplication rule (annotations are the one source of truth). Engine `xai`.
 * - `web_search_call` / `x_search_call` / `custom_tool_call` -> one search arm (xai-search-calls.ts):
 *   calls xAI already ran, so never our ToolCalls (the core would otherwise make a custom_tool_call
 *   one); their queries -> Grounding.queries; the names that arrived -> the `xai search:` note.
 * - `function_call` -> ToolCall (the shared arm: call_id, name, arguments as a JSON string).
 * - `reasoning`: never body. Counted (`reasoningItems`) and its tokens in usage.reasoning (Spec 31
 *   D7, Spec 32). Its summary text goes to reasoningSummary: Spec 33 came after D7 and took the
 *   summary as the display's ("the amount is usage.reasoning, the content is the summary"; xAI is
 *   the one provider that returns it without being asked, and `reasoning: {summary: "auto"}` measured
 *   no effect, so nothing is sent for it). Never replayed: this wire asks for no encrypted reasoning.
 * - `code_interpreter_call` (fixture xai-code-execution-tool): the code xAI ran for itself. Not body
 *   (the answer is in the message: "55"), not a ToolCall (we have nothing to run; its call_id is
 *   ""), not grounding: counted into `dropped` by the shared walk, so the `dropped content blocks:`
 *   line shows that xAI executed code. This wire never offers that tool, so it is rare by design.
 * - every other kind: counted into `dropped`, then discarded (#72).
 * Usage: tokens by the shared reader (reasoning inside output_tokens, as total_tokens confirms on
 * every recorded body); the server-side tool counts and raw ticks only feed the note.
 */
import type { ChatResponse } from '../../canonical.ts';
import {
  ResponsesSources,
  decodeResponsesOutput,
  type ResponsesKindHandler,
  type ResponsesOutputItem,
} from '../responses/index.ts';
import { XAI_SEARCH_CALL_KINDS, readXaiSearchCalls } from './xai-search-calls.ts';
import { usedXaiSearch, xaiSearchNote } from './xai-search-note.ts';
import { readXaiToolUsage } from './xai-server-tool-usage.ts';

export function decodeXaiResponse(body: unknown): ChatResponse {
  const searchItems: ResponsesOutputItem[] = [];
  const takeSearchCall: ResponsesKindHandler = (item) => {
    searchItems.push(item);
  };
  const kinds = Object.fromEntries(XAI_SEARCH_CALL_KINDS.map((kind) => [kind, takeSearchCall]));
  const decoded = decodeResponsesOutput(body, { kinds });

  const reading = readXaiSearchCalls(searchItems);
  const toolUsage = readXaiToolUsage(decoded.body.usage);
  const sources = new ResponsesSources();
  sources.addAnnotations(decoded.annotations);
  reading.queries.forEach((query) => sources.addQuery(query));
  const note = xaiSearchNote(reading, toolUsage, sources.sourceCount);
  return {
    ...decoded.response,
    // A search that found nothing keeps its empty `sources` (the verdict "no source exists").
    grounding: sources.grounding('xai', usedXaiSearch(reading, toolUsage)),
    ...(note === null ? {} : { notes: [note] }),
  };
}
