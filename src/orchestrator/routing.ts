/**
 * Transfer (hand the work on; the answer goes onward) and ask (wait for the answer as a tool result).
 */
import type { AgentId } from '../domain/ids.ts';
import { askRefusedLine, handoffLine } from './lines/index.ts';
import { newMessage } from './message-log.ts';
import type { Envelope, Reply } from './envelope.ts';
import type { Orchestrator } from './orchestrator.ts';
import type { Turn } from './turn-state.ts';
import { totalOf } from './turn-exits.ts';

/** A transfer leaves an empty chain empty and removes the tail of a non-empty one. */
export function waitingAfterTransfer(waiting: readonly AgentId[]): AgentId[] {
  return waiting.slice(0, Math.max(0, waiting.length - 1));
}

/**
 * Fan-out to every named destination in parallel: one message each, same hop, duplicates merged, a
 * failed destination does not stop the others. Returns false when the hop limit stopped it.
 */
export function transfer(orch: Orchestrator, turn: Turn, targets: readonly AgentId[], body: string): boolean {
  const unique = [...new Set(targets)];
  const hop = turn.envelope.incoming.hop + 1;
  if (hop >= orch.config.maxHops) {
    orch.events.emit({ type: 'hopLimitReached', agentId: turn.spec.id, maxHops: orch.config.maxHops });
    return false;
  }
  const coRecipients = unique.length > 1 ? unique : [];
  unique.forEach((target, index) => {
    const message = newMessage({
      from: { kind: 'agent', id: turn.spec.id },
      to: { kind: 'agent', id: target },
      content: body,
      hop,
      // One generation delivered N times is counted once, on the first copy.
      tokens: index === 0 ? totalOf(turn.spend) : 0,
      coRecipients,
      nowMs: orch.now(),
    });
    orch.log.note(handoffLine({ agent: turn.spec.id, to: target, hop }));
    const runtime = orch.runtimeIfKnown(target);
    if (!runtime || runtime.status !== 'running') {
      orch.messages.record(message);
      orch.systemLine(orch.text(turn.language).undeliverable(target, 'stopped'));
      return;
    }
    const envelope: Envelope = {
      incoming: message,
      replyTo: null,
      waiting: waitingAfterTransfer(turn.envelope.waiting),
      budget: turn.envelope.budget,
      signal: turn.handle.controller.signal,
      coRecipients,
      requestedAtMs: orch.now(),
    };
    if (!runtime.enqueue(envelope)) {
      orch.messages.record(message);
      orch.systemLine(orch.text(turn.language).undeliverable(target, 'inbox full'));
      return;
    }
    orch.messages.record(message);
  });
  return true;
}

/**
 * Asks `target` and waits (at most askTimeoutSecs) for its answer, which comes back as text. Every
 * way of not getting an answer is also plain text, never an exception.
 */
export async function ask(
  orch: Orchestrator,
  turn: Turn,
  target: AgentId,
  question: string,
): Promise<string> {
  const t = orch.text(turn.language);
  const label = orch.labelOf(target);
  // The check runs after appending the sender: a self-ask or A -> B -> A is refused at once.
  const waiting = [...turn.envelope.waiting, turn.spec.id];
  if (waiting.includes(target)) {
    orch.log.note(askRefusedLine({ agent: turn.spec.id, to: target, via: 'ask', chain: waiting }));
    return t.askCycle(label);
  }
  const hop = turn.envelope.incoming.hop + 1;
  if (hop >= orch.config.maxHops) {
    orch.events.emit({ type: 'hopLimitReached', agentId: turn.spec.id, maxHops: orch.config.maxHops });
    return t.askHopLimit;
  }
  const runtime = orch.runtimeIfKnown(target);
  if (!runtime || runtime.status !== 'running') return t.askStopped(label);

  const message = newMessage({
    from: { kind: 'agent', id: turn.spec.id },
    to: { kind: 'agent', id: target },
    content: question,
    hop,
    tokens: 0,
    nowMs: orch.now(),
  });
  let resolveReply!: (reply: Reply) => void;
  const answered = new Promise<Reply>((resolve) => (resolveReply = resolve));
  const envelope: Envelope = {
    incoming: message,
    replyTo: resolveReply,
    waiting,
    budget: turn.envelope.budget,
    signal: turn.handle.controller.signal,
    coRecipients: [],
    requestedAtMs: orch.now(),
  };
  if (!runtime.enqueue(envelope)) return t.askInboxFull(label);
  orch.messages.record(message);

  const timeoutSecs = orch.askTimeoutSecs();
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), timeoutSecs * 1000);
  });
  // A timeout does not stop the target's turn: its answer is still paid for and logged.
  const reply = await Promise.race([answered, timedOut]);
  clearTimeout(timer);
  if (reply === null) return t.askTimedOut(label, timeoutSecs);
  switch (reply.kind) {
    case 'answered':
      return reply.text;
    case 'handed_off':
      return t.askHandedOff;
    case 'interrupted':
      return t.askInterrupted(label);
    case 'budget_exhausted':
      return t.askBudget(label);
    default:
      return t.askNoAnswer(label, reply.text);
  }
}
