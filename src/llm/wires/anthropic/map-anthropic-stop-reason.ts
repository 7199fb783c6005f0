import type { FinishReason } from '../../canonical.ts';

/**
 * `stop_reason` -> canonical finish. `pause_turn`, `model_context_window_exceeded`, a missing value
 * and anything new read as `other`.
 */
export function mapAnthropicStopReason(stopReason: string | null | undefined): FinishReason {
  switch (stopReason) {
    case 'end_turn':
    case 'stop_sequence':
      return 'stop';
    case 'tool_use':
      return 'tool_calls';
    case 'max_tokens':
      return 'length';
    case 'refusal':
      return 'content_filter';
    default:
      return 'other';
  }
}
