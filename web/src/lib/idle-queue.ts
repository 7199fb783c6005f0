/**
 * Work that can wait for the page to be idle, done in slices of a few milliseconds: colouring code
 * blocks and rendering the Markdown of a page of messages before its rows are drawn. Done at mount
 * instead, it made the frames that draw new rows while scrolling a long conversation the longest
 * tasks of the page (issue 22's scroll figure: no task over 50 ms).
 */
type Job = () => void;

/** One slice's budget: well under a frame, so a slice never becomes a long task of its own. */
export const IDLE_SLICE_MS = 6;
/** Waited at most for an idle moment; a page that is never idle still gets its colours. */
const IDLE_TIMEOUT_MS = 400;

export interface IdleQueue {
  /** Runs `job` when the page is idle; newer jobs first (the rows just drawn are the ones in view). */
  add(job: Job): void;
  readonly size: number;
}

interface IdleDeadlineLike {
  timeRemaining(): number;
  didTimeout: boolean;
}

export interface IdleHost {
  requestIdle(run: (deadline: IdleDeadlineLike | null) => void, timeoutMs: number): void;
  now(): number;
}

export function browserIdleHost(): IdleHost {
  return {
    requestIdle(run, timeoutMs) {
      if (typeof window.requestIdleCallback === 'function') {
        window.requestIdleCallback((deadline) => run(deadline), { timeout: timeoutMs });
      } else {
        setTimeout(() => run(null), 16);
      }
    },
    now: () => performance.now(),
  };
}

export function createIdleQueue(host: IdleHost): IdleQueue {
  const jobs: Job[] = [];
  let scheduled = false;
  const schedule = () => {
    if (scheduled || jobs.length === 0) return;
    scheduled = true;
    host.requestIdle(run, IDLE_TIMEOUT_MS);
  };
  const run = (deadline: IdleDeadlineLike | null) => {
    scheduled = false;
    const started = host.now();
    while (jobs.length > 0) {
      const job = jobs.pop()!;
      try {
        job();
      } catch {
        // A job that fails (a row gone meanwhile) is dropped; the others still run.
      }
      const spent = host.now() - started;
      if (spent >= IDLE_SLICE_MS) break;
      if (deadline && !deadline.didTimeout && deadline.timeRemaining() <= 1) break;
    }
    schedule();
  };
  return {
    add(job) {
      jobs.push(job);
      schedule();
    },
    get size() {
      return jobs.length;
    },
  };
}

let pageQueue: IdleQueue | null = null;

/** The page's queue (made on first use). */
export function whenIdle(job: Job): void {
  pageQueue ??= createIdleQueue(browserIdleHost());
  pageQueue.add(job);
}
