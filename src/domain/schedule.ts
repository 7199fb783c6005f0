import type { AgentId } from './ids.ts';
import type { SessionMode, Weekday } from './enums.ts';

export type Recurrence =
  | { kind: 'interval'; everyMinutes: number }
  | { kind: 'daily'; hour: number; minute: number }
  | { kind: 'weekly'; weekday: Weekday; hour: number; minute: number };

export interface ScheduleProbe {
  command: string;
  args: string[];
  /** Exact match against trimmed stdout line 1. */
  expect: string;
  /** Default 60, max 3600. */
  timeoutSecs: number;
  /** Absolute; null means the workspace. */
  cwd: string | null;
}

export interface Acceptance extends ScheduleProbe {
  /** Total attempts including re-requests: default 2, 1..=5. */
  maxAttempts: number;
}

export interface ScheduledTask {
  id: string;
  to: AgentId;
  message: string;
  recurrence: Recurrence;
  createdAtMs: number;
  /** The scheduled time consumed, not the time it fired. */
  lastConsumedDueMs: number | null;
  enabled: boolean;
  /** Fields below are omitted on disk when at their defaults. */
  probe?: ScheduleProbe | null;
  sessionMode?: SessionMode;
  summarizeAfter?: boolean;
  acceptance?: Acceptance | null;
  autoApprovePlans?: boolean;
}

export const PROBE_TIMEOUT_DEFAULT_SECS = 60;
export const PROBE_TIMEOUT_MAX_SECS = 3600;
export const ACCEPTANCE_MAX_ATTEMPTS_DEFAULT = 2;
export const ACCEPTANCE_MAX_ATTEMPTS_RANGE = { min: 1, max: 5 } as const;
export const SCHEDULE_GRACE_MS = 5 * 60_000;

/** The probe line's vocabulary (part 3 §3), shared by the acceptance line. */
export type ProbeOutcome = 'match' | 'no_match' | 'error' | 'timeout' | 'unapproved';
/** Set only when the outcome is `error`. */
export type ProbeErrorReason = 'spawn_failed' | 'not_found' | 'cwd_missing' | 'signal_truncated';

/** The latest probe run of a schedule, kept for the lifetime of the process (no file). */
export interface ProbeReport {
  outcome: ProbeOutcome;
  reason: ProbeErrorReason | null;
  atMs: number;
}

/** The latest acceptance check of a schedule: its outcome, and which attempt of how many it was. */
export interface AcceptanceReport extends ProbeReport {
  attempt: number;
  maxAttempts: number;
}

/** The latest firing of a schedule in this process: the due time it consumed and when it fired. */
export interface ScheduleFiring {
  dueMs: number;
  atMs: number;
}

/** `list_schedules` answers these: the stored schedule plus what only the running server knows. */
export interface ScheduleView extends ScheduledTask {
  /** The next due time from now; null when disabled. */
  nextDueMs: number | null;
  /** Null until the probe has run in this process. */
  lastProbe: ProbeReport | null;
  /** Null until the schedule has fired in this process. */
  lastFiring: ScheduleFiring | null;
  /** The latest acceptance check of this process with its attempt (shown like lastProbe); null before one. */
  lastAcceptance: AcceptanceReport | null;
  /** Whether this device approved the probe / acceptance command as it stands (false when absent). */
  probeApproved: boolean;
  acceptanceApproved: boolean;
}
