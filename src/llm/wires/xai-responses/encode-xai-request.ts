/**
 * ChatRequest -> the xAI `/v1/responses` body, on the shared encoder (../responses). What only xAI
 * gets (ledger xai_responses):
 * - `store: false`, always (the shared encoder writes it on every Responses wire; Spec 34 D3).
 * - `include: ["no_inline_citations"]`, always (Spec 31 D1/D5): without it the body fills with
 *   [[N]](url) marks and the annotations shrink to what the text cites (measured 2 vs 18 URLs).
 * - the web_search / x_search server tools only when their skills are active, beside the flat
 *   function tools; with ToolChoice 'none' no tool at all (the shared tools rule).
 * - the system prompt as a leading system message, not `instructions` (the form xAI's own examples
 *   use; `instructions` is reported unsupported on xAI by other clients, and nothing is gained).
 * - no `reasoning` block: this wire never reads `effort` ("not sent", not "not rounded": ledger part
 *   2 Effort; the template editor says xAI ignores it), and `summary: "auto"` measured no effect.
 * - the reserved filter fields are not sent (xai-server-tools.ts).
 * - temperature only when the template sets one (the canonical rule; no xAI 400 is recorded for it).
 */
import type { ChatRequest } from '../../canonical.ts';
import type { WireContext } from '../wire.ts';
import { encodeResponsesRequest, type ResponsesRequest } from '../responses/index.ts';
import { xaiServerTools } from './xai-server-tools.ts';

const XAI_INCLUDE = ['no_inline_citations'] as const;

export function encodeXaiRequest(request: ChatRequest, context: WireContext): ResponsesRequest {
  return encodeResponsesRequest(request, context, {
    systemPlacement: 'system_message',
    serverTools: xaiServerTools(context.template),
    include: [...XAI_INCLUDE],
  });
}
