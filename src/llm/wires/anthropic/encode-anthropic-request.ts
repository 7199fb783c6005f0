/**
 * ChatRequest -> Messages body. Key order is fixed (golden tests pin it):
 * model, max_tokens, system, messages, tools, tool_choice, temperature, thinking.
 *
 * - `system` is left out when both parts are blank (never an empty text block).
 * - `tools` and `tool_choice` appear together, only when tools are offered. `none` keeps the tools
 *   (and so the tools and system cache layers) on the summary call after the tool limit.
 * - `temperature` is never sent: thinking is always on, and Anthropic then refuses any temperature but 1.
 * - `thinking` is always adaptive + summarized: 5th-generation models think by default but return
 *   no text (display "omitted") unless asked; `budget_tokens` is a 400. Effort is not read here.
 */
import type { ChatRequest } from '../../canonical.ts';
import type { WireContext } from '../wire.ts';
import type { AnthropicRequest } from './anthropic-api.ts';
import { planCache, usesExtendedCacheTtl } from './anthropic-cache.ts';
import { convertToAnthropicSystem } from './anthropic-system.ts';
import { convertToAnthropicMessages } from './convert-to-anthropic-messages.ts';

export const ANTHROPIC_VERSION = '2023-06-01';
export const EXTENDED_CACHE_TTL_BETA = 'extended-cache-ttl-2025-04-11';

export function encodeAnthropicRequest(request: ChatRequest, context: WireContext): AnthropicRequest {
  const plan = planCache(request);
  const system = convertToAnthropicSystem(request.system, plan.system);
  return {
    model: context.model,
    max_tokens: request.maxOutputTokens,
    ...(system.length > 0 ? { system } : {}),
    messages: convertToAnthropicMessages(request.messages, plan.messages),
    ...(request.tools.length > 0
      ? {
          tools: request.tools.map((tool) => ({
            name: tool.name,
            description: tool.description,
            input_schema: tool.parameters,
          })),
          tool_choice: { type: request.toolChoice },
        }
      : {}),
    thinking: { type: 'adaptive', display: 'summarized' },
  };
}

/**
 * `anthropic-version` always; the extended-cache-ttl beta whenever the body carries a 1-hour
 * cache_control (without it the provider silently ignores `ttl` and falls back to 5 minutes).
 */
export function anthropicHeaders(request: ChatRequest): Record<string, string> {
  return {
    'anthropic-version': ANTHROPIC_VERSION,
    ...(usesExtendedCacheTtl(planCache(request)) ? { 'anthropic-beta': EXTENDED_CACHE_TTL_BETA } : {}),
  };
}
