/**
 * The probe's judgement (ledger part 3 §5 Pre-check probe, judgement and output limits): only stdout
 * line 1 counts, never the exit code. Lines end at `\n`; a `\r` right before it is dropped; only line
 * 1 is trimmed; lines 2+ stay verbatim. A capture cut inside line 1 makes no judgement at all.
 */
import type { ProbeErrorReason, ProbeOutcome } from '../../domain/schedule.ts';

export interface StdoutJudgement {
  outcome: Extract<ProbeOutcome, 'match' | 'no_match' | 'error'>;
  reason: Extract<ProbeErrorReason, 'signal_truncated'> | null;
  /** Line 1 after the trim (what was compared). */
  line1: string;
  /** Everything after the first `\n`, verbatim; '' when there is none. */
  rest: string;
}

/**
 * `captureCut`: the capture limit was reached, so `stdout` is only the head of what was written.
 */
export function judgeStdout(stdout: string, expect: string, captureCut: boolean): StdoutJudgement {
  const newline = stdout.indexOf('\n');
  if (newline < 0 && captureCut) {
    // A cut line 1 could match or miss by accident: no judgement (signal_truncated).
    return { outcome: 'error', reason: 'signal_truncated', line1: '', rest: '' };
  }
  const raw = newline < 0 ? stdout : stdout.slice(0, newline);
  const line1 = raw.replace(/\r$/, '').trim();
  const rest = newline < 0 ? '' : stdout.slice(newline + 1);
  return { outcome: line1 === expect ? 'match' : 'no_match', reason: null, line1, rest };
}
