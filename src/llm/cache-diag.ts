import { createHash } from 'node:crypto';
import type { Provider } from '../domain/enums.ts';
import { systemText, type ChatRequest, type SystemPrompt, type Usage } from './canonical.ts';
import { convertToAnthropicSystem } from './wires/anthropic/anthropic-system.ts';

/** The wires that fold the whole system prompt into one text (one block, none when empty). */
const foldedIntoOne = (system: SystemPrompt): number => (systemText(system) === '' ? 0 : 1);

/**
 * How many system blocks each wire sends for a prompt. Anthropic sends the stable and the volatile
 * part as separate `system` blocks (blank parts left out); Gemini (`systemInstruction`, one part)
 * and the OpenAI-compatible wire (one `system` message) fold both into one text. The Responses
 * wires are entered as folding (one `instructions` text or one leading system item): whoever
 * builds one that splits the prompt changes its entry here. A Record on purpose: a new provider
 * does not compile until its count is decided.
 */
export const SYSTEM_BLOCKS: Record<Provider, (system: SystemPrompt) => number> = {
  anthropic: (system) => convertToAnthropicSystem(system, false).length,
  gemini: foldedIntoOne,
  open_ai_compat: foldedIntoOne,
  open_ai_responses: foldedIntoOne,
  xai_responses: foldedIntoOne,
  meta_responses: foldedIntoOne,
  perplexity_responses: foldedIntoOne,
};

/**
 * The per-round `cache:` line (ledger part 6 §3.5). Field order is frozen; new fields go at the end.
 * The digest is over the system text exactly as the adapters fold it.
 *
 * `system_blocks` (issue 18; the ledger reads "if system_blocks > 2, variable blocks have leaked
 * into System" in §5.1 but shows no place for it in the format): it is appended last, after
 * `cache_write_1h`, so every earlier field keeps its position for the greps over the measurements
 * already taken. It counts the blocks as the wire sends them (SYSTEM_BLOCKS), not the parts of the
 * composed prompt: the lesson of #45 is that an instrument must measure what goes on the wire. With
 * the canonical SystemPrompt of two slots it can be at most 2 here; the field stays so the ledger's
 * reading rule keeps an instrument behind it.
 */
export function cacheDiagLine(
  agent: string,
  model: string,
  round: number,
  request: ChatRequest,
  usage: Usage,
  provider: Provider,
): string {
  const system = systemText(request.system);
  const digest = createHash('sha256').update(system).digest('hex').slice(0, 12);
  return [
    'cache:',
    `agent=${agent}`,
    `model=${model}`,
    `round=${round}`,
    `prompt=${usage.prompt}`,
    `cached=${usage.cacheRead}`,
    `system_chars=${[...system].length}`,
    `stable_chars=${[...request.system.stable].length}`,
    `system_digest=${digest}`,
    `cache_write=${usage.cacheWrite}`,
    `cache_write_1h=${usage.cacheWrite1h}`,
    `system_blocks=${SYSTEM_BLOCKS[provider](request.system)}`,
  ].join(' ');
}
