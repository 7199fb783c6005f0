import type { Reply } from './envelope.ts';

/**
 * Waits for a delivery's reply, at most `timeoutSecs`, and no longer than `signal` stays live (the
 * waiter's own interrupt or the outside caller's cancel). The timer and listener are always removed.
 */
export async function awaitReply(
  answered: Promise<Reply>,
  timeoutSecs: number,
  signal: AbortSignal,
): Promise<Reply | 'timeout' | 'interrupted'> {
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), timeoutSecs * 1000);
  });
  let onAbort: (() => void) | undefined;
  const interrupted = new Promise<'interrupted'>((resolve) => {
    onAbort = () => resolve('interrupted');
    if (signal.aborted) resolve('interrupted');
    else signal.addEventListener('abort', onAbort, { once: true });
  });
  try {
    return await Promise.race([answered, timedOut, interrupted]);
  } finally {
    clearTimeout(timer);
    if (onAbort) signal.removeEventListener('abort', onAbort);
  }
}
