// The firing rule reads local time; set the zone before any Date is made in this worker (Node
// re-reads TZ when it is assigned). vitest.config.ts sets the same for every file, and the first
// test proves the zone is really in effect by watching the offset change.
process.env.TZ = 'America/New_York';

import { describe, expect, it } from 'vitest';
import type { Recurrence, ScheduledTask } from '../domain/schedule.ts';
import { decide, nextDue, type Tick } from './decide.ts';
import { hostTimeZone, type TimeZone } from './time-zone.ts';

const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

/** Local wall time in the host zone (month 1..12). */
function local(y: number, mo: number, d: number, h = 0, mi = 0, s = 0): number {
  return new Date(y, mo - 1, d, h, mi, s).getTime();
}

function task(recurrence: Recurrence, over: Partial<ScheduledTask> = {}): ScheduledTask {
  return {
    id: 't',
    to: 'agent_1' as ScheduledTask['to'],
    message: 'm',
    recurrence,
    createdAtMs: local(2026, 1, 5, 8, 0),
    lastConsumedDueMs: null,
    enabled: true,
    ...over,
  };
}

/** A fake clock: tick every `stepMs` from `fromMs` to `toMs`, applying each tick like the scheduler. */
function runTicks(t: ScheduledTask, fromMs: number, toMs: number, stepMs = MIN) {
  const fired: number[] = [];
  const consumed: number[] = [];
  let current = { ...t };
  for (let now = fromMs; now <= toMs; now += stepMs) {
    const tick = decide(current, now);
    if (tick.kind === 'idle') continue;
    (tick.kind === 'fire' ? fired : consumed).push(tick.dueMs);
    current = { ...current, lastConsumedDueMs: tick.dueMs };
  }
  return { fired, consumed, task: current };
}

const wall = (ms: number) => {
  const d = new Date(ms);
  return `${d.getMonth() + 1}-${d.getDate()} ${d.getHours()}:${String(d.getMinutes()).padStart(2, '0')}`;
};

const fire = (dueMs: number): Tick => ({ kind: 'fire', dueMs });
const consume = (dueMs: number): Tick => ({ kind: 'consume', dueMs });
const IDLE: Tick = { kind: 'idle' };

describe('the zone under test', () => {
  it('is America/New_York: the offset changes at both 2026 transitions', () => {
    expect(hostTimeZone.offsetMinutesAt(Date.UTC(2026, 2, 8, 6, 59))).toBe(-300);
    expect(hostTimeZone.offsetMinutesAt(Date.UTC(2026, 2, 8, 7, 0))).toBe(-240);
    expect(hostTimeZone.offsetMinutesAt(Date.UTC(2026, 10, 1, 5, 59))).toBe(-240);
    expect(hostTimeZone.offsetMinutesAt(Date.UTC(2026, 10, 1, 6, 0))).toBe(-300);
  });
});

describe('interval schedules', () => {
  const every10 = task({ kind: 'interval', everyMinutes: 10 });
  const created = every10.createdAtMs;

  it('do not fire before the first full interval from createdAtMs', () => {
    expect(decide(every10, created)).toEqual(IDLE);
    expect(decide(every10, created + 10 * MIN - 1)).toEqual(IDLE);
    expect(decide(every10, created + 10 * MIN)).toEqual(fire(created + 10 * MIN));
  });

  it('anchor on lastConsumedDueMs and keep the phase, so a late tick does not shift the slots', () => {
    const late = created + 13 * MIN;
    expect(decide(every10, late)).toEqual(fire(created + 10 * MIN));
    const after = { ...every10, lastConsumedDueMs: created + 10 * MIN };
    expect(decide(after, late + MIN)).toEqual(IDLE);
    expect(decide(after, created + 20 * MIN)).toEqual(fire(created + 20 * MIN));
  });

  it('fire once after a pause, not once per missed slot, and never under GRACE', () => {
    // 7 minutes past the slot: more than GRACE, which must not apply to intervals.
    const resumed = created + 2 * DAY + 7 * MIN;
    const run = runTicks(every10, resumed, resumed + 2 * MIN);
    expect(run.fired).toEqual([created + 2 * DAY]);
    expect(run.consumed).toEqual([]);
    expect(decide(run.task, created + 2 * DAY + 10 * MIN)).toEqual(fire(created + 2 * DAY + 10 * MIN));
  });

  it('fire every slot while the clock ticks', () => {
    const run = runTicks(every10, created, created + 60 * MIN);
    expect(run.fired).toEqual([1, 2, 3, 4, 5, 6].map((k) => created + k * 10 * MIN));
  });
});

