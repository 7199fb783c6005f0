/** What the target model and the person read of a firing (ledger part 3 §3 message templates). */
import type { Language } from '../domain/enums.ts';

export interface FiringTexts {
  prefix(label: string): string;
  precheckHeading: string;
  skippedStopped(target: string, label: string): string;
}

export const FIRING_TEXTS: Record<Language, FiringTexts> = {
  ja: {
    prefix: (label) => `【定期実行: ${label}】`,
    precheckHeading: '【前判定の出力】',
    skippedStopped: (target, label) => `${target} が停止中のため、定期実行（${label}）を飛ばしました。`,
  },
  en: {
    prefix: (label) => `Scheduled run: ${label}`,
    precheckHeading: 'Pre-check output:',
    skippedStopped: (target, label) => `Skipped the scheduled run (${label}): ${target} is not running.`,
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
