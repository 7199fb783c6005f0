import { runJob, type JobResult, type RegexJob } from './jobs.ts';

/** Why a job gave no result: over its time limit, stopped by the caller, or its worker died. */
export type JobFailure = 'timeout' | 'aborted' | 'crashed';

export type JobOutcome<J extends RegexJob> =
  { ok: true; value: JobResult<J> } | { ok: false; failure: JobFailure; limitMs: number; detail?: string };

/** Runs regex jobs; the tools never touch a RegExp over file contents or names themselves. */
export interface RegexRunner {
  /** Never throws: every failure is an outcome. */
  run<J extends RegexJob>(job: J, signal: AbortSignal): Promise<JobOutcome<J>>;
  /** Stop every worker; jobs still running end as `aborted`. */
  close(): Promise<void>;
}

/**
 * Runs jobs on the caller's thread: no time limit can be enforced (a RegExp cannot be interrupted
 * there), so it is for tests of the tools' own logic and for callers that trust the pattern.
 */
export function inlineRegexRunner(): RegexRunner {
  return {
    async run<J extends RegexJob>(job: J, signal: AbortSignal): Promise<JobOutcome<J>> {
      if (signal.aborted) return { ok: false, failure: 'aborted', limitMs: 0 };
      try {
        return { ok: true, value: await runJob(job) };
      } catch (error) {
        return { ok: false, failure: 'crashed', limitMs: 0, detail: String(error) };
      }
    },
    async close(): Promise<void> {},
  };
}
