/**
 * The server's scheduler: the ticker over the schedule store, delivering into the real village and
 * running probes and acceptance with the device's approvals. Lives exactly as long as the server
 * (ledger: schedules run only while the app runs; nothing is registered with the OS).
 */
import type { DiagLog } from '../diag/log.ts';
import type { Orchestrator } from '../orchestrator/orchestrator.ts';
import { decide } from './decide.ts';
import { orchestratorVillage, type FiringConversation } from './orchestrator-village.ts';
import { probeChecks } from './probe-checks.ts';
import type { ApprovalCheck } from './probe/index.ts';
import type { ScheduleSource } from './ports.ts';
import { ScheduleRuntime } from './schedule-runtime.ts';
import { Scheduler, type TickTimer } from './scheduler.ts';

export interface VillageSchedulerDeps {
  orchestrator: Orchestrator;
  sessions: FiringConversation;
  schedules: ScheduleSource;
  approvals: ApprovalCheck;
  workspace: string;
  log: DiagLog;
  timer?: TickTimer;
  now?: () => number;
}

export interface VillageScheduler {
  runtime: ScheduleRuntime;
  scheduler: Scheduler;
  /** Stops the ticker and cuts running probes (their process trees are killed). */
  stop(): void;
}

export function startVillageScheduler(deps: VillageSchedulerDeps): VillageScheduler {
  const stopping = new AbortController();
  const village = orchestratorVillage(deps.orchestrator, deps.sessions);
  const runtime = new ScheduleRuntime();
  const scheduler = new Scheduler({
    schedules: deps.schedules,
    decide: (task, nowMs) => decide(task, nowMs),
    village,
    checks: probeChecks({
      workspace: deps.workspace,
      approvals: deps.approvals,
      log: deps.log,
      signal: stopping.signal,
      language: () => village.language(),
    }),
    runtime,
    now: deps.now ?? Date.now,
    ...(deps.timer ? { timer: deps.timer } : {}),
  });
  scheduler.start();
  return {
    runtime,
    scheduler,
    stop() {
      scheduler.stop();
      stopping.abort();
    },
  };
}
