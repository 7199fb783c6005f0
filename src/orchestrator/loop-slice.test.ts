import { performance } from 'node:perf_hooks';
import { expect, it } from 'vitest';
import { loopSlice, SLICE_MS } from './loop-slice.ts';

const burn = (ms: number) => {
  const start = performance.now();
  while (performance.now() - start < ms);
};
const nextLoop = () => new Promise((r) => setTimeout(r, 5));

it('goes on at once while the slice has time, then resumes waiting turns in order, later', async () => {
  await nextLoop();
  expect(loopSlice()).toBeNull();
  burn(SLICE_MS + 2);
  const order: string[] = [];
  const waits = [0, 1, 2].map((i) => {
    const wait = loopSlice();
    expect(wait).not.toBeNull();
    return wait!.then(() => order.push(`turn ${i}`));
  });
  // Nobody resumes within the spent slice.
  await Promise.resolve();
  expect(order).toEqual([]);
  await Promise.all(waits);
  expect(order).toEqual(['turn 0', 'turn 1', 'turn 2']);
  // A new loop iteration starts a new slice.
  await nextLoop();
  expect(loopSlice()).toBeNull();
});
