import type { FinishReason } from '../../canonical.ts';
import type { ResponsesResponse } from './responses-api.ts';

/**
 * The response `status` to the canonical finish:
 * - `incomplete`: `incomplete_details.reason` max_output_tokens -> length, content_filter ->
 *   content_filter, anything else -> other. This wins over tool calls: a call list cut by the limit
 *   is not a finished round (the client turns an empty cut answer into OutputTruncated).
 * - `completed`: tool_calls when the walk produced tool calls, content_filter when the only answer
 *   was a refusal, else stop.
 *   A body without `status` is read as completed (it carries its whole output either way).
 * - `failed`, `cancelled`, `in_progress`, `queued`, a new status: other.
 */
export function mapResponsesFinish(
  body: Pick<ResponsesResponse, 'status' | 'incomplete_details'>,
  produced: { toolCalls: number; refused: boolean },
): FinishReason {
  switch (body.status ?? 'completed') {
    case 'incomplete':
      switch (body.incomplete_details?.reason) {
        case 'max_output_tokens':
          return 'length';
        case 'content_filter':
          return 'content_filter';
        default:
          return 'other';
      }
    case 'completed':
      if (produced.toolCalls > 0) return 'tool_calls';
      return produced.refused ? 'content_filter' : 'stop';
    default:
      return 'other';
  }
}
