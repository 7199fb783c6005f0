/**
 * The order of writes around schedules.json (ledger part 3 §5 Approval, ja part3 approval):
 * - create and update: approve -> schedules.json -> prune. Approval first: schedules written without it
 *   would make a legitimate probe lose its due as unapproved; an approval written alone references
 *   nothing and is harmless. The prune drops what the edit left unreferenced.
 * - delete: schedules.json -> prune (the reverse): a schedule gone with its approval left behind is the
 *   dangerous half, so the schedule goes first.
 * - set_schedule_enabled goes through none of this: pausing is not revoking.
 * The schedule commands call these two, so the order lives in one place and is tested here.
 */
import type { DiagLog } from '../../diag/log.ts';
import type { ScheduledTask } from '../../domain/schedule.ts';
import type { ProbeApprovals } from './approvals-store.ts';

/** Writes schedules.json and returns the schedules now stored (what the prune keeps approvals for). */
export type WriteSchedules = () => Promise<readonly ScheduledTask[]>;

/**
 * After schedules.json is written the command has succeeded; a failed prune is a warning (the next
 * save prunes again), not a failure the screen would misread as "not saved".
 */
async function pruneAfterWrite(
  approvals: ProbeApprovals,
  stored: readonly ScheduledTask[],
  log: DiagLog,
): Promise<void> {
  try {
    const dropped = await approvals.pruneTo(stored);
    if (dropped > 0) log.note(`schedule approvals: pruned=${dropped}`);
  } catch (error) {
    log.warn(`schedule approvals: prune failed (${(error as Error).message})`);
  }
}

/** create_schedule / update_schedule. An unreadable approvals file refuses the save (CONFIG_IO) before anything is written. */
export async function saveScheduleWithApproval(
  approvals: ProbeApprovals,
  schedule: ScheduledTask,
  write: WriteSchedules,
  log: DiagLog,
): Promise<void> {
  await approvals.approveSchedule(schedule);
  const stored = await write();
  await pruneAfterWrite(approvals, stored, log);
}

/** delete_schedule (and deleting an agent, which deletes its schedules). */
export async function deleteScheduleThenPrune(
  approvals: ProbeApprovals,
  write: WriteSchedules,
  log: DiagLog,
): Promise<void> {
  const stored = await write();
  await pruneAfterWrite(approvals, stored, log);
}
