/**
 * Gathers a streamed reply's pieces into at most one batch per interval (issue 23: at most one
 * `messageDelta` per 50 ms per message), so a provider that sends a token per chunk does not send
 * the UI a frame per token. The first piece after a quiet interval goes out at once (the person sees
 * the first character without waiting); later ones wait for the interval's end. Pure: the clock and
 * the timer are given, so tests drive time by hand.
 */

export interface BatchClock {
  now(): number;
  /** Runs `run` after `ms`; the returned function cancels it. */
  schedule(run: () => void, ms: number): () => void;
}

export interface DeltaBatch {
  /** Text appended since the previous batch. */
  text: string;
  /** Thinking summary appended since the previous batch. */
  thinking: string;
}

export const DELTA_INTERVAL_MS = 50;

export class DeltaBatcher {
  private text = '';
  private thinking = '';
  private lastSentAt: number | null = null;
  private cancelTimer: (() => void) | null = null;

  constructor(
    private readonly send: (batch: DeltaBatch) => void,
    private readonly clock: BatchClock,
    private readonly intervalMs = DELTA_INTERVAL_MS,
  ) {}

  push(piece: Partial<DeltaBatch>): void {
    this.text += piece.text ?? '';
    this.thinking += piece.thinking ?? '';
    if (this.cancelTimer !== null) return;
    this.sendWhenDue();
  }

  /**
   * Sends now when the interval is over, else waits for its end; checked again when the timer
   * runs, since a timer may run a little before the clock says it is due.
   */
  private sendWhenDue(): void {
    if (!this.pending()) return;
    const wait = this.lastSentAt === null ? 0 : this.lastSentAt + this.intervalMs - this.clock.now();
    if (wait <= 0) {
      this.flush();
      return;
    }
    this.cancelTimer = this.clock.schedule(() => {
      this.cancelTimer = null;
      this.sendWhenDue();
    }, wait);
  }

  /** Sends what is pending now (before the final event), and cancels the timer. */
  flush(): void {
    this.cancelTimer?.();
    this.cancelTimer = null;
    if (!this.pending()) return;
    const batch = { text: this.text, thinking: this.thinking };
    this.text = '';
    this.thinking = '';
    this.lastSentAt = this.clock.now();
    this.send(batch);
  }

  private pending(): boolean {
    return this.text !== '' || this.thinking !== '';
  }
}

/** The real timers, with the monotonic clock (a wall clock set back must not hold deltas). */
export const systemBatchClock: BatchClock = {
  now: () => performance.now(),
  schedule(run, ms) {
    const timer = setTimeout(run, ms);
    return () => clearTimeout(timer);
  },
};
