/**
 * schedules.json <-> the schedules. The file is `ScheduledTask[]`; each entry is checked on its own
 * and dropped when it fails (one broken schedule does not take the others hostage, the opposite of
 * mcp.json). Optional fields are omitted at their defaults, so a schedule that uses none of them
 * reads and saves byte-identically; unknown keys of an entry and of its recurrence / probe / acceptance are kept
 * and written back after the known ones.
 */
import type { Recurrence, ScheduledTask } from '../../domain/schedule.ts';
import type { AgentId } from '../../domain/ids.ts';
import { describeIssues } from '../../domain/zod-issues.ts';
import { jsonProblem } from '../../world/json-problem.ts';
import {
  ACCEPTANCE_KEYS,
  PROBE_KEYS,
  RECURRENCE_KEYS,
  SCHEDULE_KEYS,
  storedSchedule,
} from './schedule-schema.ts';

/** A schedule with every field present (the in-memory form). */
export type Schedule = Required<ScheduledTask>;

/** Keys this version does not know, per place in one entry. */
export interface UnknownFields {
  entry: Record<string, unknown>;
  recurrence: Record<string, unknown>;
  probe: Record<string, unknown>;
  acceptance: Record<string, unknown>;
}

export type DecodedSchedules =
  | { readable: true; schedules: Schedule[]; unknown: Map<string, UnknownFields>; dropped: string[] }
  /** Not a JSON array: nothing is loaded and nothing may be written over it. */
  | { readable: false; problem: string };

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function unknownKeys(value: unknown, known: readonly string[]): Record<string, unknown> {
  const rest: Record<string, unknown> = {};
  if (!isObject(value)) return rest;
  for (const [key, v] of Object.entries(value)) if (!known.includes(key)) rest[key] = v;
  return rest;
}

export function decodeSchedules(text: string, agentExists: (id: AgentId) => boolean): DecodedSchedules {
  // jsonProblem names only line and column: the file may hold anything.
  const problem = jsonProblem(text);
  if (problem !== null) return { readable: false, problem: `schedules.json is ${problem}` };
  const json: unknown = JSON.parse(text);
  if (!Array.isArray(json)) return { readable: false, problem: 'schedules.json must hold a JSON array' };
  const schedules: Schedule[] = [];
  const unknown = new Map<string, UnknownFields>();
  const dropped: string[] = [];
  json.forEach((item, i) => {
    const parsed = storedSchedule.safeParse(item);
    if (!parsed.success) {
      dropped.push(`schedules.json: entry ${i} dropped: ${describeIssues(parsed.error.issues, 'entry')}`);
      return;
    }
    const schedule = parsed.data;
    if (unknown.has(schedule.id)) {
      dropped.push(`schedules.json: entry ${i} dropped: id ${schedule.id} appears twice`);
      return;
    }
    if (!agentExists(schedule.to)) {
      dropped.push(`schedules.json: entry ${i} dropped: no agent ${schedule.to}`);
      return;
    }
    const raw = item as Record<string, unknown>;
    unknown.set(schedule.id, {
      entry: unknownKeys(raw, SCHEDULE_KEYS),
      recurrence: unknownKeys(raw.recurrence, RECURRENCE_KEYS),
      probe: unknownKeys(raw.probe, PROBE_KEYS),
      acceptance: unknownKeys(raw.acceptance, ACCEPTANCE_KEYS),
    });
    schedules.push(schedule);
  });
  return { readable: true, schedules, unknown, dropped };
}

function knownRecurrence(r: Recurrence): Recurrence {
  switch (r.kind) {
    case 'interval':
      return { kind: r.kind, everyMinutes: r.everyMinutes };
    case 'daily':
      return { kind: r.kind, hour: r.hour, minute: r.minute };
    case 'weekly':
      return { kind: r.kind, weekday: r.weekday, hour: r.hour, minute: r.minute };
  }
}

/** Unknown keys after the known ones; never a known key of any kind, so an edit's values win. */
function encodeRecurrence(
  r: Recurrence,
  extra: Record<string, unknown> | undefined,
): Record<string, unknown> {
  return { ...knownRecurrence(r), ...extra };
}

function encodeSchedule(s: Schedule, extra: UnknownFields | undefined): Record<string, unknown> {
  const out: Record<string, unknown> = {
    id: s.id,
    to: s.to,
    message: s.message,
    recurrence: encodeRecurrence(s.recurrence, extra?.recurrence),
    createdAtMs: s.createdAtMs,
    lastConsumedDueMs: s.lastConsumedDueMs,
    enabled: s.enabled,
  };
  // Fields added after Spec 07: written only when not at their defaults.
  if (s.probe !== null) {
    const { command, args, expect, timeoutSecs, cwd } = s.probe;
    out.probe = { command, args, expect, timeoutSecs, cwd, ...extra?.probe };
  }
  if (s.sessionMode !== 'continue') out.sessionMode = s.sessionMode;
  if (s.summarizeAfter) out.summarizeAfter = true;
  if (s.acceptance !== null) {
    const { command, args, expect, timeoutSecs, cwd, maxAttempts } = s.acceptance;
    out.acceptance = { command, args, expect, timeoutSecs, cwd, maxAttempts, ...extra?.acceptance };
  }
  if (s.autoApprovePlans) out.autoApprovePlans = true;
  return { ...out, ...extra?.entry };
}

export function encodeSchedules(
  schedules: readonly Schedule[],
  unknown: ReadonlyMap<string, UnknownFields>,
): string {
  return `${JSON.stringify(
    schedules.map((s) => encodeSchedule(s, unknown.get(s.id))),
    null,
    2,
  )}\n`;
}
