/**
 * The probe's and acceptance's log lines (ledger part 3 §3). Never stdout's content: only its length
 * and closed vocabularies (failures.md #71: an instrument must not become a channel for secrets).
 * `reason` has a value only when the outcome is `error`. `resolved` is JSON-quoted like the `run:`
 * line's, so a path with spaces stays one field.
 */
import type { ProbeErrorReason, ProbeOutcome } from '../../domain/schedule.ts';

export interface ProbeLineFields {
  scheduleId: string;
  outcome: ProbeOutcome;
  exit: number | null;
  reason: ProbeErrorReason | null;
  resolved: string | null;
  stdoutChars: number;
}

export function probeLogLine(f: ProbeLineFields): string {
  const reason = f.outcome === 'error' && f.reason !== null ? f.reason : '-';
  const resolved = f.resolved === null ? '-' : JSON.stringify(f.resolved);
  return `schedule probe: id=${f.scheduleId} outcome=${f.outcome} exit=${f.exit ?? '-'} reason=${reason} resolved=${resolved} stdout_chars=${f.stdoutChars}`;
}

export function acceptanceLogLine(
  scheduleId: string,
  attempt: number,
  maxAttempts: number,
  outcome: ProbeOutcome,
): string {
  return `acceptance: schedule=${scheduleId} attempt=${attempt}/${maxAttempts} outcome=${outcome}`;
}
