/** The schedule commands' approvals hook (schedule-hooks.ts) on this device's probe_approvals.json. */
import type { ProbeApprovals } from './probe/index.ts';
import type { ScheduleApprovals } from './schedule-hooks.ts';

export function deviceApprovals(approvals: ProbeApprovals): ScheduleApprovals {
  return {
    approve: (schedule) =>
      approvals.approve([schedule.probe, schedule.acceptance].filter((c) => c !== null && c !== undefined)),
    prune: async (current) => void (await approvals.pruneTo(current)),
    isApproved: (command) => approvals.isApproved(command),
  };
}
