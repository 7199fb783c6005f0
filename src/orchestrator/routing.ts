/**
 * Transfer (hand the work on; the answer goes onward) and ask (wait for the answer as a tool result).
 */
import type { Language, PlanTaskState } from '../domain/enums.ts';
import type { AgentId } from '../domain/ids.ts';
import { askRefusedLine, handoffLine } from './lines/index.ts';
import { newMessage } from './message-log.ts';
import { awaitReply } from './await-reply.ts';
import type { BudgetPool } from './budget/index.ts';
import type { ChainWatch } from './chain-watch.ts';
import type { Envelope, Reply } from './envelope.ts';
import type { Orchestrator } from './orchestrator.ts';
import type { Turn } from './turn-state.ts';
import { totalOf } from './turn-exits.ts';
import { withForwardingNote } from './prompt/index.ts';

/**
 * A body this turn forwards (transfer, ask, plan task): the attachment never goes along, and when
 * the turn's incoming message had one the body says so (attachment freeze 5). Without one there is
 * no note: the marker in history lets the forwarding agent explain a file from an earlier turn.
 */
export function forwardedBody(turn: Turn, body: string): string {
  return withForwardingNote(body, turn.envelope.incoming.attachments, turn.language);
}

/** A transfer leaves an empty chain empty and removes the tail of a non-empty one. */
export function waitingAfterTransfer(waiting: readonly AgentId[]): AgentId[] {
  return waiting.slice(0, Math.max(0, waiting.length - 1));
}

/**
 * Fan-out to every destination in parallel: one message each, same hop, a failed destination does
 * not stop the others. Recipients are co-recipients only when they all got the same text. Nothing
 * is delivered once the chain's budget is spent (no reservation here: delivering costs nothing).
 * `undelivered` holds the System line said for each destination that did not get its message (the
 * transfer's tool row shows it as its error result).
 */
export function transfer(
  orch: Orchestrator,
  turn: Turn,
  /** `streamedId`: the body is the reply streamed under this id (its bubble becomes this message). */
  deliveries: readonly { target: AgentId; body: string; streamedId?: string }[],
): 'hop_limit' | { undelivered: ReadonlyMap<AgentId, string> } {
  const t = orch.text(turn.language);
  const hop = turn.envelope.incoming.hop + 1;
  if (hop >= orch.config.maxHops) {
    orch.events.emit({ type: 'hopLimitReached', agentId: turn.spec.id, maxHops: orch.config.maxHops });
    return 'hop_limit';
  }
  const sameText = deliveries.length > 1 && deliveries.every((d) => d.body === deliveries[0]!.body);
  const coRecipients = sameText ? deliveries.map((d) => d.target) : [];
  const budgetSpent = turn.envelope.budget !== null && turn.envelope.budget.remainingMilli === 0;
  const undelivered = new Map<AgentId, string>();
  deliveries.forEach(({ target, body, streamedId }, index) => {
    const message = newMessage({
      ...(streamedId === undefined ? {} : { id: streamedId }),
      from: { kind: 'agent', id: turn.spec.id },
      to: { kind: 'agent', id: target },
      content: forwardedBody(turn, body),
      hop,
      // One generation delivered N times is counted once, on the first copy.
      tokens: index === 0 ? totalOf(turn.spend) : 0,
      coRecipients,
      nowMs: orch.now(),
    });
    orch.log.note(handoffLine({ agent: turn.spec.id, to: target, hop }));
    if (streamedId !== undefined) turn.stream?.deliver();
    orch.messages.record(message);
    const runtime = orch.runtimeIfKnown(target);
    let why: string | null = null;
    if (budgetSpent) why = t.undeliverableBudget;
    else if (!runtime || runtime.status !== 'running') why = t.undeliverableStopped;
    else {
      const envelope: Envelope = {
        incoming: message,
        replyTo: null,
        waiting: waitingAfterTransfer(turn.envelope.waiting),
        budget: turn.envelope.budget,
        signal: turn.handle.controller.signal,
        autoApprovePlans: turn.envelope.autoApprovePlans,
        coRecipients,
        watch: turn.envelope.watch,
      };
      if (!runtime.enqueue(envelope)) why = t.undeliverableFull;
    }
    if (why === null) return;
    const line = t.undeliverable(orch.labelOf(target), why);
    undelivered.set(target, line);
    orch.systemLine(line);
  });
  return { undelivered };
}

/**
 * Who asks, as a delivery needs it: the coordinator of a turn, or of a wave dispatched after review
 * (a new root outside any turn). `hop` is the asker's own incoming hop; deliveries go out at hop + 1.
 */
