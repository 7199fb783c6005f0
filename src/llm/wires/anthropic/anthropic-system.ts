/**
 * The `system` array: the stable part (ordinance .. skill), carrying the system breakpoint, then the
 * volatile part (roster, memory). The breakpoint stays on the stable block when the volatile part is
 * empty (an empty Memory.md once made the boundary search fall off the end and drop caching).
 */
import type { SystemPrompt } from '../../canonical.ts';
import type { AnthropicCacheControl, AnthropicTextBlock } from './anthropic-api.ts';

export const CACHE_CONTROL_1H: AnthropicCacheControl = Object.freeze({ type: 'ephemeral', ttl: '1h' });

/** Anthropic rejects text blocks without non-whitespace text; such parts are left out, never altered. */
export function isBlank(text: string): boolean {
  return text.trim() === '';
}

export function convertToAnthropicSystem(system: SystemPrompt, breakpoint: boolean): AnthropicTextBlock[] {
  const blocks: AnthropicTextBlock[] = [];
  if (!isBlank(system.stable)) {
    blocks.push(
      breakpoint
        ? { type: 'text', text: system.stable, cache_control: CACHE_CONTROL_1H }
        : { type: 'text', text: system.stable },
    );
  }
  if (!isBlank(system.volatile)) blocks.push({ type: 'text', text: system.volatile });
  return blocks;
}
