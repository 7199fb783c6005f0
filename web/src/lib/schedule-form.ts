import type {
  Acceptance,
  Recurrence,
  ScheduledTask,
  ScheduleProbe,
  ScheduleView,
  SessionMode,
  Weekday,
} from './types.ts';

// The limits of src/domain/schedule.ts (not imported: the bundle takes types only from the core).
export const PROBE_TIMEOUT_DEFAULT_SECS = 60;
export const PROBE_TIMEOUT_MAX_SECS = 3600;
export const ACCEPTANCE_MAX_ATTEMPTS_DEFAULT = 2;
export const ACCEPTANCE_MAX_ATTEMPTS_MAX = 5;
/** everyMinutes is a u32 on the wire. */
const U32_MAX = 0xffff_ffff;

/** A probe or acceptance command as the editor holds it: text until saved. */
export interface CommandDraft {
  /** Off: the field is null on the wire (no pre-check / no acceptance). */
  on: boolean;
  command: string;
  /** One argument per line, in order; empty lines are ignored. */
  args: string;
  expect: string;
  timeoutSecs: string;
  /** Empty: null, the workspace. */
  cwd: string;
}

export interface ScheduleDraft {
  to: string;
  message: string;
  kind: Recurrence['kind'];
  everyMinutes: string;
  /** "HH:MM", local time (daily and weekly). */
  time: string;
  weekday: Weekday;
  probe: CommandDraft;
  acceptance: CommandDraft & { maxAttempts: string };
  sessionMode: SessionMode;
  summarizeAfter: boolean;
  autoApprovePlans: boolean;
}

export const COMMAND_PARTS = ['command', 'args', 'expect', 'timeoutSecs', 'cwd'] as const;
export type CommandPart = (typeof COMMAND_PARTS)[number];
/** Every field an error can sit next to. */
export type ScheduleField =
  | 'to'
  | 'message'
  | 'everyMinutes'
  | 'time'
  | 'weekday'
  | `probe.${CommandPart}`
  | `acceptance.${CommandPart | 'maxAttempts'}`;

/** A dictionary key under `schedules.errors` plus its parameters. */
export interface FieldError {
  key: string;
  params?: Record<string, unknown>;
}
export type FieldErrors = Partial<Record<ScheduleField, FieldError>>;

function commandDraft(command: ScheduleProbe | null | undefined): CommandDraft {
  return {
    on: Boolean(command),
    command: command?.command ?? '',
    args: command?.args.join('\n') ?? '',
    expect: command?.expect ?? '',
    timeoutSecs: String(command?.timeoutSecs ?? PROBE_TIMEOUT_DEFAULT_SECS),
    cwd: command?.cwd ?? '',
  };
}

/** The editor's state for a stored schedule, or for a new one aimed at `defaultTarget`. */
export function draftFromSchedule(schedule: ScheduledTask | null, defaultTarget = ''): ScheduleDraft {
  const r = schedule?.recurrence ?? null;
  const hour = r && r.kind !== 'interval' ? r.hour : 9;
  const minute = r && r.kind !== 'interval' ? r.minute : 0;
  return {
    to: schedule?.to ?? defaultTarget,
    message: schedule?.message ?? '',
    kind: r?.kind ?? 'daily',
    everyMinutes: String(r?.kind === 'interval' ? r.everyMinutes : 30),
    time: `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`,
    weekday: r?.kind === 'weekly' ? r.weekday : 'mon',
    probe: commandDraft(schedule?.probe),
    acceptance: {
      ...commandDraft(schedule?.acceptance),
      maxAttempts: String(schedule?.acceptance?.maxAttempts ?? ACCEPTANCE_MAX_ATTEMPTS_DEFAULT),
    },
    sessionMode: schedule?.sessionMode ?? 'continue',
    summarizeAfter: schedule?.summarizeAfter ?? false,
    autoApprovePlans: schedule?.autoApprovePlans ?? false,
  };
}

/** A whole number in [min, max] written in decimal digits, else null. */
function wholeIn(text: string, min: number, max: number): number | null {
  const trimmed = text.trim();
  if (!/^\d+$/.test(trimmed)) return null;
  const n = Number(trimmed);
  return n >= min && n <= max ? n : null;
}

function parseTime(text: string): { hour: number; minute: number } | null {
  const match = /^(\d{1,2}):(\d{2})$/.exec(text.trim());
  if (!match) return null;
  const hour = Number(match[1]);
  const minute = Number(match[2]);
  return hour <= 23 && minute <= 59 ? { hour, minute } : null;
}

/** POSIX `/…`, Windows `C:\…` or `\\server\…`: the ledger wants an absolute cwd. */
export function isAbsolutePath(path: string): boolean {
  return path.startsWith('/') || /^[A-Za-z]:[\\/]/.test(path) || path.startsWith('\\\\');
}

function recurrenceFrom(draft: ScheduleDraft, errors: FieldErrors): Recurrence | null {
  if (draft.kind === 'interval') {
    const everyMinutes = wholeIn(draft.everyMinutes, 1, U32_MAX);
    if (everyMinutes === null) errors.everyMinutes = { key: 'everyMinutes' };
    return everyMinutes === null ? null : { kind: 'interval', everyMinutes };
  }
  const time = parseTime(draft.time);
  if (!time) errors.time = { key: 'time' };
  if (!time) return null;
  return draft.kind === 'daily'
    ? { kind: 'daily', ...time }
    : { kind: 'weekly', weekday: draft.weekday, ...time };
}

