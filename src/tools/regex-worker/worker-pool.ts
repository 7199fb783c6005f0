import { Worker } from 'node:worker_threads';
import type { JobResult, RegexJob } from './jobs.ts';
import type { JobFailure, JobOutcome, RegexRunner } from './runner.ts';

/** A job's time limit once its worker is ready: generous for a linear scan of the work folder. */
export const REGEX_JOB_TIMEOUT_MS = 30_000;
export const REGEX_POOL_SIZE = 2;

export interface WorkerPoolOptions {
  size?: number;
  timeoutMs?: number;
}

type Reply = { ready: true } | { ok: true; value: unknown } | { ok: false; error: string };

interface Waiting {
  job: RegexJob;
  signal: AbortSignal;
  /** Drops the queue's abort listener once the job has a worker (the signal may live for a whole turn). */
  dequeued: () => void;
  settle: (outcome: JobOutcome<RegexJob>) => void;
}

interface Slot {
  worker: Worker;
  ready: Promise<void>;
  /** Ends the job on this worker, if any. */
  current: ((outcome: JobOutcome<RegexJob>) => void) | null;
}

/** The worker's file name in the compiled build (bin/server-build.mjs names its entry so). */
export const COMPILED_REGEX_WORKER = 'regex-worker.js';

/**
 * The worker's file, next to the module that starts it: from the sources, the tsx loader of
 * worker-main.ts; in the compiled build (all chunks in one folder), the bundled `regex-worker.js`.
 */
export function regexWorkerEntry(moduleUrl: string): URL {
  return moduleUrl.endsWith('.ts')
    ? new URL('./worker-entry.mjs', moduleUrl)
    : new URL(`./${COMPILED_REGEX_WORKER}`, moduleUrl);
}

const ENTRY = regexWorkerEntry(import.meta.url);

/**
 * Runs regex jobs on a few worker threads. A job over its time limit, or whose signal aborts, has
 * its worker terminated (V8 stops even a backtracking RegExp) and replaced on the next job, so a
 * hostile pattern costs one worker, never the event loop. Idle workers do not keep the process alive.
 */
export class WorkerRegexRunner implements RegexRunner {
  private readonly size: number;
  private readonly timeoutMs: number;
  private readonly slots = new Set<Slot>();
  private readonly idle: Slot[] = [];
  private readonly queue: Waiting[] = [];
  private closed = false;

  constructor(options: WorkerPoolOptions = {}) {
    this.size = Math.max(1, options.size ?? REGEX_POOL_SIZE);
    this.timeoutMs = options.timeoutMs ?? REGEX_JOB_TIMEOUT_MS;
  }

  run<J extends RegexJob>(job: J, signal: AbortSignal): Promise<JobOutcome<J>> {
    if (this.closed || signal.aborted) return Promise.resolve(this.failed('aborted'));
    return new Promise((resolve) => {
      // A job aborted while it still waits for a worker leaves the queue at once.
      const leaveQueue = (): void => {
        const at = this.queue.indexOf(waiting);
        if (at >= 0) {
          this.queue.splice(at, 1);
          waiting.settle(this.failed('aborted'));
        }
      };
      const waiting: Waiting = {
        job,
        signal,
        dequeued: () => signal.removeEventListener('abort', leaveQueue),
        settle: (outcome) => {
          waiting.dequeued();
          resolve(outcome as JobOutcome<J>);
        },
      };
      this.queue.push(waiting);
      signal.addEventListener('abort', leaveQueue, { once: true });
      this.pump();
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const waiting of this.queue.splice(0)) waiting.settle(this.failed('aborted'));
    await Promise.all([...this.slots].map((slot) => this.retire(slot, 'aborted')));
  }

  /** Workers alive now (for tests: a timed-out worker is gone). */
  get workerCount(): number {
    return this.slots.size;
  }

  private failed(failure: JobFailure, detail?: string): JobOutcome<never> {
    return { ok: false, failure, limitMs: this.timeoutMs, ...(detail === undefined ? {} : { detail }) };
  }

  private pump(): void {
    while (this.queue.length > 0 && !this.closed) {
      const slot = this.idle.pop() ?? (this.slots.size < this.size ? this.spawn() : null);
      if (slot === null) return;
      const waiting = this.queue.shift()!;
      waiting.dequeued();
      void this.start(slot, waiting);
    }
  }

  private spawn(): Slot {
    const worker = new Worker(ENTRY);
    let markReady: () => void = () => {};
    let markFailed: (error: Error) => void = () => {};
    const ready = new Promise<void>((resolve, reject) => {
      markReady = resolve;
      markFailed = reject;
    });
    // A worker that dies before it is ready rejects `ready` whether or not a job waits on it.
    ready.catch(() => {});
    const slot: Slot = { worker, ready, current: null };
    worker.on('message', (reply: Reply) => {
      if ('ready' in reply) markReady();
      else
        slot.current?.(
          reply.ok
            ? { ok: true, value: reply.value as JobResult<RegexJob> }
            : this.failed('crashed', reply.error),
        );
    });
    const died = (error: Error): void => {
      markFailed(error);
      if (!this.forget(slot)) return;
      slot.current?.(this.failed('crashed', error.message));
      this.pump();
    };
    worker.on('error', died);
    worker.on('exit', (code) => died(new Error(`worker exited with code ${code}`)));
    this.slots.add(slot);
    return slot;
  }

  private async start(slot: Slot, waiting: Waiting): Promise<void> {
    slot.worker.ref();
    waiting.settle(await this.execute(slot, waiting));
    if (this.slots.has(slot)) {
      slot.worker.unref();
      this.idle.push(slot);
    }
    this.pump();
  }

  /**
   * One job on one worker. Every end (reply, time limit, abort, worker death) goes through `finish`
   * via `slot.current`. The time limit starts once the worker is ready, so start-up is not charged.
   */
  private execute(slot: Slot, { job, signal }: Waiting): Promise<JobOutcome<RegexJob>> {
    return new Promise((resolve) => {
      let started = false;
      let timer: NodeJS.Timeout | undefined;
      const finish = (outcome: JobOutcome<RegexJob>): void => {
        if (slot.current !== finish) return;
        slot.current = null;
        clearTimeout(timer);
        signal.removeEventListener('abort', onAbort);
        resolve(outcome);
      };
      // Before the job is sent the worker is still clean and is kept; after, only terminating stops it.
      const onAbort = (): void => {
        if (started) void this.retire(slot, 'aborted');
        else finish(this.failed('aborted'));
      };
      slot.current = finish;
      if (signal.aborted) return finish(this.failed('aborted'));
      signal.addEventListener('abort', onAbort, { once: true });
      slot.ready.then(
        () => {
          if (slot.current !== finish) return;
          started = true;
          timer = setTimeout(() => void this.retire(slot, 'timeout'), this.timeoutMs);
          slot.worker.postMessage(job);
        },
        () => {}, // the worker's death already ended the job
      );
    });
  }

  /** Drop a slot from the pool's books; false when it was already gone. */
  private forget(slot: Slot): boolean {
    if (!this.slots.delete(slot)) return false;
    const at = this.idle.indexOf(slot);
    if (at >= 0) this.idle.splice(at, 1);
    return true;
  }

  /** Terminate a worker, ending its job with `failure`; the next job spawns a fresh one. */
  private async retire(slot: Slot, failure: JobFailure): Promise<void> {
    if (!this.forget(slot)) return;
    slot.current?.(this.failed(failure));
    await slot.worker.terminate();
  }
}
