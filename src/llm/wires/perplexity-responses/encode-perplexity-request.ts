/**
 * ChatRequest to the Perplexity `POST /v1/responses` body. The top level is the one the OpenAI wire
 * sends, plus `max_steps` (Spec 45 D2), built by the shared core (`../responses/`):
 * model, instructions?, input, tools?, reasoning?, store, max_output_tokens, temperature?, max_steps?.
 *
 * - `store: false` always (the core writes it).
 * - System prompt in `instructions` (Perplexity's own request field for it).
 * - tools: the function tools, then the server tools of the active skills (perplexity-tools.ts);
 *   with ToolChoice 'none' (the wrap-up call) neither, and so no `max_steps` either.
 * - `include`: none. Decision (the ledger leaves it open): the two values the OpenAI wire sends name
 *   OpenAI-only outputs — `web_search_call.action.sources` (Perplexity never returns a
 *   web_search_call; its sources arrive in `*_results` items unasked, measured) and
 *   `reasoning.encrypted_content` (reasoning_tokens were 0 in every probe, and the Perplexity wire
 *   replays no output items, see decode). The probes showed Perplexity tolerates `include`, not that
 *   it reads it; Perplexity's request schema does not list it.
 * - `reasoning`: `{effort}` only, low / medium / high (perplexity-tools.ts), and only when the
 *   template sets an effort. No `summary` / `context` / `mode`: Perplexity's ReasoningConfig has
 *   only `effort`, and Perplexity has no "pro" reasoning mode (the UI's openaiReasoningPro belongs to
 *   open_ai_responses alone).
 * - `temperature` as the request has it (null: omitted). Perplexity's Agent API takes one; the
 *   OpenAI wire's reasoning-model switch is OpenAI's rule, not copied here.
 */
import type { ChatRequest } from '../../canonical.ts';
import { encodeResponsesRequest, type ResponsesRequest } from '../responses/index.ts';
import type { WireContext } from '../wire.ts';
import { perplexityMaxSteps, perplexityReasoningEffort, perplexityServerTools } from './perplexity-tools.ts';

export function encodePerplexityRequest(request: ChatRequest, context: WireContext): ResponsesRequest {
  // The core drops server tools on a 'none' call too; deciding it here keeps max_steps paired with them.
  const serverTools = request.toolChoice === 'none' ? [] : perplexityServerTools(context.template);
  const effort = perplexityReasoningEffort(request.effort);
  return encodeResponsesRequest(request, context, {
    systemPlacement: 'instructions',
    serverTools,
    reasoning: effort === null ? null : { effort },
    maxSteps: perplexityMaxSteps(serverTools) ?? null,
  });
}
