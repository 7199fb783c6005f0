/** Billing periods of the statistics screen (Spec 42; ledger part 2 §2.2), in local time. */
export type ClosingDay = number | 'eom';

export interface StatsPeriod {
  /** Inclusive start, 00:00 local. */
  start: Date;
  /** Exclusive end, 00:00 local of the day after the closing day. */
  end: Date;
  /** The month the period is named after (the month of its closing day). */
  year: number;
  /** 1..12 */
  month: number;
}

function period(year: number, month: number, closingDay: ClosingDay): StatsPeriod {
  // `new Date(y, m, d)` normalises overflowing months and keeps local midnight across DST.
  if (closingDay === 'eom') {
    return { start: new Date(year, month - 1, 1), end: new Date(year, month, 1), year, month };
  }
  return {
    start: new Date(year, month - 2, closingDay + 1),
    end: new Date(year, month - 1, closingDay + 1),
    year,
    month,
  };
}

/**
 * The period containing `at`. Closing day d covers [day after the previous closing day, day after d):
 * 25 gives 7/26–8/25, named August; 1 gives 7/2–8/1 (not the calendar month, which is "eom").
 */
export function periodContaining(at: Date, closingDay: ClosingDay): StatsPeriod {
  const year = at.getFullYear();
  const month = at.getMonth() + 1;
  if (closingDay === 'eom' || at.getDate() <= closingDay) return period(year, month, closingDay);
  const next = new Date(year, month, 1);
  return period(next.getFullYear(), next.getMonth() + 1, closingDay);
}

/** The period `steps` months before (negative) or after (positive) the given one. */
export function shiftPeriod(p: StatsPeriod, steps: number, closingDay: ClosingDay): StatsPeriod {
  const anchor = new Date(p.year, p.month - 1 + steps, 1);
  return period(anchor.getFullYear(), anchor.getMonth() + 1, closingDay);
}

/** `2026 年 8 月分 (7/26〜8/25)` / `August 2026 (7/26–8/25)`: the last day shown is the closing day. */
export function periodLabel(p: StatsPeriod, language: 'ja' | 'en'): string {
  const last = new Date(p.end.getFullYear(), p.end.getMonth(), p.end.getDate() - 1);
  const md = (d: Date) => `${d.getMonth() + 1}/${d.getDate()}`;
  if (language === 'ja') return `${p.year} 年 ${p.month} 月分 (${md(p.start)}〜${md(last)})`;
  const name = new Date(p.year, p.month - 1, 1).toLocaleString('en', { month: 'long' });
  return `${name} ${p.year} (${md(p.start)}–${md(last)})`;
}

export function isClosingDay(value: unknown): value is ClosingDay {
  return value === 'eom' || (Number.isInteger(value) && (value as number) >= 1 && (value as number) <= 28);
}
