/** The pre-check probe, its approvals and the acceptance check (ledger part 3 §2.8-2.9, §5). */
export { approvalKey, canonicalApprovalJson, type ProbeCommand } from './approval-key.ts';
export { commandsOf, PROBE_APPROVALS_FILE, ProbeApprovals, probeApprovalsPath } from './approvals-store.ts';
export {
  decideAcceptance,
  reRequestText,
  runAcceptance,
  type AcceptanceResult,
  type AcceptanceRunOptions,
  type AcceptanceState,
  type AcceptanceVerdict,
} from './acceptance.ts';
export { ACCEPTANCE_EXCERPT_CHARS, PROBE_APPENDIX_CHARS, PROBE_STDOUT_CAPTURE_CHARS } from './limits.ts';
export { acceptanceLogLine, probeLogLine } from './log-lines.ts';
export { runProbe, type ScheduleProbeOptions } from './probe-run.ts';
export {
  executeProbe,
  type ApprovalCheck,
  type ProbeInterrupted,
  type ProbeResult,
  type ProbeRun,
  type ProbeRunOptions,
} from './runner.ts';
