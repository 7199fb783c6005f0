/**
 * The stored form of one tool call (the `tool` record, issue 22): what the chat shows again after a
 * reload. Previews are bounded so one huge result cannot bloat the store; the full lengths are kept
 * so the row can say how much was left out.
 */
import type { ToolCall } from '../llm/canonical.ts';
import { TOOL_PREVIEW_CHARS, type ApprovalRequest, type ToolCallRecord } from '../domain/session.ts';
import type { Turn } from './turn-state.ts';

/** Cut at a code point boundary (never half a surrogate pair); returns the piece and the full length. */
export function boundedPreview(text: string, max = TOOL_PREVIEW_CHARS): { preview: string; chars: number } {
  const points = [...text];
  return { preview: points.length <= max ? text : points.slice(0, max).join(''), chars: points.length };
}

/** Arguments as pretty JSON, without the reason field (it has its own place on the row). */
function argumentsText(args: Record<string, unknown>): string {
  const { reason: _reason, ...rest } = args;
  return JSON.stringify(rest, null, 2);
}

export function toolCallRecordOf(
  turn: Turn,
  call: ToolCall,
  outcome: {
    text: string;
    isError: boolean;
    reason: string | null;
    reasonState: ToolCallRecord['reasonState'];
    tsMs: number;
    target?: ToolCallRecord['target'];
    approval?: ApprovalRequest | null;
  },
): ToolCallRecord {
  const args = boundedPreview(argumentsText(call.arguments));
  const result = boundedPreview(outcome.text);
  return {
    agentId: turn.spec.id,
    callId: call.id,
    name: call.name,
    reason: outcome.reason,
    reasonState: outcome.reasonState,
    argsPreview: args.preview,
    argsChars: args.chars,
    resultPreview: result.preview,
    resultChars: result.chars,
    isError: outcome.isError,
    tsMs: outcome.tsMs,
    hop: turn.envelope.incoming.hop,
    ...(outcome.target === undefined ? {} : { target: outcome.target }),
    ...(boundedApproval(outcome.approval) ?? {}),
  };
}

/** The request kept whole or not at all: a cut command would name another request. */
function boundedApproval(approval: ApprovalRequest | null | undefined): { approval: ApprovalRequest } | null {
  if (!approval) return null;
  const size = [...approval.command].length + approval.args.reduce((n, a) => n + [...a].length, 0);
  if (size > TOOL_PREVIEW_CHARS) return null;
  return { approval: { command: approval.command, args: [...approval.args] } };
}
