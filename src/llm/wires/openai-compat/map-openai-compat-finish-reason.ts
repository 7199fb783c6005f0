import type { FinishReason } from '../../canonical.ts';

/**
 * `choices[0].finish_reason` to the canonical finish. `function_call` is the legacy name of
 * `tool_calls`; anything else (null, `insufficient_system_resource`, a server's own word) is `other`.
 */
export function mapOpenAiCompatFinishReason(reason: string | null | undefined): FinishReason {
  switch (reason) {
    case 'stop':
      return 'stop';
    case 'tool_calls':
    case 'function_call':
      return 'tool_calls';
    case 'length':
      return 'length';
    case 'content_filter':
      return 'content_filter';
    default:
      return 'other';
  }
}
