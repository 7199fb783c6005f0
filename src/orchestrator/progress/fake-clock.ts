import type { PaceClock } from './pacer.ts';

/** A clock the pacing tests move by hand: timers run only inside `advance`, in due order. */
export class FakeClock implements PaceClock {
  private at = 0;
  private readonly timers = new Map<number, { due: number; run: () => void }>();
  private nextId = 1;

  now(): number {
    return this.at;
  }

  setTimer(run: () => void, ms: number): unknown {
    const id = this.nextId++;
    this.timers.set(id, { due: this.at + ms, run });
    return id;
  }

  clearTimer(handle: unknown): void {
    this.timers.delete(handle as number);
  }

  get pendingTimers(): number {
    return this.timers.size;
  }

  advance(ms: number): void {
    const end = this.at + ms;
    for (;;) {
      const next = [...this.timers.entries()]
        .filter(([, t]) => t.due <= end)
        .sort((a, b) => a[1].due - b[1].due)[0];
      if (next === undefined) break;
      this.timers.delete(next[0]);
      this.at = next[1].due;
      next[1].run();
    }
    this.at = end;
  }
}
