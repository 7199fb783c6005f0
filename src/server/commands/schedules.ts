import { z } from 'zod';
import { CoreError } from '../../domain/errors.ts';
import type { ScheduleView } from '../../domain/schedule.ts';
import { describeIssues, issuePath } from '../../domain/zod-issues.ts';
import { nextDue } from '../../schedule/decide.ts';
import { commandsToApprove, pruneApprovals, type ScheduleServices } from '../../schedule/schedule-hooks.ts';
import type { Schedule } from '../../schedule/store/schedule-codec.ts';
import { scheduleInput } from '../../schedule/store/schedule-schema.ts';
import type { ScheduleSettings } from '../../schedule/store/schedule-store.ts';
import { command, type CommandTable } from '../command.ts';

const scheduleId = z.string().min(1).max(200);

/**
 * The schedule a client sent, checked field by field. Every shape problem is INVALID_SCHEDULE with
 * the field's path in `detail` (e.g. `recurrence.hour`, `probe.command`) so the editor can show it
 * beside the field; the ledger names that code for hour / minute / everyMinutes, and the probe and
 * acceptance rules sit "on the same shelf" (part 3 §5 Probe), so they share it.
 */
function parseSchedule(raw: unknown): { id: string | undefined; settings: ScheduleSettings } {
  const parsed = scheduleInput.safeParse(raw);
  if (!parsed.success) {
    const first = parsed.error.issues[0];
    throw new CoreError('INVALID_SCHEDULE', describeIssues(parsed.error.issues, 'schedule'), {
      detail: first && first.path.length > 0 ? issuePath(first.path) : null,
    });
  }
  const { id, createdAtMs: _created, lastConsumedDueMs: _consumed, ...settings } = parsed.data;
  return { id, settings };
}

async function viewOf(services: ScheduleServices, schedule: Schedule): Promise<ScheduleView> {
  const { approvals, runtime } = services;
  return {
    ...schedule,
    nextDueMs: nextDue(schedule, services.now()),
    lastProbe: runtime.lastProbe(schedule.id),
    lastFiring: runtime.lastFiring(schedule.id),
    lastAcceptance: runtime.lastAcceptance(schedule.id),
    probeApproved: schedule.probe === null ? false : await approvals.isApproved(schedule.probe),
    acceptanceApproved:
      schedule.acceptance === null ? false : await approvals.isApproved(schedule.acceptance),
  };
}

export const scheduleCommands: CommandTable = {
  list_schedules: command(z.strictObject({}), (ctx) =>
    Promise.all(ctx.schedules.store.list().map((s) => viewOf(ctx.schedules, s))),
  ),

  /**
   * Approval → schedules.json → prune: a stored probe is never one this device did not approve, and
   * an approval written alone (the save failed) is harmless and goes at the next prune.
   */
  create_schedule: command(z.strictObject({ schedule: z.unknown() }), async (ctx, args) => {
    const { settings } = parseSchedule(args.schedule);
    const { store, approvals } = ctx.schedules;
    store.assertWritable();
    ctx.village.requireAgent(settings.to);
    await approvals.approve(commandsToApprove(settings));
    const created = await store.create(settings);
    await pruneApprovals(ctx.schedules, ctx.log);
    return viewOf(ctx.schedules, created);
  }),

  /** The same order as create; the prune drops the approval of a command the edit replaced. */
  update_schedule: command(z.strictObject({ schedule: z.unknown() }), async (ctx, args) => {
    const { id, settings } = parseSchedule(args.schedule);
    if (id === undefined) {
      throw new CoreError('INVALID_SCHEDULE', 'schedule.id: the schedule to update is missing', {
        detail: 'id',
      });
    }
    const { store, approvals } = ctx.schedules;
    store.assertWritable();
    store.require(id);
    ctx.village.requireAgent(settings.to);
    await approvals.approve(commandsToApprove(settings));
    const updated = await store.update(id, settings);
    await pruneApprovals(ctx.schedules, ctx.log);
    return viewOf(ctx.schedules, updated);
  }),

  /** schedules.json → prune: the reverse order of create. */
  delete_schedule: command(z.strictObject({ scheduleId }), async (ctx, { scheduleId: id }) => {
    await ctx.schedules.store.delete(id);
    await pruneApprovals(ctx.schedules, ctx.log);
    return null;
  }),

  /** Never prunes: switching a schedule off must not revoke the approval of its command. */
  set_schedule_enabled: command(
    z.strictObject({ scheduleId, enabled: z.boolean() }),
    async (ctx, { scheduleId: id, enabled }) =>
      viewOf(ctx.schedules, await ctx.schedules.store.setEnabled(id, enabled)),
  ),
};
