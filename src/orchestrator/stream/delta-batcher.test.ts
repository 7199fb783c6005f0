import { describe, expect, it } from 'vitest';
import { DeltaBatcher, type BatchClock, type DeltaBatch } from './delta-batcher.ts';

/** A clock moved by hand; timers run when `advance` passes their time. */
class ManualClock implements BatchClock {
  at = 1000;
  private timers: { due: number; run: () => void }[] = [];
  now = () => this.at;
  schedule = (run: () => void, ms: number) => {
    const timer = { due: this.at + ms, run };
    this.timers.push(timer);
    return () => {
      this.timers = this.timers.filter((t) => t !== timer);
    };
  };
  get pendingTimers(): number {
    return this.timers.length;
  }
  advance(ms: number): void {
    this.at += ms;
    for (const timer of this.timers.filter((t) => t.due <= this.at)) {
      this.timers = this.timers.filter((t) => t !== timer);
      timer.run();
    }
  }
}

function setup() {
  const clock = new ManualClock();
  const sent: (DeltaBatch & { at: number })[] = [];
  const batcher = new DeltaBatcher((batch) => sent.push({ ...batch, at: clock.now() }), clock, 50);
  return { clock, sent, batcher };
}

describe('DeltaBatcher', () => {
  it('sends the first piece at once', () => {
    const { sent, batcher } = setup();
    batcher.push({ text: 'H' });
    expect(sent).toEqual([{ text: 'H', thinking: '', at: 1000 }]);
  });

  it('gathers the pieces of one interval into one batch sent at its end', () => {
    const { clock, sent, batcher } = setup();
    batcher.push({ text: 'a' });
    clock.advance(10);
    batcher.push({ text: 'b' });
    clock.advance(10);
    batcher.push({ text: 'c', thinking: 'hm' });
    expect(sent).toHaveLength(1);
    clock.advance(29);
    expect(sent).toHaveLength(1);
    clock.advance(1);
    expect(sent).toEqual([
      { text: 'a', thinking: '', at: 1000 },
      { text: 'bc', thinking: 'hm', at: 1050 },
    ]);
  });

  it('never sends two batches less than the interval apart, and loses nothing', () => {
    const { clock, sent, batcher } = setup();
    let all = '';
    for (let i = 0; i < 400; i += 1) {
      const piece = String.fromCharCode(97 + (i % 26));
      all += piece;
      batcher.push({ text: piece });
      clock.advance(i % 7);
    }
    clock.advance(100);
    expect(sent.map((b) => b.text).join('')).toBe(all);
    for (let i = 1; i < sent.length; i += 1) expect(sent[i]!.at - sent[i - 1]!.at).toBeGreaterThanOrEqual(50);
  });

  it('after a quiet interval the next piece goes out at once again', () => {
    const { clock, sent, batcher } = setup();
    batcher.push({ text: 'a' });
    clock.advance(80);
    batcher.push({ text: 'b' });
    expect(sent.map((b) => [b.text, b.at])).toEqual([
      ['a', 1000],
      ['b', 1080],
    ]);
  });

  it('a timer that runs before the interval is over waits for the rest', () => {
    const clock = new ManualClock();
    const sent: number[] = [];
    // This timer runs 2 ms before it was asked to, once.
    let early = true;
    const earlyClock: BatchClock = {
      now: clock.now,
      schedule: (run, ms) => {
        const skew = early ? 2 : 0;
        early = false;
        return clock.schedule(run, ms - skew);
      },
    };
    const batcher = new DeltaBatcher(() => sent.push(clock.now()), earlyClock, 50);
    batcher.push({ text: 'a' });
    batcher.push({ text: 'b' });
    clock.advance(48);
    expect(sent).toEqual([1000]);
    clock.advance(2);
    expect(sent).toEqual([1000, 1050]);
  });

  it('flush sends what is pending now and cancels the timer', () => {
    const { clock, sent, batcher } = setup();
    batcher.push({ text: 'a' });
    batcher.push({ text: 'b' });
    expect(clock.pendingTimers).toBe(1);
    batcher.flush();
    expect(sent.map((b) => b.text)).toEqual(['a', 'b']);
    expect(clock.pendingTimers).toBe(0);
    clock.advance(100);
    expect(sent).toHaveLength(2);
  });

  it('flush with nothing pending sends nothing, and empty pieces never make a batch', () => {
    const { clock, sent, batcher } = setup();
    batcher.flush();
    batcher.push({ text: '' });
    batcher.push({});
    clock.advance(100);
    expect(sent).toEqual([]);
    expect(clock.pendingTimers).toBe(0);
  });
});
