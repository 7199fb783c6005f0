import type { GrepJob } from '../regex-worker/jobs.ts';
import type { JobOutcome, RegexRunner } from '../regex-worker/runner.ts';
import { mergeScans } from './merge-scans.ts';

/** Slices a large scan is cut into: more than the pool's workers, so one slow slice does not idle the rest. */
const SLICES = 4;
/** Below this many files one job does it: a worker round trip costs more than it saves. */
const MIN_SLICE_FILES = 256;

/**
 * The grep job run as consecutive slices of its targets, on as many workers as the pool has (both
 * cores), merged into the scan of the whole (merge-scans.ts). The first slice that fails ends the
 * call with its failure, and the others are stopped.
 */
export async function scanInSlices(
  runner: RegexRunner,
  job: GrepJob,
  signal: AbortSignal,
): Promise<JobOutcome<GrepJob>> {
  const size = Math.max(MIN_SLICE_FILES, Math.ceil(job.targets.length / SLICES));
  if (job.targets.length <= size) return runner.run(job, signal);
  const slices: GrepJob[] = [];
  for (let at = 0; at < job.targets.length; at += size) {
    slices.push({ ...job, targets: job.targets.slice(at, at + size) });
  }
  const stopRest = new AbortController();
  const onAbort = (): void => stopRest.abort();
  signal.addEventListener('abort', onAbort, { once: true });
  try {
    let failed: JobOutcome<GrepJob> | null = null;
    const outcomes = await Promise.all(
      slices.map(async (slice) => {
        const outcome = await runner.run(slice, stopRest.signal);
        // The first failure is the one to tell; the slices it stops end as aborted.
        if (!outcome.ok && failed === null) {
          failed = outcome;
          stopRest.abort();
        }
        return outcome;
      }),
    );
    if (failed !== null) return failed;
    return { ok: true, value: mergeScans(outcomes.map((outcome) => (outcome.ok ? outcome.value : null)!)) };
  } finally {
    signal.removeEventListener('abort', onAbort);
  }
}
