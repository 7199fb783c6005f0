/**
 * The shape rules of a schedule, shared by `schedules.json` (each entry checked on its own; a failing
 * one is dropped) and the commands (a failing one is INVALID_SCHEDULE naming the field). The file
 * keeps unknown keys (see schedule-codec.ts); the commands refuse them, like every other command.
 */
import { z } from 'zod';
import { SESSION_MODES, WEEKDAYS } from '../../domain/enums.ts';
import { isSafeIdentifier } from '../../domain/ids.ts';
import { agentIdSchema } from '../../domain/schemas.ts';
import {
  ACCEPTANCE_MAX_ATTEMPTS_DEFAULT,
  ACCEPTANCE_MAX_ATTEMPTS_RANGE,
  PROBE_TIMEOUT_DEFAULT_SECS,
  PROBE_TIMEOUT_MAX_SECS,
} from '../../domain/schedule.ts';

/** The request body a schedule may carry (the same bound as a user message). */
export const MAX_SCHEDULE_MESSAGE_CHARS = 200_000;

type Mode = 'file' | 'wire';

const hour = z.int().min(0, 'hour must be 0–23').max(23, 'hour must be 0–23');
const minute = z.int().min(0, 'minute must be 0–59').max(59, 'minute must be 0–59');
const everyMinutes = z
  .int()
  .min(1, 'everyMinutes must be at least 1')
  .max(0xffff_ffff, 'everyMinutes is too large');
// Whitespace-only is refused like empty: neither can ever equal a trimmed stdout line, so the
// schedule would be consumed by no_match forever, silently (ledger: "静かな死").
const notBlank = (what: string) => z.string().refine((s) => s.trim() !== '', `${what} must not be empty`);

function shapes(mode: Mode) {
  const object = mode === 'wire' ? z.strictObject : z.object;
  const recurrence = z.discriminatedUnion('kind', [
    object({ kind: z.literal('interval'), everyMinutes }),
    object({ kind: z.literal('daily'), hour, minute }),
    object({ kind: z.literal('weekly'), weekday: z.enum(WEEKDAYS), hour, minute }),
  ]);
  const probeFields = {
    command: notBlank('command'),
    args: z.array(z.string()).default([]),
    expect: notBlank('expect'),
    timeoutSecs: z
      .int()
      .min(1, `timeoutSecs must be 1–${PROBE_TIMEOUT_MAX_SECS}`)
      .max(PROBE_TIMEOUT_MAX_SECS, `timeoutSecs must be 1–${PROBE_TIMEOUT_MAX_SECS}`)
      .default(PROBE_TIMEOUT_DEFAULT_SECS),
    // As written: checked only when it runs (cwd_missing), so a village shared to another machine
    // keeps its schedules.
    cwd: z.string().nullable().default(null),
  };
  const { min, max } = ACCEPTANCE_MAX_ATTEMPTS_RANGE;
  const probe = object(probeFields);
  const acceptance = object({
    ...probeFields,
    maxAttempts: z
      .int()
      .min(min, `maxAttempts must be ${min}–${max}`)
      .max(max, `maxAttempts must be ${min}–${max}`)
      .default(ACCEPTANCE_MAX_ATTEMPTS_DEFAULT),
  });
  const message = z.string().max(MAX_SCHEDULE_MESSAGE_CHARS);
  const settable = {
    to: agentIdSchema,
    message: mode === 'wire' ? message.refine((s) => s.trim() !== '', 'message must not be empty') : message,
    recurrence,
    enabled: z.boolean().default(true),
    probe: probe.nullable().default(null),
    sessionMode: z.enum(SESSION_MODES).default('continue'),
    summarizeAfter: z.boolean().default(false),
    acceptance: acceptance.nullable().default(null),
    autoApprovePlans: z.boolean().default(false),
  };
  return { recurrence, probe, acceptance, settable };
}

const file = shapes('file');
const wire = shapes('wire');

/** One entry of `schedules.json`, defaults filled in. */
export const storedSchedule = z.object({
  // The id goes into log lines (`schedule probe: id=…`): no character that could break one.
  id: z.string().refine(isSafeIdentifier, 'id must be 1–64 characters of A–Z, a–z, 0–9, "-" or "_"'),
  ...file.settable,
  createdAtMs: z.int().min(0),
  lastConsumedDueMs: z.int().min(0).nullable().default(null),
});

/**
 * What create_schedule and update_schedule accept. `createdAtMs` and `lastConsumedDueMs` are the
 * server's own: accepted so a client may send back a schedule it listed, and ignored.
 */
export const scheduleInput = z.strictObject({
  id: z.string().optional(),
  ...wire.settable,
  createdAtMs: z.unknown().optional(),
  lastConsumedDueMs: z.unknown().optional(),
});
export type ScheduleInput = z.infer<typeof scheduleInput>;

/** Keys the codec writes itself; anything else in an entry is kept as it was. */
export const SCHEDULE_KEYS = Object.keys(storedSchedule.shape);
/** The keys of every recurrence kind: a key known to one kind is never kept as unknown on another. */
export const RECURRENCE_KEYS = [...new Set(file.recurrence.options.flatMap((o) => Object.keys(o.shape)))];
export const PROBE_KEYS = Object.keys(file.probe.shape);
export const ACCEPTANCE_KEYS = Object.keys(file.acceptance.shape);
