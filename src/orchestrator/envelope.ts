import type { PlanTaskState } from '../domain/enums.ts';
import type { AgentId } from '../domain/ids.ts';
import type { AgentMessage } from '../domain/message.ts';
import type { BudgetPool } from './budget/index.ts';
import type { ChainWatch } from './chain-watch.ts';

/** What an ask (or a plan task) gets back: the answer and how it ended. Never on the wire. */
export interface Reply {
  text: string;
  kind: PlanTaskState;
}

/**
 * One delivery into an agent's inbox. Built only by the orchestrator: neither a model nor an external
 * client can make one.
 */
export interface Envelope {
  incoming: AgentMessage;
  /** Set for ask and plan: the answer goes back here instead of to the user. */
  replyTo: ((reply: Reply) => void) | null;
  /** Requesters waiting on this chain; the tail is the most recent (cycle check for asks). */
  waiting: AgentId[];
  /** The causal chain's pool; null when the village has no ceiling. Shared, never copied. */
  budget: BudgetPool | null;
  /** The requester's turn signal: interrupting it reaches this turn too. */
  signal: AbortSignal;
  /** Every recipient of a broadcast (including this one); empty for a single recipient. */
  coRecipients: AgentId[];
  /**
   * Set only by a schedule's delivery (`autoApprovePlans`): plan review windows on this chain are
   * skipped. Deliveries copy it and never overwrite it; new roots start without it.
   */
  autoApprovePlans?: boolean;
  /**
   * A schedule's firing only: every agent whose turn ran for this chain through ask or plan joins it
   * (summarizeAfter's targets). Copied by ask and plan deliveries, never by a handoff (ledger: handoff
   * targets are excluded).
   */
  participants?: Set<AgentId>;
  /** A schedule's firing only: told once when this envelope's turn is over, however it ended. */
  onSettled?: () => void;
  /**
   * The door's request only: told when a turn of this chain starts, runs a tool and ends. Copied by
   * ask, plan and hand-off deliveries (the chain goes on); new roots start without it.
   */
  watch?: ChainWatch;
}
