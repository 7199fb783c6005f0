/**
 * What the schedule commands need from the parts other files build: the device's approvals of probe
 * and acceptance commands (src/schedule/probe/) and what only the running scheduler knows (the last
 * probe and firing of each schedule). Both default to "nothing known", so the commands work before
 * those parts are wired in boot.
 */
import type { DiagLog } from '../diag/log.ts';
import type { ProbeReport, ScheduleFiring, ScheduleProbe } from '../domain/schedule.ts';
import type { Schedule } from './store/schedule-codec.ts';
import type { ScheduleStore } from './store/schedule-store.ts';

/**
 * The ledger's order (part 3 §5 Approval): create = approve → schedules.json; update = approve →
 * schedules.json → prune; delete = schedules.json → prune. set_schedule_enabled never prunes. Only
 * these commands (the UI's save) call `approve`: the core never does.
 */
export interface ScheduleApprovals {
  /** Approve on this device the probe and the acceptance command of `schedule` (those not null). */
  approve(schedule: Pick<Schedule, 'probe' | 'acceptance'>): Promise<void>;
  /** Drop approvals that match no probe or acceptance in `current` (the schedules just saved). */
  prune(current: readonly Schedule[]): Promise<void>;
  /** Whether this device approved this command as it stands (`expect` is not part of it). */
  isApproved(command: ScheduleProbe): Promise<boolean>;
}

/** The scheduler's memory of this process (no file). */
export interface ScheduleRuntime {
  lastProbe(scheduleId: string): ProbeReport | null;
  lastFiring(scheduleId: string): ScheduleFiring | null;
}

/** The schedules as the commands see them: `approvals` and `runtime` are replaced at boot when wired. */
export interface ScheduleServices {
  store: ScheduleStore;
  approvals: ScheduleApprovals;
  runtime: ScheduleRuntime;
  /** The clock `nextDueMs` is computed from. */
  now: () => number;
}

export const NO_APPROVALS: ScheduleApprovals = {
  approve: () => Promise.resolve(),
  prune: () => Promise.resolve(),
  isApproved: () => Promise.resolve(false),
};

export const NO_RUNTIME: ScheduleRuntime = {
  lastProbe: () => null,
  lastFiring: () => null,
};

/**
 * Prune after the schedules are saved. The change stands by then; a failed prune only leaves an
 * approval that the next prune removes, so it is logged rather than reported as a failed save.
 */
export async function pruneApprovals(services: ScheduleServices, log: DiagLog): Promise<void> {
  try {
    await services.approvals.prune(services.store.list());
  } catch (error) {
    log.warn(`schedules: approvals not pruned (${error instanceof Error ? error.name : 'error'})`);
  }
}
