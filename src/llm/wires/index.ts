import type { Provider } from '../../domain/enums.ts';
import { anthropicWire } from './anthropic/index.ts';
import { geminiWire } from './gemini/index.ts';
import { metaResponsesWire } from './meta-responses/index.ts';
import { openAiCompatWire } from './openai-compat/index.ts';
import { openAiResponsesWire } from './openai-responses/index.ts';
import { perplexityResponsesWire } from './perplexity-responses/index.ts';
import type { WireAdapter } from './wire.ts';
import { xaiResponsesWire } from './xai-responses/index.ts';

/** Every provider's wire: a total table, so a new Provider value does not compile until it has one. */
const WIRES: Record<Provider, WireAdapter> = {
  open_ai_compat: openAiCompatWire,
  anthropic: anthropicWire,
  gemini: geminiWire,
  xai_responses: xaiResponsesWire,
  open_ai_responses: openAiResponsesWire,
  meta_responses: metaResponsesWire,
  perplexity_responses: perplexityResponsesWire,
};

export function wireFor(provider: Provider): WireAdapter {
  return WIRES[provider];
}