describe('wall-clock schedules', () => {
  const daily17 = task({ kind: 'daily', hour: 17, minute: 0 });
  const slot = local(2026, 1, 6, 17, 0);

  it('fire at the slot and up to GRACE after it, and consume without firing past GRACE', () => {
    expect(decide(daily17, slot - 1)).toEqual(consume(local(2026, 1, 5, 17, 0)));
    expect(decide(daily17, slot)).toEqual(fire(slot));
    expect(decide(daily17, slot + 5 * MIN)).toEqual(fire(slot));
    expect(decide(daily17, slot + 5 * MIN + 1)).toEqual(consume(slot));
  });

  it('do not catch up: closed from 16:00 to 23:00 means the 17:00 slot is consumed, not fired', () => {
    const closedThrough = { ...daily17, lastConsumedDueMs: local(2026, 1, 5, 17, 0) };
    const run = runTicks(closedThrough, local(2026, 1, 6, 23, 0), local(2026, 1, 7, 16, 59));
    expect(run.fired).toEqual([]);
    expect(run.consumed).toEqual([slot]);
  });

  it('fire once per day while the clock ticks, and stay idle once consumed', () => {
    const start = { ...daily17, lastConsumedDueMs: local(2026, 1, 5, 17, 0) };
    const run = runTicks(start, local(2026, 1, 6, 0, 0), local(2026, 1, 9, 0, 0));
    expect(run.fired.map(wall)).toEqual(['1-6 17:00', '1-7 17:00', '1-8 17:00']);
    expect(run.consumed).toEqual([]);
  });

  it('weekly fires only on its weekday, computed back from the calendar', () => {
    const thu = task(
      { kind: 'weekly', weekday: 'thu', hour: 9, minute: 30 },
      { lastConsumedDueMs: local(2026, 1, 1, 9, 30) },
    );
    const run = runTicks(thu, local(2026, 1, 2, 0, 0), local(2026, 1, 23, 0, 0));
    expect(run.fired.map(wall)).toEqual(['1-8 9:30', '1-15 9:30', '1-22 9:30']);
    expect(run.fired.every((ms) => new Date(ms).getDay() === 4)).toBe(true);
    // On a Monday the latest slot is the Thursday before, already consumed.
    expect(decide(run.task, local(2026, 1, 26, 9, 30))).toEqual(IDLE);
  });

  it('keep local time across DST: 09:00 stays 09:00 while its UTC hour moves', () => {
    const daily9 = task(
      { kind: 'daily', hour: 9, minute: 0 },
      {
        lastConsumedDueMs: local(2026, 3, 6, 9, 0),
      },
    );
    const run = runTicks(daily9, local(2026, 3, 7, 0, 0), local(2026, 3, 9, 12, 0));
    expect(run.fired.map(wall)).toEqual(['3-7 9:00', '3-8 9:00', '3-9 9:00']);
    expect(run.fired.map((ms) => new Date(ms).getUTCHours())).toEqual([14, 13, 13]);
  });

  it('skip the slot that does not exist at spring-forward (02:30 on 2026-03-08)', () => {
    const daily230 = task(
      { kind: 'daily', hour: 2, minute: 30 },
      {
        lastConsumedDueMs: local(2026, 3, 6, 2, 30),
      },
    );
    const run = runTicks(daily230, local(2026, 3, 6, 12, 0), local(2026, 3, 10, 12, 0));
    expect(run.fired.map(wall)).toEqual(['3-7 2:30', '3-9 2:30', '3-10 2:30']);
    expect(run.consumed).toEqual([]);
  });

  it('skip the slot that happens twice at fall-back (01:30 on 2026-11-01), never firing twice', () => {
    const daily130 = task(
      { kind: 'daily', hour: 1, minute: 30 },
      {
        lastConsumedDueMs: local(2026, 10, 30, 1, 30),
      },
    );
    const run = runTicks(daily130, local(2026, 10, 30, 12, 0), local(2026, 11, 3, 12, 0));
    expect(run.fired.map(wall)).toEqual(['10-31 1:30', '11-2 1:30', '11-3 1:30']);
    expect(run.consumed).toEqual([]);
    // Both 01:30s of that night see the day before as the latest slot, already consumed.
    const firstOneThirty = Date.UTC(2026, 10, 1, 5, 30);
    const secondOneThirty = Date.UTC(2026, 10, 1, 6, 30);
    expect(wall(firstOneThirty)).toBe(wall(secondOneThirty));
    const consumedSat = { ...daily130, lastConsumedDueMs: local(2026, 10, 31, 1, 30) };
    expect(decide(consumedSat, firstOneThirty)).toEqual(IDLE);
    expect(decide(consumedSat, secondOneThirty)).toEqual(IDLE);
  });

  it('read the calendar in the zone given, not only the host zone', () => {
    const tokyo: TimeZone = { offsetMinutesAt: () => 540 };
    const daily9 = task({ kind: 'daily', hour: 9, minute: 0 }, { createdAtMs: 0 });
    const nineInTokyo = Date.UTC(2026, 0, 6, 0, 0);
    expect(decide(daily9, nineInTokyo, tokyo)).toEqual(fire(nineInTokyo));
  });
});

