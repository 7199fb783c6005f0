/**
 * The OpenAI Responses wire's model-name switch, as the editor needs it to say what is not sent
 * (the core's src/llm/wires/openai-responses/openai-responses-models.ts; the UI imports no server code,
 * so this is a copy, pinned to the core's functions by its test).
 *
 * Only names the switch knows as chat models (gpt-4o, gpt-4.1, gpt-4, gpt-3.5, chatgpt-4o …) get
 * temperature and do not get the reasoning block; every other name, a new one included, is treated as
 * a reasoning model (gpt-5, o-series, codex …): temperature is never sent, effort is.
 */

/** Lower-cased, without a router prefix (`openai/gpt-4o` names the same model as `gpt-4o`). */
function bareModel(model: string): string {
  const lower = model.trim().toLowerCase();
  return lower.slice(lower.lastIndexOf('/') + 1);
}

const CHAT_MODEL_PREFIXES = ['gpt-4', 'gpt-3.5', 'chatgpt-4o'];

/** gpt-5 family, o-series (o1, o3-pro, o4-mini …), codex: checked first, as the core does. */
function isKnownReasoningModel(bare: string): boolean {
  return bare.startsWith('gpt-5') || /^o\d+(-|$)/.test(bare) || bare.startsWith('codex');
}

/** A name the switch knows as a chat model. */
export function isKnownChatModel(model: string): boolean {
  const bare = bareModel(model);
  if (isKnownReasoningModel(bare)) return false;
  return CHAT_MODEL_PREFIXES.some((prefix) => bare.startsWith(prefix));
}

/** The core's `temperatureAllowed`: temperature only for models known to take it. */
export function openAiResponsesSendsTemperature(model: string): boolean {
  return isKnownChatModel(model);
}

/** The core's `sendsReasoning`: effort and the reasoning block for every model not known to refuse them. */
export function openAiResponsesSendsReasoning(model: string): boolean {
  return !isKnownChatModel(model);
}
