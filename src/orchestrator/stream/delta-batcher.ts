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
    if (!this.pending() || this.cancelTimer !== null) return;
    const wait = this.lastSentAt === null ? 0 : this.lastSentAt + this.intervalMs - this.clock.now();
    if (wait <= 0) {
      this.flush();
      return;
    }
    this.cancelTimer = this.clock.schedule(() => {
      this.cancelTimer = null;
      this.flush();
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

/** The real clock and timers. */
export const systemBatchClock: BatchClock = {
  now: () => Date.now(),
  schedule(run, ms) {
    const timer = setTimeout(run, ms);
    return () => clearTimeout(timer);
  },
};
