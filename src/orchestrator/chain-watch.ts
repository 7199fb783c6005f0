import type { AgentId } from '../domain/ids.ts';

/**
 * Told what one causal chain is doing, for someone outside it that wants to show life (the door's
 * progress, issue 23). Carried on the chain's envelopes and copied by ask, plan and hand-off
 * deliveries, so it follows exactly this chain and never another one running beside it. Events on
 * the bus name only an agent; an agent runs one turn at a time, so "whose turn runs for this chain
 * now" is what lets a watcher keep that agent's deltas and drop everyone else's.
 * Calls are synchronous and must not throw (the turn does not wait on a watcher).
 */
export interface ChainWatch {
  turnStarted(agentId: AgentId): void;
  /** A tool call starts running in this chain's turn; `target` is an ask's servant. */
  toolStarted(agentId: AgentId, tool: string, target: AgentId | null): void;
  turnEnded(agentId: AgentId): void;
}
