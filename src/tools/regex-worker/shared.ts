import type { RegexRunner } from './runner.ts';
import { WorkerRegexRunner } from './worker-pool.ts';

let shared: WorkerRegexRunner | null = null;

/**
 * The process's regex pool, created on first use. Its idle workers never keep the process alive, so
 * nothing has to close it; villages and tests in one process share its few threads.
 */
export function sharedRegexRunner(): RegexRunner {
  shared ??= new WorkerRegexRunner();
  return shared;
}
