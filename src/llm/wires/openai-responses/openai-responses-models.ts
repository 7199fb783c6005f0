/**
 * The model-name switch of the OpenAI Responses wire (ledger openai_responses: "the model-name
 * switch lives in openai_responses", the same family as uses_max_completion_tokens). It absorbs a
 * dialect within one wire, which is allowed; it never chooses the wire (Spec 31 D2).
 *
 * Three answers, because the recorded 400 (`Unsupported parameter: 'temperature' is not supported
 * with this model.`) and the ledger's "never send temperature" (Spec 34 D11) must not break the
 * older chat models this wire can also be pointed at:
 * - `reasoning`: gpt-5 family, o-series, codex: temperature is never sent; the reasoning block and
 *   `reasoning.encrypted_content` are.
 * - `chat`: names the switch KNOWS are not reasoning models (gpt-4o, gpt-4.1, gpt-4, gpt-3.5,
 *   chatgpt-4o ...): temperature is sent when the template sets one, and the reasoning block and the
 *   encrypted-content include are NOT sent: those models answer 400 to reasoning parameters, and a
 *   block they cannot read would fail every call of a template that worked before.
 * - `unknown` (a new name, a piggybacked provider's model): treated as a reasoning model, the
 *   ledger's rule for this wire (no temperature; reasoning sent, the shape Perplexity measured as
 *   accepted on this wire).
 */
import { isGpt5Family, isOSeries } from '../openai-compat/openai-compat-options.ts';

export type OpenAiResponsesModelKind = 'reasoning' | 'chat' | 'unknown';

/** Lower-cased, without a router prefix (`openai/gpt-5` names the same model as `gpt-5`). */
function bareModel(model: string): string {
  const lower = model.trim().toLowerCase();
  return lower.slice(lower.lastIndexOf('/') + 1);
}

const CHAT_MODEL_PREFIXES = ['gpt-4', 'gpt-3.5', 'chatgpt-4o'];

export function openAiResponsesModelKind(model: string): OpenAiResponsesModelKind {
  const bare = bareModel(model);
  if (isGpt5Family(bare) || isOSeries(bare) || bare.startsWith('codex')) return 'reasoning';
  if (CHAT_MODEL_PREFIXES.some((prefix) => bare.startsWith(prefix))) return 'chat';
  return 'unknown';
}

/** Temperature only for models known to take it. */
export function temperatureAllowed(model: string): boolean {
  return openAiResponsesModelKind(model) === 'chat';
}

/** The reasoning block and encrypted reasoning for every model not known to refuse them. */
export function sendsReasoning(model: string): boolean {
  return openAiResponsesModelKind(model) !== 'chat';
}
