/**
 * ChatRequest to the Meta `POST /v1/responses` body, on the shared Responses encoder (key order:
 * model, instructions, input, tools, reasoning, store, max_output_tokens, temperature). What is
 * Meta's own (ledger part 6 `meta_responses`, §5.5):
 * - `tool_choice` is never sent (Meta answers 400 `only "auto" is supported for tool_choice`); the
 *   wrap-up call's ToolChoice 'none' is expressed by sending no tools at all (the shared encoder);
 *   so this wire cannot force a tool call.
 * - tools: the flat function tools, then `{type: "web_search"}` when `metaWebSearchActive`.
 * - `reasoning` is `{effort}` only, with max mapped to xhigh (`metaEffort`), and only when the
 *   template sets an effort (not set: not sent; Meta's default is high). `summary` and `context` are
 *   NOT sent: "detailed" / "current_turn" are decisions measured on OpenAI (auto gave 0 summary
 *   characters there, and gpt-5.6's default is all_turns); nothing about them was measured on Meta,
 *   and Meta answers an unknown field with a named 400, which is fatal and stops the servant. A
 *   summary Meta returns anyway is still read by the decoder.
 * - no `include`: both known values are other providers' (`no_inline_citations` is xAI's,
 *   `web_search_call.action.sources` / `reasoning.encrypted_content` are OpenAI's), none measured here.
 * - `store: false` is sent (the shared encoder always writes it). Not separately measured on Meta;
 *   sent because the ledger's shared request shape has it unconditionally (Spec 34 D3: the village
 *   keeps no conversation at any provider, and an asymmetry between the Responses wires would show
 *   nowhere), and Meta is the provider measured to keep what it is sent. A refusal would be a named
 *   400, not a silent difference.
 * - the system prompt goes in `instructions`, the Responses field for it. Unmeasured either way; the
 *   ledger's quoted `input[2].output` refusal (user, function_call, function_call_output at index 2)
 *   fits a probe whose input held no system message.
 * - temperature: the canonical rule (sent only when the template sets one); the ledger records no
 *   temperature refusal on Meta, unlike OpenAI's reasoning models.
 * - `max_output_tokens` is the user's value, never raised: Meta's default effort can spend a small
 *   limit on thinking alone (observed: 1024 empty, 2048 with text at effort high), which the ledger
 *   keeps as an observation for the screen, not a rule for the implementation.
 */
import type { ChatRequest } from '../../canonical.ts';
import { encodeResponsesRequest, type ResponsesRequest } from '../responses/index.ts';
import type { WireContext } from '../wire.ts';
import { metaEffort } from './meta-effort.ts';
import { metaServerTools } from './meta-web-search.ts';

export function encodeMetaRequest(request: ChatRequest, context: WireContext): ResponsesRequest {
  return encodeResponsesRequest(request, context, {
    systemPlacement: 'instructions',
    serverTools: metaServerTools(context.template),
    reasoning: request.effort === null ? null : { effort: metaEffort(request.effort) },
  });
}
