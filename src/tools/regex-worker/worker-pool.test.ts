/**
 * The worker pool's own promises: a backtracking pattern is stopped at its time limit or by its
 * signal while the main thread keeps running, the worker is replaced, and waiting jobs are served.
 */
import { getEventListeners } from 'node:events';
import { afterEach, expect, it } from 'vitest';
import { toSource, type NamesJob } from './jobs.ts';
import { WorkerRegexRunner } from './worker-pool.ts';

/** `(a+)+$` against 'aaa…b' backtracks 2^n times: minutes for n = 40, effectively for ever. */
const HOSTILE: NamesJob = { kind: 'names', names: [`${'a'.repeat(40)}b`], pattern: toSource(/(a+)+$/u) };
const EASY: NamesJob = { kind: 'names', names: ['abc', 'xyz'], pattern: toSource(/b/u) };
const live = new AbortController().signal;

let pool: WorkerRegexRunner;
afterEach(async () => {
  await pool.close();
});

/** Counts timer ticks on the main thread while `work` runs: a blocked event loop counts none. */
async function ticksDuring<T>(work: Promise<T>): Promise<{ result: T; ticks: number }> {
  let ticks = 0;
  const timer = setInterval(() => (ticks += 1), 10);
  try {
    return { result: await work, ticks };
  } finally {
    clearInterval(timer);
  }
}

it('stops a catastrophic pattern at the time limit, the main thread running meanwhile', async () => {
  pool = new WorkerRegexRunner({ size: 1, timeoutMs: 300 });
  const { result, ticks } = await ticksDuring(pool.run(HOSTILE, live));
  expect(result).toEqual({ ok: false, failure: 'timeout', limitMs: 300 });
  expect(ticks).toBeGreaterThan(5);
  expect(pool.workerCount).toBe(0);
  // The next job gets a fresh worker.
  expect(await pool.run(EASY, live)).toEqual({ ok: true, value: [0] });
  expect(pool.workerCount).toBe(1);
});

it('stops a running job when its signal aborts', async () => {
  pool = new WorkerRegexRunner({ size: 1, timeoutMs: 60_000 });
  const controller = new AbortController();
  // Warm the worker so the abort lands while the pattern is running, not while the worker starts.
  await pool.run(EASY, live);
  const running = pool.run(HOSTILE, controller.signal);
  setTimeout(() => controller.abort(), 200);
  const { result, ticks } = await ticksDuring(running);
  expect(result).toMatchObject({ ok: false, failure: 'aborted' });
  expect(ticks).toBeGreaterThan(5);
  expect(await pool.run(EASY, live)).toEqual({ ok: true, value: [0] });
});

it('queues jobs past the pool size and serves them in order; an aborted waiting job leaves the queue', async () => {
  pool = new WorkerRegexRunner({ size: 1, timeoutMs: 400 });
  const first = pool.run(HOSTILE, live);
  const dropped = new AbortController();
  const second = pool.run(EASY, dropped.signal);
  const third = pool.run({ ...EASY, names: ['b'] }, live);
  dropped.abort();
  expect(await second).toMatchObject({ ok: false, failure: 'aborted' });
  expect(await first).toMatchObject({ ok: false, failure: 'timeout' });
  expect(await third).toEqual({ ok: true, value: [0] });
});

it('runs jobs on several workers at once', async () => {
  pool = new WorkerRegexRunner({ size: 2, timeoutMs: 500 });
  // One worker is stuck on the hostile job; the other still answers before that one times out.
  const stuck = pool.run(HOSTILE, live);
  const served = await pool.run(EASY, live);
  expect(served).toEqual({ ok: true, value: [0] });
  expect(await stuck).toMatchObject({ ok: false, failure: 'timeout' });
});

it('close ends running and waiting jobs as aborted and refuses new ones', async () => {
  pool = new WorkerRegexRunner({ size: 1, timeoutMs: 60_000 });
  await pool.run(EASY, live);
  const running = pool.run(HOSTILE, live);
  const waiting = pool.run(EASY, live);
  await new Promise((r) => setTimeout(r, 50));
  await pool.close();
  expect(await running).toMatchObject({ ok: false, failure: 'aborted' });
  expect(await waiting).toMatchObject({ ok: false, failure: 'aborted' });
  expect(await pool.run(EASY, live)).toMatchObject({ ok: false, failure: 'aborted' });
  expect(pool.workerCount).toBe(0);
});

it('leaves no listener on a signal that outlives its jobs (a turn signal serves many calls)', async () => {
  pool = new WorkerRegexRunner({ size: 2 });
  const turn = new AbortController();
  // A turn runs its tool calls one after another; a few may also wait together.
  for (let i = 0; i < 12; i += 1) await pool.run(EASY, turn.signal);
  await Promise.all(Array.from({ length: 4 }, () => pool.run(EASY, turn.signal)));
  expect(getEventListeners(turn.signal, 'abort')).toHaveLength(0);
});