function commandFrom(
  draft: CommandDraft,
  prefix: 'probe' | 'acceptance',
  errors: FieldErrors,
): ScheduleProbe | null {
  if (!draft.on) return null;
  const fail = (part: CommandPart, error: FieldError) => (errors[`${prefix}.${part}`] = error);
  const command = draft.command.trim();
  if (command === '') fail('command', { key: 'commandEmpty' });
  // `expect` is compared with the trimmed line 1, so surrounding spaces could never match.
  const expect = draft.expect.trim();
  if (expect === '') fail('expect', { key: 'expectEmpty' });
  const timeoutSecs = wholeIn(draft.timeoutSecs, 1, PROBE_TIMEOUT_MAX_SECS);
  if (timeoutSecs === null) fail('timeoutSecs', { key: 'timeout', params: { max: PROBE_TIMEOUT_MAX_SECS } });
  const cwd = draft.cwd.trim();
  if (cwd !== '' && !isAbsolutePath(cwd)) fail('cwd', { key: 'cwdRelative' });
  const args = draft.args
    .split('\n')
    .map((line) => line.replace(/\r$/, ''))
    .filter((line) => line !== '');
  return { command, args, expect, timeoutSecs: timeoutSecs ?? 0, cwd: cwd === '' ? null : cwd };
}

export type ScheduleResult = { ok: true; schedule: ScheduledTask } | { ok: false; errors: FieldErrors };

/**
 * What `create_schedule` / `update_schedule` take. An edit carries the stored id, createdAtMs and
 * lastConsumedDueMs back (the server ignores the last two). Fields this UI does not know are not
 * sent: the commands refuse unknown keys, and the server keeps them in schedules.json on its own.
 * The optional fields are sent even at their defaults, so switching one off really switches it off;
 * the store omits defaults on disk.
 */
export function scheduleFromDraft(
  draft: ScheduleDraft,
  base: ScheduledTask | ScheduleView | null,
): ScheduleResult {
  const errors: FieldErrors = {};
  if (draft.to === '') errors.to = { key: 'toEmpty' };
  if (draft.message.trim() === '') errors.message = { key: 'messageEmpty' };
  const recurrence = recurrenceFrom(draft, errors);
  const probe = commandFrom(draft.probe, 'probe', errors);
  const acceptanceCommand = commandFrom(draft.acceptance, 'acceptance', errors);
  const maxAttempts = draft.acceptance.on
    ? wholeIn(draft.acceptance.maxAttempts, 1, ACCEPTANCE_MAX_ATTEMPTS_MAX)
    : null;
  if (draft.acceptance.on && maxAttempts === null) {
    errors['acceptance.maxAttempts'] = { key: 'maxAttempts', params: { max: ACCEPTANCE_MAX_ATTEMPTS_MAX } };
  }
  if (Object.keys(errors).length > 0 || !recurrence) return { ok: false, errors };
  const acceptance: Acceptance | null =
    acceptanceCommand && maxAttempts !== null ? { ...acceptanceCommand, maxAttempts } : null;
  const schedule = {
    id: base?.id ?? '',
    createdAtMs: base?.createdAtMs ?? 0,
    lastConsumedDueMs: base?.lastConsumedDueMs ?? null,
    enabled: base?.enabled ?? true,
    to: draft.to,
    message: draft.message,
    recurrence,
    probe,
    sessionMode: draft.sessionMode,
    summarizeAfter: draft.summarizeAfter,
    acceptance,
    autoApprovePlans: draft.autoApprovePlans,
  } satisfies ScheduledTask;
  return { ok: true, schedule };
}

/** A new schedule goes without the fields the server issues (id, createdAtMs, lastConsumedDueMs). */
export function createInput(
  schedule: ScheduledTask,
): Omit<ScheduledTask, 'id' | 'createdAtMs' | 'lastConsumedDueMs'> {
  const { id: _id, createdAtMs: _created, lastConsumedDueMs: _consumed, ...rest } = schedule;
  return rest;
}

/**
 * The form field a server refusal belongs to. The server names it in `field` (or `detail`) as a path
 * into the schedule ("recurrence.hour", "probe.command"); unknown paths stay with the whole form.
 */
export function fieldFromServer(path: string | null | undefined): ScheduleField | null {
  if (!path) return null;
  const clean = path.replace(/^schedule\./, '');
  if (clean === 'to' || clean === 'message') return clean;
  if (clean === 'recurrence.everyMinutes') return 'everyMinutes';
  if (clean === 'recurrence.hour' || clean === 'recurrence.minute') return 'time';
  if (clean === 'recurrence.weekday') return 'weekday';
  const [owner, part] = clean.split('.');
  if (
    (owner === 'probe' || owner === 'acceptance') &&
    (COMMAND_PARTS as readonly string[]).includes(part ?? '')
  ) {
    return `${owner}.${part as CommandPart}`;
  }
  if (owner === 'acceptance' && part === 'maxAttempts') return 'acceptance.maxAttempts';
  return null;
}

/** The picker's recurrence when it is valid, for the "Runs …" line under it. */
export function recurrenceFromDraft(draft: ScheduleDraft): Recurrence | null {
  return recurrenceFrom(draft, {});
}

/**
 * The field a refusal names: its `field`, else its `detail`, else the `path: …` a zod refusal's
 * message starts with (describeIssues in src/domain/zod-issues.ts).
 */
export function refusalField(payload: {
  field?: string | null;
  detail?: string | null;
  message: string;
}): ScheduleField | null {
  const leading = /^([A-Za-z][\w.]*): /.exec(payload.message)?.[1];
  return fieldFromServer(payload.field) ?? fieldFromServer(payload.detail) ?? fieldFromServer(leading);
}
