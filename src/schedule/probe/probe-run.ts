/** The pre-check probe of a firing: one run and its `schedule probe:` line (also for an unapproved skip). */
import type { DiagLog } from '../../diag/log.ts';
import type { ScheduleProbe } from '../../domain/schedule.ts';
import { probeLogLine } from './log-lines.ts';
import { executeProbe, type ProbeResult, type ProbeRunOptions } from './runner.ts';

export interface ScheduleProbeOptions extends ProbeRunOptions {
  scheduleId: string;
  log: DiagLog;
}

export async function runProbe(probe: ScheduleProbe, options: ScheduleProbeOptions): Promise<ProbeResult> {
  const result = await executeProbe(probe, options);
  if (result.interrupted) return result;
  options.log.note(
    probeLogLine({
      scheduleId: options.scheduleId,
      outcome: result.report.outcome,
      exit: result.exit,
      reason: result.report.reason,
      resolved: result.resolved,
      stdoutChars: result.stdoutChars,
    }),
  );
  return result;
}
