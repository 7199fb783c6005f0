import { defineAsyncComponent, type Component } from 'vue';

/** How many times a part of the page that could not be fetched is asked for again. */
export const LAZY_RETRIES = 40;

/** The wait before attempt `attempts + 1`: half a second more each time, at most three seconds. */
export function lazyRetryDelayMs(attempts: number): number {
  return Math.min(500 * attempts, 3_000);
}

/**
 * A part of the page in a file of its own (the bond map, the dialogs), fetched when first shown. A
 * fetch that fails (the server restarting, a dropped connection) is tried again for about two minutes
 * instead of leaving the part blank until a reload, and the failure is not an uncaught page error.
 */
export function lazyComponent(
  loader: () => Promise<Component | { default: Component }>,
  wait: (ms: number, then: () => void) => void = (ms, then) => void setTimeout(then, ms),
): Component {
  return defineAsyncComponent({
    loader,
    onError(_error, retry, fail, attempts) {
      if (attempts <= LAZY_RETRIES) wait(lazyRetryDelayMs(attempts), retry);
      else fail();
    },
  });
}
