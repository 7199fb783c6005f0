import { describe, expect, it } from 'vitest';
import { afterFirstConversation } from './after-first-conversation.ts';

/** Frames and timers run only when the test says so. */
function manualHost() {
  const frames: (() => void)[] = [];
  const timers: { run: () => void; ms: number }[] = [];
  return {
    host: {
      frame: (run: () => void) => void frames.push(run),
      wait: (run: () => void, ms: number) => void timers.push({ run, ms }),
    },
    runFrame: () => frames.splice(0).forEach((run) => run()),
    runTimers: (ms: number) => {
      const due = timers.filter((t) => t.ms <= ms);
      for (const t of due) timers.splice(timers.indexOf(t), 1);
      due.forEach((t) => t.run());
    },
  };
}

const settled = async () => {
  for (let i = 0; i < 5; i++) await Promise.resolve();
};

describe('afterFirstConversation', () => {
  it('waits for the fetch and then for the frames that draw it', async () => {
    const m = manualHost();
    let fetched!: () => void;
    const fetch = new Promise<void>((resolve) => (fetched = resolve));
    let done = false;
    void afterFirstConversation(fetch, 3000, m.host).then(() => (done = true));
    m.runFrame();
    m.runTimers(0);
    await settled();
    expect(done).toBe(false);
    fetched();
    await settled();
    expect(done).toBe(false);
    m.runFrame();
    await settled();
    expect(done).toBe(false);
    m.runFrame();
    m.runTimers(0);
    await settled();
    expect(done).toBe(true);
  });

  it('goes on after the longest wait when the fetch never settles', async () => {
    const m = manualHost();
    let done = false;
    void afterFirstConversation(new Promise<void>(() => undefined), 3000, m.host).then(() => (done = true));
    m.runTimers(3000);
    await settled();
    m.runFrame();
    m.runFrame();
    m.runTimers(0);
    await settled();
    expect(done).toBe(true);
  });
});
