/**
 * The narrow interfaces the scheduler needs: the schedules it reads and consumes, the village it
 * delivers into, and the command runner for probes and acceptance. Adapters live beside them
 * (orchestrator-village.ts); tests use the real ones or plain objects, never the whole Orchestrator.
 */
import type { Language } from '../domain/enums.ts';
import type { AgentId } from '../domain/ids.ts';
import type { Acceptance, ProbeReport, ScheduledTask, ScheduleProbe } from '../domain/schedule.ts';
import type { AcceptanceVerdict } from './probe/index.ts';

export type { Tick } from './decide.ts';

export interface ScheduleSource {
  list(): readonly ScheduledTask[];
  /** Records `dueMs` as consumed (the in-memory owner saves its projection). */
  consume(id: string, dueMs: number): Promise<unknown> | void;
}

/** The pool a firing's chain spends from; null remaining means no ceiling. */
export interface ChainWallet {
  remainingMilli(): number | null;
}

export interface ChainDelivery {
  wallet: ChainWallet;
  /** Filled while the chain runs: every agent whose turn ran for it through ask or plan. */
  participants: ReadonlySet<AgentId>;
  /** The target's turn is over (asks and plan waves inside it are awaited by that turn). */
  settled: Promise<void>;
}

export interface ScheduleVillage {
  language(): Language;
  labelOf(agentId: AgentId): string;
  isRunning(agentId: AgentId): boolean;
  /** The target has a turn running or queued. */
  isBusy(agentId: AgentId): boolean;
  /** A new causal root (its own pool), or a re-request on `sameWalletAs`'s pool. */
  deliver(
    to: AgentId,
    content: string,
    options: { autoApprovePlans: boolean; sameWalletAs?: ChainDelivery },
  ): ChainDelivery;
  /** `sessionMode: fresh`: a new chat before the delivery. */
  newChat(): void;
  summarize(agentIds: ReadonlySet<AgentId>): Promise<number>;
  systemLine(content: string): void;
  note(line: string): void;
}

export interface ProbeCheck {
  report: ProbeReport;
  /** On a match: stdout lines 2+ as the ledger's limits leave them, null when there are none. */
  appendix: string | null;
}

export interface AcceptanceCheck {
  report: ProbeReport;
  verdict: AcceptanceVerdict;
  /** The body to deliver when the verdict is re_request. */
  reRequest: string | null;
}

/**
 * Runs a probe or an acceptance command (approval checked inside; each writes its own log line).
 * Null: the server is stopping and the run was cut: nothing is recorded and the firing ends.
 */
export interface CheckRunner {
  probe(task: ScheduledTask, probe: ScheduleProbe): Promise<ProbeCheck | null>;
  acceptance(
    task: ScheduledTask,
    acceptance: Acceptance,
    turn: { attempt: number; budgetLeft: number | null; originalRequest: string },
  ): Promise<AcceptanceCheck | null>;
}
