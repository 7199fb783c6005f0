/** The scheduler's village port on the real Orchestrator and Sessions (the server's wiring). */
import type { AgentId } from '../domain/ids.ts';
import type { Orchestrator, ScheduledDelivery } from '../orchestrator/orchestrator.ts';
import type { ChainDelivery, ScheduleVillage } from './ports.ts';

interface OrchestratorChain extends ChainDelivery {
  delivery: ScheduledDelivery;
}

/** What a firing needs of the conversation store (Sessions): a new chat, and a summary of a set. */
export interface FiringConversation {
  newChat(): unknown;
  summarize(agentIds: ReadonlySet<AgentId>): Promise<number>;
}

export function orchestratorVillage(orch: Orchestrator, sessions: FiringConversation): ScheduleVillage {
  return {
    language: () => orch.language(),
    labelOf: (id) => orch.labelOf(id),
    isRunning: (id) => orch.statusOf(id) === 'running',
    isBusy: (id) => orch.runtimeIfKnown(id)?.busy ?? false,
    deliver(to: AgentId, content, options): OrchestratorChain {
      const same = options.sameWalletAs as OrchestratorChain | undefined;
      const delivery = orch.deliverScheduled(to, content, {
        autoApprovePlans: options.autoApprovePlans,
        ...(same ? { budget: same.delivery.budget } : {}),
      });
      return {
        delivery,
        wallet: { remainingMilli: () => (delivery.budget === null ? null : delivery.budget.remainingMilli) },
        participants: delivery.participants,
        settled: delivery.settled,
      };
    },
    newChat: () => void sessions.newChat(),
    summarize: (agentIds) => sessions.summarize(agentIds),
    systemLine: (content) => void orch.systemLine(content),
    note: (line) => orch.log.note(line),
  };
}
