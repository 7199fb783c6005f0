/**
 * Turn work in bounded slices of the event loop (issue 24). A storm of messages over hundreds of
 * servants had hundreds of turns whose file reads completed together run their prompt building,
 * model call and exit back to back in one loop phase: the loop froze for half a second, and the
 * server's sockets and timers with it. A turn passes `loopSlice()` at once while the current slice
 * has time left; past it, turns wait in arrival order and resume a slice's worth per loop iteration,
 * so timers and I/O run in between. Only the timing changes: nothing is reordered within a turn.
 */
import { performance } from 'node:perf_hooks';
// The timers module's own function: a test's fake timers replace the global one, not this.
import { setImmediate } from 'node:timers';

/** The synchronous work a slice may take before turns start to wait. */
export const SLICE_MS = 8;

let sliceStartedAt: number | null = null;
const waiting: (() => void)[] = [];

/** Null to go on now; otherwise a promise that resolves when this turn's turn comes. */
export function loopSlice(): Promise<void> | null {
  const now = performance.now();
  if (sliceStartedAt === null) {
    sliceStartedAt = now;
    // The slice ends with this loop iteration (the check phase comes after the I/O callbacks).
    setImmediate(() => (sliceStartedAt = null));
  }
  if (waiting.length === 0 && now - sliceStartedAt < SLICE_MS) return null;
  return new Promise<void>((resolve) => {
    waiting.push(resolve);
    if (waiting.length === 1) setImmediate(resumeNext);
  });
}

/**
 * Resumes waiting turns for at most one slice, then leaves the rest to the next loop iteration. Each
 * next one is taken after the previous one's synchronous run (a microtask queued behind it).
 */
function resumeNext(): void {
  const started = performance.now();
  const step = (): void => {
    waiting.shift()?.();
    if (waiting.length === 0) return;
    // Scheduled from the check phase, an immediate runs in the next loop iteration.
    if (performance.now() - started >= SLICE_MS) setImmediate(resumeNext);
    else queueMicrotask(step);
  };
  step();
}
