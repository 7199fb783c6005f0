/**
 * What the OpenAI Responses wire adds to the shared encoder (ledger openai_responses, Spec 34).
 *
 * Effort: passed as chosen. Spec 34 P1 measured the accepted set on this wire (gpt-5.6-terra: none,
 * low, medium, high, xhigh, max; `minimal` is 400), so all five canonical values pass and nothing is
 * rounded: max IS the ceiling here. openai_compat's `reasoning_effort` (gpt-5 + tools -> "none", the
 * chat/completions constraint this wire exists to escape) is deliberately not used (Spec 34 D4).
 */
import type { Effort } from '../../../domain/enums.ts';
import type { ModelTemplate } from '../../../domain/template.ts';
import { skills } from '../../provider.ts';
import type { ResponsesReasoning, ResponsesServerTool } from '../responses/index.ts';
import { sendsReasoning } from './openai-responses-models.ts';

/** Sources of every search call; only this key brings them (annotations hold only the cited ones). */
const INCLUDE_SEARCH_SOURCES = 'web_search_call.action.sources';
/**
 * Goes past the ledger on purpose (issue 18): the ledger left encrypted reasoning unread and did not
 * ask for it; the issue carries it to the next call of the same turn, so it is asked for explicitly
 * rather than relying on "stateless calls return it by default" (measured, but not a contract).
 */
const INCLUDE_ENCRYPTED_REASONING = 'reasoning.encrypted_content';

export function openAiResponsesInclude(model: string): string[] {
  return sendsReasoning(model)
    ? [INCLUDE_SEARCH_SOURCES, INCLUDE_ENCRYPTED_REASONING]
    : [INCLUDE_SEARCH_SOURCES];
}

/**
 * `reasoning`: effort (when set), summary "detailed" always ("auto" returned 0 characters where
 * "detailed" returned 522), context "current_turn" always (the village has no previous_response_id
 * and keeps no thinking in history, so there is nothing older to refer to; omitting it means the
 * server default all_turns), mode "pro" only when openaiReasoningPro is active (omitted ≡ standard,
 * measured identical). Null for models known not to reason.
 */
export function openAiResponsesReasoning(
  model: string,
  effort: Effort | null,
  template: ModelTemplate,
): ResponsesReasoning | null {
  if (!sendsReasoning(model)) return null;
  return {
    ...(effort === null ? {} : { effort }),
    summary: 'detailed',
    context: 'current_turn',
    ...(skills.openaiReasoningProActive(template) ? { mode: 'pro' } : {}),
  };
}

/** `{type: "web_search"}` (≡ web_search_preview, measured identical) only when the skill is active. */
export function openAiResponsesServerTools(template: ModelTemplate): ResponsesServerTool[] {
  return skills.openaiWebSearchActive(template) ? [{ type: 'web_search' }] : [];
}
