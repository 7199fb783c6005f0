/**
 * The time zone the firing rule reads the calendar in. The ledger's pure functions take the zone
 * as a parameter (`Tz`) so tests do not depend on the machine's setting; here it is one function,
 * the UTC offset at an instant, and everything else is derived from it.
 */
export interface TimeZone {
  /** Minutes local time is ahead of UTC at `utcMs` (New York in winter: -300). */
  offsetMinutesAt(utcMs: number): number;
}

/** A civil date in some zone; `month` is 1..12, `weekdayIndex` 0 = Monday .. 6 = Sunday. */
export interface LocalDate {
  year: number;
  month: number;
  day: number;
  weekdayIndex: number;
}

/** The zone of the running process (`TZ`), which is what "local time" means for a village. */
export const hostTimeZone: TimeZone = {
  offsetMinutesAt: (utcMs) => -new Date(utcMs).getTimezoneOffset(),
};

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;
/** Wider than any offset, so the offsets on both sides of a transition near a wall time are seen. */
const OFFSET_PROBE_MS = 36 * 3_600_000;

export function localDateAt(zone: TimeZone, utcMs: number): LocalDate {
  const shifted = new Date(utcMs + zone.offsetMinutesAt(utcMs) * MINUTE_MS);
  return {
    year: shifted.getUTCFullYear(),
    month: shifted.getUTCMonth() + 1,
    day: shifted.getUTCDate(),
    weekdayIndex: (shifted.getUTCDay() + 6) % 7,
  };
}

/** The civil date `days` after `date` (negative goes back); calendar arithmetic, not 24 h steps. */
export function addDays(date: LocalDate, days: number): LocalDate {
  const moved = new Date(Date.UTC(date.year, date.month - 1, date.day) + days * DAY_MS);
  return {
    year: moved.getUTCFullYear(),
    month: moved.getUTCMonth() + 1,
    day: moved.getUTCDate(),
    weekdayIndex: (moved.getUTCDay() + 6) % 7,
  };
}

/**
 * The one instant that shows `hour:minute` on `date`, or null when there is none (the spring-forward
 * gap) or two (the fall-back repeat). Like chrono's `LocalResult::single()`: the ledger says such a
 * slot does not fire, rather than guessing which instant the person meant.
 */
export function localTimeToUtc(zone: TimeZone, date: LocalDate, hour: number, minute: number): number | null {
  const wallMs = Date.UTC(date.year, date.month - 1, date.day, hour, minute);
  const offsets = new Set([
    zone.offsetMinutesAt(wallMs - OFFSET_PROBE_MS),
    zone.offsetMinutesAt(wallMs + OFFSET_PROBE_MS),
  ]);
  const instants: number[] = [];
  for (const offset of offsets) {
    const candidate = wallMs - offset * MINUTE_MS;
    if (zone.offsetMinutesAt(candidate) === offset) instants.push(candidate);
  }
  return instants.length === 1 ? instants[0]! : null;
}
