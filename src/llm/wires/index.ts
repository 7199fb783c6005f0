import type { Provider } from '../../domain/enums.ts';
import { anthropicWire } from './anthropic/index.ts';
import { geminiWire } from './gemini/index.ts';
import { openAiCompatWire } from './openai-compat/index.ts';
import type { WireAdapter } from './wire.ts';

/** The wires this build speaks; the Responses family arrives with its own adapters. */
const WIRES: Partial<Record<Provider, WireAdapter>> = {
  open_ai_compat: openAiCompatWire,
  anthropic: anthropicWire,
  gemini: geminiWire,
};

export function wireFor(provider: Provider): WireAdapter | undefined {
  return WIRES[provider];
}
