/** The scheduler's check port on the probe runner and the acceptance decisions (src/schedule/probe). */
import type { DiagLog } from '../diag/log.ts';
import type { Language } from '../domain/enums.ts';
import type { CheckRunner } from './ports.ts';
import { runAcceptance, runProbe, type ApprovalCheck } from './probe/index.ts';

export interface ProbeChecksDeps {
  workspace: string;
  approvals: ApprovalCheck;
  log: DiagLog;
  /** Aborted when the server stops: a running probe's tree is killed. */
  signal: AbortSignal;
  language: () => Language;
}

export function probeChecks(deps: ProbeChecksDeps): CheckRunner {
  const common = () => ({
    workspace: deps.workspace,
    approvals: deps.approvals,
    log: deps.log,
    signal: deps.signal,
    language: deps.language(),
  });
  return {
    async probe(task, probe) {
      const result = await runProbe(probe, { ...common(), scheduleId: task.id });
      return result.interrupted ? null : { report: result.report, appendix: result.appendix };
    },
    async acceptance(task, acceptance, turn) {
      const result = await runAcceptance(acceptance, {
        ...common(),
        scheduleId: task.id,
        attempt: turn.attempt,
        budgetLeft: turn.budgetLeft,
        originalMessage: turn.originalRequest,
      });
      if (result.interrupted) return null;
      return { report: result.run.report, verdict: result.verdict, reRequest: result.reRequest };
    },
  };
}
