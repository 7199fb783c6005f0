import type { Recurrence, ScheduleView } from './types.ts';

/** The i18n `t` with plural support (vue-i18n's `t(key, named, plural)`). */
export type Translate = (key: string, named?: Record<string, unknown>, plural?: number) => string;

/** WEEKDAYS in src/domain/enums.ts, Monday first as the ledger lists them. */
export const WEEKDAY_NAMES = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;

/** "09:05": the wall-clock time a daily or weekly schedule fires, local time. */
export function clockText(hour: number, minute: number): string {
  return `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`;
}

/**
 * "every 30 minutes", "every 2 hours", "daily at 09:00", "every Monday at 09:00" (and the Japanese).
 * Whole hours read as hours: nobody says "every 120 minutes".
 */
export function recurrenceText(recurrence: Recurrence, t: Translate): string {
  switch (recurrence.kind) {
    case 'interval': {
      const n = recurrence.everyMinutes;
      if (n % 60 === 0) return t('schedules.every.hours', { n: n / 60 }, n / 60);
      return t('schedules.every.minutes', { n }, n);
    }
    case 'daily':
      return t('schedules.every.day', { time: clockText(recurrence.hour, recurrence.minute) });
    case 'weekly':
      return t('schedules.every.week', {
        weekday: t(`schedules.weekday.${recurrence.weekday}`),
        time: clockText(recurrence.hour, recurrence.minute),
      });
  }
}

/** "12/02 09:00": a due or firing time in local time; the year only when it is not this year's. */
export function whenText(ms: number, nowMs: number): string {
  const at = new Date(ms);
  const now = new Date(nowMs);
  const pad = (n: number) => String(n).padStart(2, '0');
  const date = `${pad(at.getMonth() + 1)}/${pad(at.getDate())}`;
  const year = at.getFullYear() === now.getFullYear() ? '' : `${at.getFullYear()}/`;
  return `${year}${date} ${clockText(at.getHours(), at.getMinutes())}`;
}

/**
 * The dictionary key of the last probe result (the ledger's `probeDisplay`): null when the probe has
 * not run in this process. An error carries its reason as its own key.
 */
export function probeDisplay(view: Pick<ScheduleView, 'lastProbe'>): string | null {
  return resultKey('probeResult', view.lastProbe);
}

/** The same for the last acceptance check (its own words: "passed" / "did not pass"). */
export function acceptanceDisplay(view: Pick<ScheduleView, 'lastAcceptance'>): string | null {
  return resultKey('acceptanceResult', view.lastAcceptance);
}

function resultKey(
  group: 'probeResult' | 'acceptanceResult',
  report: ScheduleView['lastProbe'],
): string | null {
  if (!report) return null;
  if (report.outcome === 'error' && report.reason) return `schedules.${group}.error_${report.reason}`;
  return `schedules.${group}.${report.outcome}`;
}
