/**
 * Runs a probe (or an acceptance check: the same fields) once, without a shell, with the cleared
 * environment and the process-tree kill of the `run` tool (src/tools/run/), whose pieces this reuses.
 * run.json's allow / deny is NOT applied: that fence is for commands a model writes; a probe is
 * written by a person and fenced by this device's approval (ledger part 3 §5 Pre-check probe).
 *
 * Order: approval (an unapproved command never starts, nothing is even resolved) -> cwd checked now
 * (null means the workspace; missing or not a folder -> cwd_missing) -> PATH resolved now (not_found)
 * -> spawn (spawn_failed) -> timeout kills the tree -> judge stdout line 1.
 */
import { stat } from 'node:fs/promises';
import { isAbsolute, resolve as resolvePath } from 'node:path';
import { charCount } from '../../domain/chars.ts';
import type { Language } from '../../domain/enums.ts';
import type { ProbeErrorReason, ProbeOutcome, ProbeReport, ScheduleProbe } from '../../domain/schedule.ts';
import { childEnv } from '../../tools/run/child-env.ts';
import { currentHost, type HostInfo } from '../../tools/run/host.ts';
import { fillSlot, keepBytesFor } from '../../tools/run/output-slots.ts';
import { runProcessTree, type RunCapture } from '../../tools/run/process-tree.ts';
import { needsShell, resolveProgram } from '../../tools/run/resolve-program.ts';
import type { ProbeCommand } from './approval-key.ts';
import { judgeStdout } from './judgement.ts';
import { ACCEPTANCE_EXCERPT_CHARS, PROBE_STDOUT_CAPTURE_CHARS } from './limits.ts';
import { appendixText, failureExcerpt } from './output-text.ts';

/** What the runner asks of the approvals store (ProbeApprovals satisfies it). */
export interface ApprovalCheck {
  isApproved(command: ProbeCommand): Promise<boolean>;
}

export interface ProbeRunOptions {
  workspace: string;
  approvals: ApprovalCheck;
  /** Server shutdown: the tree is killed and the run reports `interrupted`. */
  signal: AbortSignal;
  /** For the appendix's length note; default ja. */
  language?: Language;
  now?: () => number;
  /** Tests only; the real host is read on every run. */
  host?: HostInfo;
}

/** A run that reached an outcome. */
export interface ProbeRun {
  interrupted: false;
  report: ProbeReport;
  /** The exit code; null when none (not started, killed, ended by a signal). */
  exit: number | null;
  /** The full path that ran (or would have); null when nothing was resolved. */
  resolved: string | null;
  /** Characters of the captured stdout, before any `\r` is dropped (at most 65,536). */
  stdoutChars: number;
  /** On a match: stdout lines 2+ bounded for the request, or null when there are none. */
  appendix: string | null;
  /** The acceptance failure excerpt (stdout's first 500 characters, else stderr's). */
  excerpt: string;
}

/**
 * The server stopped the run (signal). No outcome word fits, so the caller records nothing and
 * writes no line: the due is left to the firing rule (going past the ledger, which does not say).
 */
export interface ProbeInterrupted {
  interrupted: true;
}

export type ProbeResult = ProbeRun | ProbeInterrupted;

async function isFolder(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isDirectory();
  } catch {
    return false;
  }
}

/** A command with a path separator names a file (absolute, or relative to the cwd); else PATH. */
function isPathCommand(command: string, host: HostInfo): boolean {
  return command.includes('/') || (host.platform === 'win32' && /[\\:]/.test(command));
}

type Ended = (outcome: ProbeOutcome, rest?: RunFacts) => ProbeRun;
type RunFacts = Partial<Omit<ProbeRun, 'report' | 'interrupted'>> & { reason?: ProbeErrorReason | null };

/** One run, no log line (probe-run.ts and acceptance-run.ts write theirs). */
export async function executeProbe(probe: ScheduleProbe, options: ProbeRunOptions): Promise<ProbeResult> {
  const now = options.now ?? Date.now;
  const host = options.host ?? currentHost();
  const ended: Ended = (outcome, rest = {}) => ({
    interrupted: false,
    report: { outcome, reason: outcome === 'error' ? (rest.reason ?? null) : null, atMs: now() },
    exit: rest.exit ?? null,
    resolved: rest.resolved ?? null,
    stdoutChars: rest.stdoutChars ?? 0,
    appendix: rest.appendix ?? null,
    excerpt: rest.excerpt ?? '',
  });

  if (!(await options.approvals.isApproved(probe))) return ended('unapproved');
  if (options.signal.aborted) return { interrupted: true };

  const cwd = probe.cwd ?? options.workspace;
  if (!isAbsolute(cwd) || !(await isFolder(cwd))) return ended('error', { reason: 'cwd_missing' });

  const env = childEnv();
  const resolved = isPathCommand(probe.command, host)
    ? resolvePath(cwd, probe.command)
    : await resolveProgram(probe.command, env.PATH, host);
  if (resolved === null) return ended('error', { reason: 'not_found' });
  // A .bat / .cmd needs cmd.exe, and a probe never goes through a shell.
  if (needsShell(resolved, host)) return ended('error', { reason: 'spawn_failed', resolved });

  const capture = await runProcessTree({
    file: resolved,
    args: probe.args,
    cwd,
    env,
    timeoutMs: probe.timeoutSecs * 1000,
    signal: options.signal,
    keepBytes: {
      stdout: keepBytesFor(PROBE_STDOUT_CAPTURE_CHARS),
      stderr: keepBytesFor(ACCEPTANCE_EXCERPT_CHARS),
    },
    host,
  });
  return judgeCapture(capture, probe.expect, resolved, options.language ?? 'ja', ended);
}

function judgeCapture(
  capture: RunCapture,
  expect: string,
  resolved: string,
  language: Language,
  ended: Ended,
): ProbeResult {
  const { ending } = capture;
  if (ending.kind === 'interrupted') return { interrupted: true };
  if (ending.kind === 'spawn_failed') {
    // A path that is not there is not_found, like a name PATH does not know.
    const reason = ending.code === 'ENOENT' ? 'not_found' : 'spawn_failed';
    return ended('error', { reason, resolved });
  }
  const stdout = fillSlot(capture.stdout, PROBE_STDOUT_CAPTURE_CHARS);
  const stderr = fillSlot(capture.stderr, ACCEPTANCE_EXCERPT_CHARS);
  const common = {
    resolved,
    exit: ending.kind === 'exited' ? ending.code : null,
    stdoutChars: charCount(stdout.text),
    excerpt: failureExcerpt(stdout.text, stderr.text),
  };
  if (ending.kind === 'timeout') return ended('timeout', common);
  // The exit code is logged but never judged: monitoring scripts signal "changed" with a non-zero exit.
  const judged = judgeStdout(stdout.text, expect, stdout.truncated);
  return ended(judged.outcome, {
    ...common,
    reason: judged.reason,
    appendix: judged.outcome === 'match' ? appendixText(judged.rest, stdout.truncated, language) : null,
  });
}
