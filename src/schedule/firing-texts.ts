/** What the target model and the person read of a firing (ledger part 3 §3 message templates). */
import type { Language } from '../domain/enums.ts';
import type { ProbeOutcome } from '../domain/schedule.ts';

export interface FiringTexts {
  prefix(label: string): string;
  precheckHeading: string;
  skippedStopped(target: string, label: string): string;
  /** The System line when acceptance ends without a match: a person must learn the run did not pass. */
  acceptanceFailed(
    label: string,
    outcome: Exclude<ProbeOutcome, 'match'>,
    attempt: number,
    max: number,
  ): string;
}

const ACCEPTANCE_OUTCOME_JA: Record<Exclude<ProbeOutcome, 'match'>, string> = {
  no_match: '一致しませんでした',
  error: '実行できませんでした',
  timeout: '時間切れになりました',
  unapproved: 'この端末で承認されていないため実行されませんでした',
};
const ACCEPTANCE_OUTCOME_EN: Record<Exclude<ProbeOutcome, 'match'>, string> = {
  no_match: 'did not match',
  error: 'could not run',
  timeout: 'timed out',
  unapproved: 'is not approved on this device, so it did not run',
};

export const FIRING_TEXTS: Record<Language, FiringTexts> = {
  ja: {
    prefix: (label) => `【定期実行: ${label}】`,
    precheckHeading: '【前判定の出力】',
    skippedStopped: (target, label) => `${target} が停止中のため、定期実行（${label}）を飛ばしました。`,
    acceptanceFailed: (label, outcome, attempt, max) =>
      `定期実行（${label}）の受け入れ確認が${ACCEPTANCE_OUTCOME_JA[outcome]}（${attempt}/${max} 回目）。この実行はここで終わります。`,
  },
  en: {
    prefix: (label) => `Scheduled run: ${label}`,
    precheckHeading: 'Pre-check output:',
    skippedStopped: (target, label) => `Skipped the scheduled run (${label}): ${target} is not running.`,
    acceptanceFailed: (label, outcome, attempt, max) =>
      `The acceptance check of the scheduled run (${label}) ${ACCEPTANCE_OUTCOME_EN[outcome]} (attempt ${attempt}/${max}); the run ends here.`,
  },
};

/** The request body: prefix line, message, and on a probe match its stdout lines 2+ (verbatim). */
export function firingBody(
  texts: FiringTexts,
  label: string,
  message: string,
  appendix: string | null,
): string {
  const head = `${texts.prefix(label)}\n${message}`;
  return appendix === null || appendix === '' ? head : `${head}\n\n${texts.precheckHeading}\n${appendix}`;
}
