import { toSource, type Replaced } from '../regex-worker/jobs.ts';
import type { RegexRunner } from '../regex-worker/runner.ts';
import type { Language } from '../../domain/enums.ts';
import { jobFailureText } from '../regex-worker/texts.ts';
import type { SdRegex } from './sd-regex.ts';

export type SdJobOutcome = { ok: true; replaced: Replaced[] } | { ok: false; message: string };

/** Replace in every text through the regex runner; a failure is already the result text. */
export type ReplaceTexts = (sd: SdRegex, texts: string[]) => Promise<SdJobOutcome>;

export async function runSdJob(
  runner: RegexRunner,
  sd: SdRegex,
  texts: string[],
  signal: AbortSignal,
  language: Language,
): Promise<SdJobOutcome> {
  const job = await runner.run(
    { kind: 'replace', pattern: toSource(sd.regex), template: sd.template, texts },
    signal,
  );
  return job.ok
    ? { ok: true, replaced: job.value }
    : { ok: false, message: jobFailureText('sd', 'pattern', job, language) };
}
