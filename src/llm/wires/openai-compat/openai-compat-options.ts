/**
 * Per-model dialects inside the one compat wire (ledger part 2 §2.11, part 3 `maxOutputTokens`,
 * failures.md #76 / #77). These absorb differences *within* a wire by model name, which is allowed;
 * choosing the wire by model name is not (Spec 31 D2).
 */
import type { Effort } from '../../../domain/enums.ts';
import type { OpenAiCompatReasoningEffort } from './openai-compat-api.ts';

/**
 * The bare model name, lower-cased, without a router prefix (`openai/gpt-5` on OpenRouter-style
 * proxies names the same model as `gpt-5`).
 */
function bareModel(model: string): string {
  const lower = model.trim().toLowerCase();
  return lower.slice(lower.lastIndexOf('/') + 1);
}

/** gpt-5, gpt-5-mini, gpt-5.6-terra ... */
export function isGpt5Family(model: string): boolean {
  return bareModel(model).startsWith('gpt-5');
}

/** o1, o1-mini, o3, o3-pro, o4-mini ... (the letter o, then digits, then the end or a dash). */
export function isOSeries(model: string): boolean {
  return /^o\d+(-|$)/.test(bareModel(model));
}

/** grok-4.3, grok-4.3-fast ... */
export function isGrok43Family(model: string): boolean {
  return bareModel(model).startsWith('grok-4.3');
}

/**
 * gpt-5 and o-series name the output limit `max_completion_tokens` (and answer 400
 * `unsupported_parameter` to `max_tokens`); every other model gets `max_tokens`, because some
 * compatible servers do not know the new name. Exactly one of the two is ever sent.
 */
export function usesMaxCompletionTokens(model: string): boolean {
  return isGpt5Family(model) || isOSeries(model);
}

/** Some compatible servers refuse xhigh / max, so they really drop a level, to high. */
export function roundEffort(effort: Effort): Exclude<OpenAiCompatReasoningEffort, 'none'> {
  return effort === 'xhigh' || effort === 'max' ? 'high' : effort;
}

/**
 * `reasoning_effort` for one call, or null to omit the key ("not set means not sent" is the
 * canonical rule, not the wire's):
 * - gpt-5 family on a call that sends tools: `none`, overriding the user's choice
 *   (/v1/chat/completions refuses function tools with reasoning, and omitting the key means the
 *   server's default reasoning). Without tools the user's effort passes through (rounded).
 * - grok-4.3 family: the user's effort, else `none`; o-series: the user's effort, else `low`
 *   (without a default the provider's deep thinking eats the output budget: empty answers).
 * - Every other model: nothing, even when an effort is set (it would be a 400).
 */
export function reasoningEffort(
  model: string,
  effort: Effort | null,
  hasTools: boolean,
): OpenAiCompatReasoningEffort | null {
  if (isGpt5Family(model)) {
    if (hasTools) return 'none';
    return effort === null ? null : roundEffort(effort);
  }
  if (isGrok43Family(model)) return effort === null ? 'none' : roundEffort(effort);
  if (isOSeries(model)) return effort === null ? 'low' : roundEffort(effort);
  return null;
}
