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
