/**
 * The narrow interfaces the scheduler needs: the schedules it reads and consumes, the village it
 * delivers into, and the command runner for probes and acceptance. Adapters live beside them
 * (orchestrator-village.ts); tests use the real ones or plain objects, never the whole Orchestrator.
 */
import type { Language } from '../domain/enums.ts';
import type { AgentId } from '../domain/ids.ts';
import type { ProbeReport, ScheduledTask, ScheduleProbe } from '../domain/schedule.ts';

export type { Tick } from './decide.ts';

export interface ScheduleSource {
  list(): readonly ScheduledTask[];
  /** Records `dueMs` as consumed (the in-memory owner saves its projection). */
  consume(id: string, dueMs: number): Promise<void> | void;
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

export interface CheckResult {
  report: ProbeReport;
  /** Probe match only: stdout lines 2+ as the ledger's limits leave them ('' when none). */
  appendix: string;
  /** Acceptance no_match only: the failure excerpt for the re-request. */
  excerpt: string;
}

/** Runs a probe or an acceptance command (approval checked inside; it writes its own log line). */
export interface CheckRunner {
  probe(task: ScheduledTask, probe: ScheduleProbe): Promise<CheckResult>;
  acceptance(task: ScheduledTask, attempt: number): Promise<CheckResult>;
  /** The re-request body: the original request plus only the latest failure note. */
  reRequest(original: string, excerpt: string, language: Language): string;
}
