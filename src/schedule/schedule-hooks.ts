/**
 * What the schedule commands need from the parts other files build: the device's approvals of probe
 * and acceptance commands (src/schedule/probe/) and what only the running scheduler knows (the last
 * probe and firing of each schedule: "nothing known" until the scheduler is wired in boot).
 */
import type { DiagLog } from '../diag/log.ts';
import type {
  AcceptanceReport,
  ProbeReport,
  ScheduledTask,
  ScheduleFiring,
  ScheduleProbe,
} from '../domain/schedule.ts';
import type { ScheduleStore } from './store/schedule-store.ts';

/**
 * The device's approvals of the commands schedules run (ProbeApprovals in src/schedule/probe/ is the
 * real one). The order the commands call it in is the ledger's (ja part3 approval, the authority):
 * create and update = approve → schedules.json → prune; delete = schedules.json → prune (the
 * reverse); set_schedule_enabled neither (pausing is not revoking); the order lives in
 * src/server/commands/schedules.ts and test/schedules-api.test.ts holds it. Only these commands, a person's
 * save, ever approve.
 */
export interface ScheduleApprovals {
  /** Approve on this device these commands (a schedule's probe and acceptance). */
  approve(commands: readonly ScheduleProbe[]): Promise<void>;
  /** Drop approvals no probe or acceptance of `current` (the schedules just saved) uses. */
  pruneTo(current: readonly ScheduledTask[]): Promise<number>;
  /** Whether this device approved this command as it stands (`expect` is not part of it). */
  isApproved(command: ScheduleProbe): Promise<boolean>;
}

/** The commands of a schedule that need approval: its probe and its acceptance, when present. */
export function commandsToApprove(schedule: Pick<ScheduledTask, 'probe' | 'acceptance'>): ScheduleProbe[] {
  return [schedule.probe ?? null, schedule.acceptance ?? null].filter((c) => c !== null);
}

/** The scheduler's memory of this process (no file). */
export interface ScheduleRuntime {
  lastProbe(scheduleId: string): ProbeReport | null;
  lastFiring(scheduleId: string): ScheduleFiring | null;
  lastAcceptance(scheduleId: string): AcceptanceReport | null;
}

/** The schedules as the commands see them: `approvals` and `runtime` are replaced at boot when wired. */
export interface ScheduleServices {
  store: ScheduleStore;
  approvals: ScheduleApprovals;
  runtime: ScheduleRuntime;
  /** The clock `nextDueMs` is computed from. */
  now: () => number;
}

export const NO_RUNTIME: ScheduleRuntime = {
  lastProbe: () => null,
  lastFiring: () => null,
  lastAcceptance: () => null,
};

/**
 * Prune after the schedules are saved. The change stands by then; a failed prune only leaves an
 * approval that the next prune removes, so it is logged rather than reported as a failed save.
 */
export async function pruneApprovals(services: ScheduleServices, log: DiagLog): Promise<void> {
  try {
    await services.approvals.pruneTo(services.store.list());
  } catch (error) {
    log.warn(`schedules: approvals not pruned (${error instanceof Error ? error.name : 'error'})`);
  }
}
