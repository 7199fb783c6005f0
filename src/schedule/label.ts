/**
 * The `{label}` of a firing's prefix: the recurrence in words, as the ledger's example
 * 「【定期実行: 毎週 木曜 17:00】」 shows, in the village language.
 */
import type { Language, Weekday } from '../domain/enums.ts';
import type { Recurrence } from '../domain/schedule.ts';

const WEEKDAY_JA: Record<Weekday, string> = {
  mon: '月曜',
  tue: '火曜',
  wed: '水曜',
  thu: '木曜',
  fri: '金曜',
  sat: '土曜',
  sun: '日曜',
};
const WEEKDAY_EN: Record<Weekday, string> = {
  mon: 'Monday',
  tue: 'Tuesday',
  wed: 'Wednesday',
  thu: 'Thursday',
  fri: 'Friday',
  sat: 'Saturday',
  sun: 'Sunday',
};

const clock = (hour: number, minute: number) =>
  `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`;

export function recurrenceLabel(recurrence: Recurrence, language: Language): string {
  switch (recurrence.kind) {
    case 'interval':
      return language === 'ja'
        ? `${recurrence.everyMinutes} 分ごと`
        : recurrence.everyMinutes === 1
          ? 'every minute'
          : `every ${recurrence.everyMinutes} minutes`;
    case 'daily':
      return language === 'ja'
        ? `毎日 ${clock(recurrence.hour, recurrence.minute)}`
        : `every day ${clock(recurrence.hour, recurrence.minute)}`;
    case 'weekly':
      return language === 'ja'
        ? `毎週 ${WEEKDAY_JA[recurrence.weekday]} ${clock(recurrence.hour, recurrence.minute)}`
        : `every ${WEEKDAY_EN[recurrence.weekday]} ${clock(recurrence.hour, recurrence.minute)}`;
  }
}
