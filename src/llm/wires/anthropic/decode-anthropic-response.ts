/**
 * A parsed 2xx Messages body -> ChatResponse. Walks the JSON content blocks only (text that merely
 * looks like a tool call stays text).
 *
 * - `text`: concatenated as is (citations split one answer into many text blocks).
 * - `tool_use`: a ToolCall with `input` as the arguments object.
 * - `thinking`: the reasoning summary (non-empty texts joined by a blank line); never history.
 * - `thinking` and `redacted_thinking` are each one reasoning item (`reasoningItems`), with or
 *   without readable text (Spec 33 counts items, not summaries).
 * - everything else (`redacted_thinking`, server tool blocks, MCP blocks, new types) is counted in
 *   `dropped` by its type.
 */
import type { z } from 'zod';
import type { ChatResponse, ToolCall } from '../../canonical.ts';
import { LlmError } from '../../llm-error.ts';
import { countKind } from '../decode-json.ts';
import {
  anthropicResponseSchema,
  anthropicTextBlockSchema,
  anthropicThinkingBlockSchema,
  anthropicToolUseBlockSchema,
} from './anthropic-api.ts';
import { convertAnthropicUsage } from './convert-anthropic-usage.ts';
import { mapAnthropicStopReason } from './map-anthropic-stop-reason.ts';

/** How much of a malformed body the parse error keeps (the raw text fuels a regeneration). */
const RAW_LIMIT = 2000;

function parseError(body: unknown, what: string, error: z.ZodError): LlmError {
  const raw = JSON.stringify(body) ?? String(body);
  const issue = error.issues[0];
  const where = issue === undefined ? '' : ` at ${issue.path.join('.') || '(root)'}: ${issue.message}`;
  return new LlmError(
    { kind: 'parse', raw: raw.slice(0, RAW_LIMIT) },
    `anthropic: malformed ${what}${where}`,
  );
}

function parseWith<T>(schema: z.ZodType<T>, value: unknown, body: unknown, what: string): T {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw parseError(body, what, parsed.error);
  return parsed.data;
}

export function decodeAnthropicResponse(body: unknown): ChatResponse {
  const response = parseWith(anthropicResponseSchema, body, body, 'response body');
  let text = '';
  const toolCalls: ToolCall[] = [];
  const summaries: string[] = [];
  const dropped: Record<string, number> = {};
  // Thinking blocks (with their signatures) must go back verbatim before tool_use in a tool loop.
  const thinkingBlocks: unknown[] = [];
  for (const block of response.content ?? []) {
    if (block.type === 'thinking' || block.type === 'redacted_thinking') thinkingBlocks.push(block);
    switch (block.type) {
      case 'text':
        text += parseWith(anthropicTextBlockSchema, block, body, 'text block').text ?? '';
        break;
      case 'tool_use': {
        const call = parseWith(anthropicToolUseBlockSchema, block, body, 'tool_use block');
        toolCalls.push({ id: call.id, name: call.name, arguments: call.input ?? {} });
        break;
      }
      case 'thinking': {
        const thinking =
          parseWith(anthropicThinkingBlockSchema, block, body, 'thinking block').thinking ?? '';
        if (thinking !== '') summaries.push(thinking);
        break;
      }
      case 'redacted_thinking':
        break;
      default:
        countKind(dropped, block.type);
    }
  }
  const first = toolCalls[0];
  if (first !== undefined && thinkingBlocks.length > 0) first.extra = { anthropicThinking: thinkingBlocks };
  return {
    text,
    toolCalls,
    finish: mapAnthropicStopReason(response.stop_reason),
    usage: convertAnthropicUsage(response.usage),
    reasoningSummary: summaries.join('\n\n'),
    grounding: null,
    dropped,
    reasoningItems: thinkingBlocks.length,
  };
}
