import { SCHEDULE_GRACE_MS, type ScheduledTask } from '../domain/schedule.ts';
import {
  latestIntervalSlot,
  latestWallClockSlot,
  nextIntervalSlot,
  nextWallClockSlot,
} from './recurrence-slots.ts';
import { hostTimeZone, type TimeZone } from './time-zone.ts';

/** What one tick does with one schedule (the ledger's `Tick`). */
export type Tick =
  | { kind: 'idle' }
  /** Mark `dueMs` consumed without firing (a wall-clock slot missed by more than GRACE). */
  | { kind: 'consume'; dueMs: number }
  /** Fire, then set `lastConsumedDueMs = dueMs` (the slot, not the time it fired). */
  | { kind: 'fire'; dueMs: number };

const IDLE: Tick = { kind: 'idle' };

type Schedule = Pick<ScheduledTask, 'recurrence' | 'createdAtMs' | 'lastConsumedDueMs' | 'enabled'>;

/** The latest scheduled time at or before `nowMs`, or null when there is none yet. */
export function latestDue(task: Schedule, nowMs: number, zone: TimeZone = hostTimeZone): number | null {
  const rule = task.recurrence;
  if (rule.kind === 'interval') {
    return latestIntervalSlot(rule.everyMinutes, task.lastConsumedDueMs ?? task.createdAtMs, nowMs);
  }
  return latestWallClockSlot(rule, nowMs, zone);
}

/**
 * The firing rule of ledger part 3 §5 "Schedules", in its order. A pure function of the schedule,
 * the clock and the zone; the caller writes `lastConsumedDueMs` for Consume and Fire.
 *
 * Taken literally from the ledger: a wall-clock slot that passed less than GRACE before the
 * schedule was created still fires (createdAtMs anchors only intervals).
 */
export function decide(task: Schedule, nowMs: number, zone: TimeZone = hostTimeZone): Tick {
  // Disabled consumes nothing either: re-enabling must not find its slots silently used up.
  if (!task.enabled) return IDLE;
  const dueMs = latestDue(task, nowMs, zone);
  if (dueMs === null) return IDLE;
  if (task.lastConsumedDueMs !== null && task.lastConsumedDueMs >= dueMs) return IDLE;
  // GRACE only for wall-clock: an interval has no "wrong time", and applying it there made a
  // 10-minute schedule paused for two days consume forever without firing (Spec 07 rev1).
  // Wall-clock never catches up: the 17:00 bell rung at 23:00 is worse than not rung.
  if (task.recurrence.kind !== 'interval' && nowMs - dueMs > SCHEDULE_GRACE_MS) {
    return { kind: 'consume', dueMs };
  }
  return { kind: 'fire', dueMs };
}

/**
 * The next time this schedule fires, for `ScheduleView.nextDueMs`: the pending slot when a tick
 * now would fire it, else the first slot after now. Null when disabled.
 */
export function nextDue(task: Schedule, nowMs: number, zone: TimeZone = hostTimeZone): number | null {
  if (!task.enabled) return null;
  const tick = decide(task, nowMs, zone);
  if (tick.kind === 'fire') return tick.dueMs;
  const rule = task.recurrence;
  if (rule.kind === 'interval') {
    return nextIntervalSlot(rule.everyMinutes, task.lastConsumedDueMs ?? task.createdAtMs, nowMs);
  }
  // A slot at or before the consumed one never fires (the clock went back): look past it.
  return nextWallClockSlot(rule, Math.max(nowMs, task.lastConsumedDueMs ?? nowMs), zone);
}
