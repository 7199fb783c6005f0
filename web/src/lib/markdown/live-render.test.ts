import { describe, expect, it } from 'vitest';
import { createLiveRender, type LiveRenderHost } from './live-render.ts';

/** Frames run when the test says; the clock moves when the test (or a render) moves it. */
function fakeFrames() {
  let clock = 0;
  let next = 1;
  const frames = new Map<number, () => void>();
  const host: LiveRenderHost = {
    requestFrame: (run) => {
      frames.set(next, run);
      return next++;
    },
    cancelFrame: (handle) => void frames.delete(handle),
    now: () => clock,
  };
  return {
    host,
    advance: (ms: number) => (clock += ms),
    runFrame: () => {
      const due = [...frames.values()];
      frames.clear();
      clock += 16;
      for (const run of due) run();
    },
    waiting: () => frames.size,
  };
}

describe('live render', () => {
  it('renders the newest text once per frame, however many deltas came', () => {
    const f = fakeFrames();
    const renders: string[] = [];
    const shown: string[] = [];
    const live = createLiveRender(
      (t) => (renders.push(t), `<p>${t}</p>`),
      (h) => shown.push(h),
      f.host,
    );
    live.renderNow('a');
    live.push('ab');
    live.push('abc');
    live.push('abcd');
    expect(renders).toEqual(['a']);
    expect(f.waiting()).toBe(1);
    f.runFrame();
    expect(renders).toEqual(['a', 'abcd']);
    expect(shown.at(-1)).toBe('<p>abcd</p>');
    f.runFrame();
    expect(renders).toHaveLength(2);
  });

  it('rests twice as long as an expensive render took before the next', () => {
    const f = fakeFrames();
    const renders: string[] = [];
    const live = createLiveRender(
      (t) => {
        renders.push(t);
        f.advance(40); // a 40 ms render: the next waits 80 ms
        return t;
      },
      () => undefined,
      f.host,
    );
    live.renderNow('big');
    live.push('bigger');
    for (let i = 0; i < 4; i++) f.runFrame(); // 64 ms later: still resting
    expect(renders).toEqual(['big']);
    f.runFrame(); // 80 ms
    expect(renders).toEqual(['big', 'bigger']);
  });

  it('does nothing more once disposed', () => {
    const f = fakeFrames();
    const renders: string[] = [];
    const live = createLiveRender(
      (t) => (renders.push(t), t),
      () => undefined,
      f.host,
    );
    live.push('x');
    live.dispose();
    f.runFrame();
    live.push('y');
    f.runFrame();
    expect(renders).toEqual([]);
    expect(f.waiting()).toBe(0);
  });
});