export interface Asker {
  id: AgentId;
  language: Language;
  hop: number;
  /** The requesters already waiting on this chain (the asker itself not included). */
  waiting: AgentId[];
  budget: BudgetPool | null;
  signal: AbortSignal;
  /** The chain's schedule flag, copied onto every delivery (never set here). */
  autoApprovePlans?: boolean;
  /** The chain's participant set of a schedule firing, copied onto every delivery (never set here). */
  participants?: Set<AgentId>;
  /** The door's watcher of this chain, copied onto every delivery (never set here). */
  watch?: ChainWatch;
}

export function askerOf(turn: Turn): Asker {
  return {
    id: turn.spec.id,
    language: turn.language,
    hop: turn.envelope.incoming.hop,
    waiting: turn.envelope.waiting,
    budget: turn.envelope.budget,
    signal: turn.handle.controller.signal,
    autoApprovePlans: turn.envelope.autoApprovePlans,
    participants: turn.envelope.participants,
    watch: turn.envelope.watch,
  };
}

/** What one delivery came to: the text for the asker and how it ended (a plan task's state). */
export interface Delivered {
  text: string;
  kind: PlanTaskState;
}

/**
 * The cycle check of ask and of each plan task, run after appending the sender: a self-ask or
 * A -> B -> A is refused at once. Null when the target may be asked.
 */
export function cycleRefusal(
  orch: Orchestrator,
  asker: Asker,
  target: AgentId,
  via: 'ask' | 'plan',
): string | null {
  const waiting = [...asker.waiting, asker.id];
  if (!waiting.includes(target)) return null;
  orch.log.note(askRefusedLine({ agent: asker.id, to: target, via, chain: waiting }));
  return orch.text(asker.language).askCycle(orch.labelOf(target));
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
  const asker = askerOf(turn);
  const refused = cycleRefusal(orch, asker, target, 'ask');
  if (refused !== null) return refused;
  if (turn.envelope.incoming.hop + 1 >= orch.config.maxHops) {
    orch.events.emit({ type: 'hopLimitReached', agentId: turn.spec.id, maxHops: orch.config.maxHops });
    return orch.text(turn.language).askHopLimit;
  }
  return (await deliverAndWait(orch, asker, target, forwardedBody(turn, question))).text;
}

/**
 * One delivery to a running `target` and the wait for its reply (ledger `deliver_and_wait`), after the
 * cycle and hop checks: shared by ask and by each task of a plan wave, so a worker sees the same.
 */
export async function deliverAndWait(
  orch: Orchestrator,
  asker: Asker,
  target: AgentId,
  question: string,
): Promise<Delivered> {
  const t = orch.text(asker.language);
  const label = orch.labelOf(target);
  const waiting = [...asker.waiting, asker.id];
  const runtime = orch.runtimeIfKnown(target);
  if (!runtime || runtime.status !== 'running') return { text: t.askStopped(label), kind: 'undeliverable' };
  // A spent chain starts no new delivery (checked, never reserved: asking costs nothing by itself).
  if (asker.budget !== null && asker.budget.remainingMilli === 0) {
    return { text: t.askBudget(label), kind: 'budget_exhausted' };
  }
  const message = newMessage({
    from: { kind: 'agent', id: asker.id },
    to: { kind: 'agent', id: target },
    content: question,
    hop: asker.hop + 1,
    tokens: 0,
    nowMs: orch.now(),
  });
  let resolveReply!: (reply: Reply) => void;
  const answered = new Promise<Reply>((resolve) => (resolveReply = resolve));
  const envelope: Envelope = {
    incoming: message,
    replyTo: resolveReply,
    waiting,
    budget: asker.budget,
    signal: asker.signal,
    coRecipients: [],
    autoApprovePlans: asker.autoApprovePlans,
    participants: asker.participants,
    watch: asker.watch,
  };
  if (!runtime.enqueue(envelope)) return { text: t.askInboxFull(label), kind: 'undeliverable' };
  orch.messages.record(message);

  const timeoutSecs = orch.askTimeoutSecs();
  // The asker's own interrupt ends the wait too (the worker stops through the same signal). A timeout
  // does not stop the target's turn: its answer is still paid for and logged.
  const reply = await awaitReply(answered, timeoutSecs, asker.signal);
  if (reply === 'timeout') return { text: t.askTimedOut(label, timeoutSecs), kind: 'timed_out' };
  if (reply === 'interrupted') return { text: t.askInterrupted(label), kind: 'interrupted' };
  switch (reply.kind) {
    case 'answered':
      return { text: reply.text, kind: 'answered' };
    case 'handed_off':
      return { text: t.askHandedOff, kind: 'handed_off' };
    case 'interrupted':
      return { text: t.askInterrupted(label), kind: 'interrupted' };
    case 'budget_exhausted':
      return { text: t.askBudget(label), kind: 'budget_exhausted' };
    default:
      return {
        text: t.askNoAnswer(label, reply.text),
        kind: reply.kind === 'undeliverable' ? 'undeliverable' : 'no_answer',
      };
  }
}
