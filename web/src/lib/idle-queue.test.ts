import { describe, expect, it } from 'vitest';
import { createIdleQueue, IDLE_SLICE_MS, type IdleHost } from './idle-queue.ts';

/** A host whose clock moves only when a job says so, and whose idle callbacks run when told. */
function fakeHost() {
  let clock = 0;
  const pending: ((d: null) => void)[] = [];
  const host: IdleHost = {
    requestIdle: (run) => void pending.push(run),
    now: () => clock,
  };
  return {
    host,
    advance: (ms: number) => (clock += ms),
    idle: () => pending.splice(0).forEach((run) => run(null)),
    get scheduled() {
      return pending.length;
    },
  };
}

describe('idle queue', () => {
  it('runs the newest jobs first, a slice at a time, and asks again while jobs remain', () => {
    const h = fakeHost();
    const queue = createIdleQueue(h.host);
    const done: number[] = [];
    for (let i = 0; i < 5; i++) queue.add(() => (done.push(i), h.advance(IDLE_SLICE_MS / 2)));
    expect(h.scheduled).toBe(1);
    h.idle();
    expect(done).toEqual([4, 3]);
    expect(h.scheduled).toBe(1);
    h.idle();
    h.idle();
    expect(done).toEqual([4, 3, 2, 1, 0]);
    expect(queue.size).toBe(0);
    expect(h.scheduled).toBe(0);
  });

  it('drops a job that throws and goes on with the others', () => {
    const h = fakeHost();
    const queue = createIdleQueue(h.host);
    const done: string[] = [];
    queue.add(() => done.push('a'));
    queue.add(() => {
      throw new Error('row gone');
    });
    h.idle();
    expect(done).toEqual(['a']);
  });
});