describe('disabled schedules', () => {
  it('neither fire nor consume, however overdue', () => {
    const off = { enabled: false };
    expect(decide(task({ kind: 'interval', everyMinutes: 1 }, off), local(2026, 2, 1))).toEqual(IDLE);
    expect(decide(task({ kind: 'daily', hour: 17, minute: 0 }, off), local(2026, 2, 1, 17, 1))).toEqual(IDLE);
    expect(decide(task({ kind: 'daily', hour: 17, minute: 0 }, off), local(2026, 2, 1, 23, 0))).toEqual(IDLE);
  });
});

describe('nextDue', () => {
  it('is null when disabled', () => {
    expect(nextDue(task({ kind: 'interval', everyMinutes: 5 }, { enabled: false }), 0)).toBeNull();
  });

  it('is the first interval slot, then the pending slot, then the one after the consumed slot', () => {
    const every10 = task({ kind: 'interval', everyMinutes: 10 });
    const c = every10.createdAtMs;
    expect(nextDue(every10, c + MIN)).toBe(c + 10 * MIN);
    expect(nextDue(every10, c + 2 * DAY)).toBe(c + 2 * DAY);
    expect(nextDue({ ...every10, lastConsumedDueMs: c + 10 * MIN }, c + 12 * MIN)).toBe(c + 20 * MIN);
  });

  it('is today or tomorrow for daily, and skips the missing spring-forward slot', () => {
    const daily17 = task(
      { kind: 'daily', hour: 17, minute: 0 },
      {
        lastConsumedDueMs: local(2026, 1, 5, 17, 0),
      },
    );
    expect(nextDue(daily17, local(2026, 1, 6, 16, 0))).toBe(local(2026, 1, 6, 17, 0));
    expect(nextDue(daily17, local(2026, 1, 6, 17, 2))).toBe(local(2026, 1, 6, 17, 0));
    const consumedToday = { ...daily17, lastConsumedDueMs: local(2026, 1, 6, 17, 0) };
    expect(nextDue(consumedToday, local(2026, 1, 6, 17, 2))).toBe(local(2026, 1, 7, 17, 0));
    const daily230 = task(
      { kind: 'daily', hour: 2, minute: 30 },
      {
        lastConsumedDueMs: local(2026, 3, 7, 2, 30),
      },
    );
    expect(wall(nextDue(daily230, local(2026, 3, 7, 3, 0))!)).toBe('3-9 2:30');
  });

  it('is the next matching weekday for weekly', () => {
    const mon = task(
      { kind: 'weekly', weekday: 'mon', hour: 8, minute: 15 },
      {
        lastConsumedDueMs: local(2026, 1, 5, 8, 15),
      },
    );
    expect(wall(nextDue(mon, local(2026, 1, 7, 12, 0))!)).toBe('1-12 8:15');
  });
});
