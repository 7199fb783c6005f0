import { describe, expect, it } from 'vitest';
import {
  createInput,
  draftFromSchedule,
  fieldFromServer,
  refusalField,
  scheduleFromDraft,
} from './schedule-form.ts';
import type { ScheduledTask, ScheduleView } from './types.ts';

const plain: ScheduledTask = {
  id: '7f1c2d3e-4b5a-4c6d-8e9f-0a1b2c3d4e5f',
  to: 'zari',
  message: 'check the build',
  recurrence: { kind: 'weekly', weekday: 'fri', hour: 17, minute: 45 },
  createdAtMs: 1_000,
  lastConsumedDueMs: 2_000,
  enabled: false,
};

const full: ScheduledTask = {
  ...plain,
  recurrence: { kind: 'interval', everyMinutes: 15 },
  probe: {
    command: 'git',
    args: ['status', '--porcelain', 'a b'],
    expect: 'dirty',
    timeoutSecs: 30,
    cwd: '/srv/repo',
  },
  sessionMode: 'fresh',
  summarizeAfter: true,
  acceptance: { command: 'npm', args: ['test'], expect: 'ok', timeoutSecs: 600, cwd: null, maxAttempts: 4 },
  autoApprovePlans: true,
};

function roundTrip(schedule: ScheduledTask): ScheduledTask {
  const result = scheduleFromDraft(draftFromSchedule(schedule), schedule);
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  return result.schedule;
}

describe('schedule form <-> schedule', () => {
  it('gives back every field of a schedule that uses them all', () => {
    expect(roundTrip(full)).toEqual(full);
  });

  it('gives back a plain schedule with the optional fields at their defaults, sent explicitly', () => {
    expect(roundTrip(plain)).toEqual({
      ...plain,
      probe: null,
      sessionMode: 'continue',
      summarizeAfter: false,
      acceptance: null,
      autoApprovePlans: false,
    });
  });

  it('sends only the fields a schedule has: not what the view adds, nor keys it does not know', () => {
    const view = {
      ...plain,
      futureField: { x: 1 },
      nextDueMs: 5,
      lastProbe: null,
      lastAcceptance: null,
      lastFiring: { dueMs: 1, atMs: 2 },
      probeApproved: true,
      acceptanceApproved: false,
    } as ScheduleView & { futureField: unknown };
    const result = scheduleFromDraft(draftFromSchedule(view), view);
    expect(result.ok && Object.keys(result.schedule).sort()).toEqual(
      [
        ...Object.keys(plain),
        'probe',
        'sessionMode',
        'summarizeAfter',
        'acceptance',
        'autoApprovePlans',
      ].sort(),
    );
  });

  it('maps each recurrence kind from the picker', () => {
    const draft = draftFromSchedule(null, 'ken');
    expect(draft).toMatchObject({
      to: 'ken',
      kind: 'daily',
      time: '09:00',
      weekday: 'mon',
      everyMinutes: '30',
    });
    draft.message = 'hello';
    const pick = (patch: Partial<typeof draft>) => {
      const result = scheduleFromDraft({ ...draft, ...patch }, null);
      return result.ok ? result.schedule.recurrence : result.errors;
    };
    expect(pick({})).toEqual({ kind: 'daily', hour: 9, minute: 0 });
    expect(pick({ kind: 'weekly', weekday: 'wed', time: '7:05' })).toEqual({
      kind: 'weekly',
      weekday: 'wed',
      hour: 7,
      minute: 5,
    });
    expect(pick({ kind: 'interval', everyMinutes: ' 45 ' })).toEqual({ kind: 'interval', everyMinutes: 45 });
  });

  it('puts each bad value next to its own field', () => {
    const draft = draftFromSchedule(full);
    const result = scheduleFromDraft(
      {
        ...draft,
        to: '',
        message: '  ',
        everyMinutes: '0',
        probe: { ...draft.probe, command: ' ', expect: '', timeoutSecs: '3601', cwd: 'relative/dir' },
        acceptance: { ...draft.acceptance, maxAttempts: '6' },
      },
      full,
    );
    expect(result.ok).toBe(false);
    expect(!result.ok && Object.keys(result.errors).sort()).toEqual([
      'acceptance.maxAttempts',
      'everyMinutes',
      'message',
      'probe.command',
      'probe.cwd',
      'probe.expect',
      'probe.timeoutSecs',
      'to',
    ]);
    for (const time of ['24:00', '9:60', '9', 'nine']) {
      const wrong = scheduleFromDraft({ ...draft, kind: 'daily', time }, full);
      expect(!wrong.ok && Object.keys(wrong.errors), time).toEqual(['time']);
    }
    for (const every of ['1.5', '-3', '', '4294967296']) {
      const wrong = scheduleFromDraft({ ...draft, everyMinutes: every }, full);
      expect(!wrong.ok && Object.keys(wrong.errors), every).toEqual(['everyMinutes']);
    }
  });

  it('ignores the fields of a command that is switched off, and sends it as null', () => {
    const draft = draftFromSchedule(full);
    const result = scheduleFromDraft(
      {
        ...draft,
        probe: { ...draft.probe, on: false, command: '' },
        acceptance: { ...draft.acceptance, on: false, maxAttempts: 'x' },
      },
      full,
    );
    expect(result.ok && [result.schedule.probe, result.schedule.acceptance]).toEqual([null, null]);
  });

  it('keeps argument order, drops empty lines, and reads an empty folder as the workspace', () => {
    const draft = draftFromSchedule(full);
    const result = scheduleFromDraft(
      { ...draft, probe: { ...draft.probe, args: 'b\r\n\na  c\n', cwd: '  ', expect: ' yes ' } },
      full,
    );
    expect(result.ok && result.schedule.probe).toEqual({
      command: 'git',
      args: ['b', 'a  c'],
      expect: 'yes',
      timeoutSecs: 30,
      cwd: null,
    });
  });

  it('creates without the fields the server issues', () => {
    const input = createInput(full);
    expect(Object.keys(input)).not.toContain('id');
    expect(Object.keys(input)).not.toContain('createdAtMs');
    expect(Object.keys(input)).not.toContain('lastConsumedDueMs');
    expect(input.enabled).toBe(false);
  });

  it('finds the form field a server refusal names', () => {
    expect(fieldFromServer('recurrence.hour')).toBe('time');
    expect(fieldFromServer('schedule.recurrence.everyMinutes')).toBe('everyMinutes');
    expect(fieldFromServer('probe.command')).toBe('probe.command');
    expect(fieldFromServer('acceptance.maxAttempts')).toBe('acceptance.maxAttempts');
    expect(fieldFromServer('to')).toBe('to');
    expect(fieldFromServer('somewhere.else')).toBeNull();
    expect(fieldFromServer(null)).toBeNull();
  });

  it('reads the field from a refusal: its field, its detail, or the path its message starts with', () => {
    expect(refusalField({ field: 'probe.expect', message: 'x' })).toBe('probe.expect');
    expect(refusalField({ detail: 'recurrence.minute', message: 'x' })).toBe('time');
    expect(refusalField({ message: 'schedule.probe.timeoutSecs: timeoutSecs must be 1–3600' })).toBe(
      'probe.timeoutSecs',
    );
    expect(refusalField({ detail: null, message: 'スケジュールが見つかりません' })).toBeNull();
  });
});
