/**
 * The tool rows of a transfer (issue 22: `transfer → Carol` shows live and after reload, resume and
 * fork). One row per delivery, recorded once the messages are out so the row follows the message it
 * sent. The reason is excluded (the routing tool shows its argument as the message itself); the
 * arguments are the call's own JSON arguments as the model sent them (issue 22 review: a row opened to
 * see "its arguments" must not show the reply text or the "(no utterance)" placeholder that stood in
 * for an empty message, which the model never wrote; the delivered text is the message in the chat).
 *
 * No `tool:` log line: the ledger's line for a transfer is `handoff: agent=… to=… hop=…` (part 2,
 * 「転送そのもの」), already written per destination by `transfer`; `tool:` is one line per executed
 * call and adding it here would count every transfer twice.
 */
import type { AgentId } from '../domain/ids.ts';
import type { ToolCall } from '../llm/canonical.ts';
import type { Orchestrator } from './orchestrator.ts';
import { toolCallRecordOf } from './tool-call-record.ts';
import type { Turn } from './turn-state.ts';

export interface TransferDelivery {
  call: ToolCall;
  target: AgentId;
  body: string;
}

/**
 * `failure(target)`: the line a person read when that destination did not get its message (stopped,
 * inbox full, budget, or the hop limit), or null when it was delivered. A failed one is "returned with
 * an error" and carries that line as its result; a delivered one has no result (the model reads none).
 */
export function recordTransferRows(
  orch: Orchestrator,
  turn: Turn,
  deliveries: readonly TransferDelivery[],
  failure: (target: AgentId) => string | null,
): void {
  for (const { call, target } of deliveries) {
    const error = failure(target);
    const tsMs = orch.now();
    const record = toolCallRecordOf(turn, call, {
      text: error ?? '',
      isError: error !== null,
      reason: null,
      reasonState: 'excluded',
      tsMs,
      target,
    });
    orch.sink.recordToolCall(record);
    orch.events.emit({
      type: 'toolInvoked',
      agentId: turn.spec.id,
      tool: call.name,
      ok: error === null,
      reason: null,
      reasonState: 'excluded',
      tsMs,
      call: record,
    });
  }
}
