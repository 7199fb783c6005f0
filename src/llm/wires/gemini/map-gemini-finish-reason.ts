import type { FinishReason } from '../../canonical.ts';

/** finishReason values that mean the output was withheld by a filter. */
const FILTERED = new Set([
  'SAFETY',
  'RECITATION',
  'BLOCKLIST',
  'PROHIBITED_CONTENT',
  'SPII',
  'IMAGE_SAFETY',
  'IMAGE_PROHIBITED_CONTENT',
  'IMAGE_RECITATION',
]);

/**
 * Termination is decided from the parts: "STOP" also arrives with function calls (finishMessage
 * "Model generated function call(s)."), so any `functionCall` part means `tool_calls` whatever the
 * finishReason says. Gemini's function calls are complete objects, so this holds even next to
 * MAX_TOKENS.
 */
export function mapGeminiFinishReason(
  finishReason: string | null | undefined,
  hasFunctionCall: boolean,
): FinishReason {
  if (hasFunctionCall) return 'tool_calls';
  if (finishReason === 'MAX_TOKENS') return 'length';
  if (finishReason != null && FILTERED.has(finishReason)) return 'content_filter';
  if (finishReason === 'STOP') return 'stop';
  return 'other';
}
