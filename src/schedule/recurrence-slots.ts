import { WEEKDAYS } from '../domain/enums.ts';
import type { Recurrence } from '../domain/schedule.ts';
import { addDays, localDateAt, localTimeToUtc, type LocalDate, type TimeZone } from './time-zone.ts';

export type WallClockRecurrence = Exclude<Recurrence, { kind: 'interval' }>;

const MINUTE_MS = 60_000;
/**
 * How many civil days a calendar search walks. A weekly slot recurs within 7 days; one slot can fall
 * into a DST gap or repeat, so the one before it (a week further) must still be reachable.
 */
const SEARCH_DAYS = 15;

function slotOn(zone: TimeZone, rule: WallClockRecurrence, date: LocalDate): number | null {
  if (rule.kind === 'weekly' && date.weekdayIndex !== WEEKDAYS.indexOf(rule.weekday)) return null;
  return localTimeToUtc(zone, date, rule.hour, rule.minute);
}

/** The latest wall-clock slot at or before `nowMs`, computed back from the local calendar. */
export function latestWallClockSlot(rule: WallClockRecurrence, nowMs: number, zone: TimeZone): number | null {
  const today = localDateAt(zone, nowMs);
  for (let back = 0; back < SEARCH_DAYS; back++) {
    const slot = slotOn(zone, rule, addDays(today, -back));
    if (slot !== null && slot <= nowMs) return slot;
  }
  return null;
}

/** The first wall-clock slot strictly after `afterMs`. */
export function nextWallClockSlot(rule: WallClockRecurrence, afterMs: number, zone: TimeZone): number | null {
  const today = localDateAt(zone, afterMs);
  for (let ahead = 0; ahead < SEARCH_DAYS; ahead++) {
    const slot = slotOn(zone, rule, addDays(today, ahead));
    if (slot !== null && slot > afterMs) return slot;
  }
  return null;
}

/**
 * `anchor + every * floor((now - anchor) / every)`, or null while `now - anchor < every`: the anchor
 * itself is never a slot, so nothing fires before the first full interval.
 */
export function latestIntervalSlot(everyMinutes: number, anchorMs: number, nowMs: number): number | null {
  const everyMs = everyMinutes * MINUTE_MS;
  if (nowMs - anchorMs < everyMs) return null;
  return anchorMs + everyMs * Math.floor((nowMs - anchorMs) / everyMs);
}

/** The first interval slot strictly after `afterMs` (the anchor + one interval at the earliest). */
export function nextIntervalSlot(everyMinutes: number, anchorMs: number, afterMs: number): number {
  const everyMs = everyMinutes * MINUTE_MS;
  if (afterMs < anchorMs) return anchorMs + everyMs;
  return anchorMs + everyMs * (Math.floor((afterMs - anchorMs) / everyMs) + 1);
}
