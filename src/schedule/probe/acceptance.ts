/**
 * The acceptance loop's decisions (ledger part 3 §5 Acceptance, Spec 46 rev2 D3), run after a firing's
 * chain completes. The check itself is the probe runner (same approval, judgement and limits):
 *
 * | outcome                                   | verdict                    |
 * | match                                     | done                       |
 * | no_match, attempt < max, budget left > 0  | re_request                 |
 * | no_match, attempt limit or budget at zero | final                      |
 * | error / timeout / unapproved              | final, never a re-request  |
 *
 * The three "cannot judge" outcomes are final (fail closed): as no_match a broken check would loop
 * on every firing; as match a broken check would let everything through.
 */
import type { DiagLog } from '../../diag/log.ts';
import type { Language } from '../../domain/enums.ts';
import type { Acceptance, ProbeOutcome } from '../../domain/schedule.ts';
import { acceptanceLogLine } from './log-lines.ts';
import { executeProbe, type ProbeRun, type ProbeRunOptions } from './runner.ts';
import { PROBE_TEXTS } from './texts.ts';

export type AcceptanceVerdict = 'done' | 're_request' | 'final';

export interface AcceptanceState {
  outcome: ProbeOutcome;
  /** 1-based: the first check after the firing is attempt 1. */
  attempt: number;
  maxAttempts: number;
  /** Tokens left in the firing's budget (its one wallet); null when the village has no ceiling. */
  budgetLeft: number | null;
}

export function decideAcceptance(state: AcceptanceState): AcceptanceVerdict {
  if (state.outcome === 'match') return 'done';
  if (state.outcome !== 'no_match') return 'final';
  const budgetLeft = state.budgetLeft === null || state.budgetLeft > 0;
  return state.attempt < state.maxAttempts && budgetLeft ? 're_request' : 'final';
}

/**
 * The re-request body: always the original request plus only the latest failure note (never the
 * previous notes: with maxAttempts >= 3 they would nest; the history is in the continued session).
 */
export function reRequestText(originalMessage: string, excerpt: string, language: Language): string {
  return `${originalMessage}\n\n${PROBE_TEXTS[language].reRequestNote(excerpt)}`;
}

export interface AcceptanceRunOptions extends ProbeRunOptions {
  scheduleId: string;
  attempt: number;
  log: DiagLog;
  /** Left in the firing's budget after the attempt's chain; null = no ceiling. */
  budgetLeft: number | null;
  /**
   * The first request exactly as it was delivered (label line, message, any probe appendix): the
   * ledger's 「初回の依頼文」, the base of every re-request, so a re-request reads as a scheduled run.
   */
  originalMessage: string;
}

export type AcceptanceResult =
  | { interrupted: true }
  | {
      interrupted: false;
      run: ProbeRun;
      verdict: AcceptanceVerdict;
      /** The message to deliver when the verdict is re_request, else null. */
      reRequest: string | null;
    };

/** One acceptance attempt: runs the check, writes the `acceptance:` line, decides. */
export async function runAcceptance(
  acceptance: Acceptance,
  options: AcceptanceRunOptions,
): Promise<AcceptanceResult> {
  const run = await executeProbe(acceptance, options);
  if (run.interrupted) return run;
  const { outcome } = run.report;
  options.log.note(acceptanceLogLine(options.scheduleId, options.attempt, acceptance.maxAttempts, outcome));
  const verdict = decideAcceptance({
    outcome,
    attempt: options.attempt,
    maxAttempts: acceptance.maxAttempts,
    budgetLeft: options.budgetLeft,
  });
  const reRequest =
    verdict === 're_request'
      ? reRequestText(options.originalMessage, run.excerpt, options.language ?? 'ja')
      : null;
  return { interrupted: false, run, verdict, reRequest };
}
