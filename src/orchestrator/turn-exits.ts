/**
 * The four exits of a turn. Each one delivers what it owes (reply, System line, Reply to a waiting
 * requester), stores the exchange exactly as sent, and settles the turn once.
 */
import type { CoreError } from '../domain/errors.ts';
import type { Grounding } from '../domain/message.ts';
import type { TurnStop } from '../domain/session.ts';
import type { ChatResponse } from '../llm/canonical.ts';
import { budgetStopFieldsFor, budgetStopLine, budgetStopSystemLine } from './budget/index.ts';
import { leakedToolCallLine, looksLikeLeakedToolCall, replyLine, turnFailedLine } from './lines/index.ts';
import { newMessage } from './message-log.ts';
import { noUtterance } from './prompt/index.ts';
import type { Orchestrator } from './orchestrator.ts';
import { settleTurn } from './settle.ts';
import { turnFailedText } from './texts.ts';
import type { Spend, Turn } from './turn-state.ts';

export interface Completion {
  stop: TurnStop;
  text: string;
  /** Set when the turn handed the work on: the history entry says where each part went. */
  handoff?: { entry: string };
}

export function totalOf(spend: Spend): number {
  return spend.prompt + spend.completion;
}

function pushExchange(orch: Orchestrator, turn: Turn, sent: string, replied: string): void {
  const stored = replied.trim() === '' ? noUtterance(turn.language) : replied;
  turn.runtime.history.push({ sent, replied: stored });
  // The window is applied when restoring; keep memory bounded all the same.
  if (turn.runtime.history.length > orch.config.historyTurns * 4)
    turn.runtime.history.splice(0, turn.runtime.history.length - orch.config.historyTurns * 4);
  orch.sink.recordExchange(turn.spec.id, sent, stored);
}

/**
 * An interrupt set before the turn chose its exit wins over that exit: `interrupt_turn` answered
 * `interrupted: true`, so the turn must end as interrupted (a reply that arrived with the interrupt
 * is not delivered). Each exit runs synchronously up to its settle, so no interrupt slips in between.
 */
function interruptWins(turn: Turn): boolean {
  return turn.handle.controller.signal.aborted && !turn.exiting;
}

export async function finishCompleted(
  orch: Orchestrator,
  turn: Turn,
  completion: Completion,
  _last?: ChatResponse,
): Promise<void> {
  if (interruptWins(turn)) return finishInterrupted(orch, turn);
  turn.exiting = true;
  if (completion.handoff) {
    // Before settling (which would mark the bubble cut): the reply is the other servant's now.
    turn.stream?.stop('handed_off');
    pushExchange(orch, turn, turn.sent, completion.handoff.entry);
    // Only reachable for a requester when transfer was offered anyway: the answer does not come back.
    turn.envelope.replyTo?.({ text: '', kind: 'handed_off' });
    settleTurn(orch, turn, completion.stop);
    return;
  }
  const text = completion.text.trim() === '' ? noUtterance(turn.language) : completion.text;
  // Tool-call markup written as text reaches the person as is: observed, not repaired.
  if (looksLikeLeakedToolCall(text)) {
    orch.log.note(leakedToolCallLine({ agent: turn.spec.id, round: turn.spend.rounds, text }));
  }
  const incoming = turn.envelope.incoming;
  const requester = turn.envelope.replyTo && incoming.from.kind === 'agent' ? incoming.from : null;
  const to = requester ?? (incoming.from.kind === 'external' ? incoming.from : ({ kind: 'user' } as const));
  const message = newMessage({
    // A streamed reply's bubble was announced under this id: the final message replaces it.
    ...(turn.stream ? { id: turn.stream.messageId } : {}),
    from: { kind: 'agent', id: turn.spec.id },
    to,
    content: text,
    hop: incoming.hop,
    tokens: totalOf(turn.spend),
    nowMs: orch.now(),
  });
  const grounding: Grounding | null = turn.grounding;
  if (grounding) message.grounding = grounding;
  if (turn.reasoningSummary !== '') message.reasoningSummary = turn.reasoningSummary;
  turn.stream?.deliver();
  orch.messages.record(message);
  orch.log.note(
    replyLine({
      agent: turn.spec.id,
      to: requester ? requester.id : 'user',
      hop: incoming.hop,
      text,
    }),
  );
  turn.envelope.replyTo?.({ text, kind: 'answered' });
  pushExchange(orch, turn, turn.sent, text);
  settleTurn(orch, turn, completion.stop);
}

export async function finishFailed(orch: Orchestrator, turn: Turn, error: CoreError): Promise<void> {
  if (interruptWins(turn)) return finishInterrupted(orch, turn);
  turn.exiting = true;
  orch.log.note(turnFailedLine({ agent: turn.spec.id, code: error.code, reason: error.message }));
  orch.systemLine(turnFailedText(orch.text(turn.language), turn.spec.name, error));
  turn.envelope.replyTo?.({ text: error.message, kind: 'no_answer' });
  // Only the enveloped text is stored for a failed turn (the folded context is not).
  pushExchange(orch, turn, turn.attributed, noUtterance(turn.language));
  settleTurn(orch, turn, { kind: 'failed', code: error.code });
  if (orch.errorStopsAgent(error)) orch.failAgent(turn.runtime, error);
}

/** Exit 2a: an in-flight turn was interrupted. Not a failure: the agent stays running. */
export async function finishInterrupted(orch: Orchestrator, turn: Turn): Promise<void> {
  turn.exiting = true;
  const t = orch.text(turn.language);
  const requested = turn.handle.interruptRequestedAtMs;
  // Elapsed from the person's request to its detection here; none when it came down the chain.
  const line =
    requested === null
      ? t.interruptedByChain
      : t.interruptedAfter((Math.max(0, orch.now() - requested) / 1000).toFixed(1));
  orch.systemLine(`${turn.spec.name}: ${line}`);
  // What was sent is stored as sent, so the cached prefix survives the interrupt.
  pushExchange(orch, turn, turn.sent, t.interruptedNote);
  turn.envelope.replyTo?.({ text: line, kind: 'interrupted' });
  orch.events.emit({ type: 'turnInterrupted', agentId: turn.spec.id, turnSeq: turn.handle.seq });
  settleTurn(orch, turn, { kind: 'interrupted' });
}

/** The next call could not be reserved: the turn closes, the agent keeps running. */
export async function finishBudget(orch: Orchestrator, turn: Turn, estimateMilli: number): Promise<void> {
  if (interruptWins(turn)) return finishInterrupted(orch, turn);
  turn.exiting = true;
  const pool = turn.envelope.budget!;
  const fields = budgetStopFieldsFor(turn.spec.id, pool, estimateMilli);
  const reason = fields.reason;
  orch.log.note(budgetStopLine(fields));
  // Observed once per chain: one System line however many turns the pool stops.
  if (pool.markExhausted()) {
    const { ceilingTokens, remainingTokens, estimateTokens } = fields;
    orch.systemLine(budgetStopSystemLine(ceilingTokens, turn.language), {
      budgetStop: { ceilingTokens, remainingTokens, estimateTokens, reason },
    });
  }
  turn.envelope.replyTo?.({ text: '', kind: 'budget_exhausted' });
  pushExchange(orch, turn, turn.sent, noUtterance(turn.language));
  settleTurn(orch, turn, { kind: reason === 'exhausted' ? 'budget_exhausted' : 'reserve_short' });
}
