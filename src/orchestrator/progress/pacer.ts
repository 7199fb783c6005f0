/**
 * How often progress goes out: at most one update per interval, the latest one winning, except that
 * a change of who is working goes out at once (the client learns of a hand-over without waiting).
 * Pure apart from the clock it is given, so the rules are tested with a fake one.
 */

export interface PaceClock {
  now(): number;
  setTimer(run: () => void, ms: number): unknown;
  clearTimer(handle: unknown): void;
}

export const REAL_CLOCK: PaceClock = {
  now: () => Date.now(),
  setTimer: (run, ms) => setTimeout(run, ms),
  clearTimer: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export const PROGRESS_INTERVAL_MS = 500;

export interface PacerOptions<T> {
  send: (update: T) => void;
  /** Who the update is about: a new key is sent at once. */
  keyOf: (update: T) => string;
  /** Two updates with the same text are one: the second is not sent. */
  textOf: (update: T) => string;
  intervalMs?: number;
  clock?: PaceClock;
}

export class ProgressPacer<T> {
  private readonly intervalMs: number;
  private readonly clock: PaceClock;
  private lastKey: string | null = null;
  private lastText: string | null = null;
  private lastSentAt = Number.NEGATIVE_INFINITY;
  private pending: T | null = null;
  private timer: unknown = null;
  private stopped = false;

  constructor(private readonly options: PacerOptions<T>) {
    this.intervalMs = options.intervalMs ?? PROGRESS_INTERVAL_MS;
    this.clock = options.clock ?? REAL_CLOCK;
  }

  push(update: T): void {
    if (this.stopped) return;
    const key = this.options.keyOf(update);
    const due = this.clock.now() - this.lastSentAt >= this.intervalMs;
    if (key !== this.lastKey || due) {
      this.sendNow(update);
      return;
    }
    // Too soon for the same servant: keep the latest and send it when the interval is over.
    this.pending = update;
    if (this.timer === null) {
      const wait = this.lastSentAt + this.intervalMs - this.clock.now();
      this.timer = this.clock.setTimer(() => this.flush(), Math.max(0, wait));
    }
  }

  /** Nothing goes out after this: the answer was returned (or the request ended another way). */
  stop(): void {
    this.stopped = true;
    this.pending = null;
    this.cancelTimer();
  }

  private flush(): void {
    this.timer = null;
    const update = this.pending;
    if (update !== null && !this.stopped) this.sendNow(update);
  }

  private sendNow(update: T): void {
    this.pending = null;
    this.cancelTimer();
    const key = this.options.keyOf(update);
    const text = this.options.textOf(update);
    if (key === this.lastKey && text === this.lastText) return;
    this.lastKey = key;
    this.lastText = text;
    this.lastSentAt = this.clock.now();
    try {
      this.options.send(update);
    } catch {
      // A listener that fails (a client gone) never reaches the village's turn.
    }
  }

  private cancelTimer(): void {
    if (this.timer === null) return;
    this.clock.clearTimer(this.timer);
    this.timer = null;
  }
}
