import { CoreError } from '../domain/errors.ts';

/** The default and the ceiling of a browser request's budget (`timeoutMs`). */
export const DEFAULT_BROWSER_TIMEOUT_MS = 20_000;
export const MAX_BROWSER_TIMEOUT_MS = 120_000;
/**
 * What a transport adds to the caller's budget for its own waiting (serialisation, the answer's way
 * back), so the handler's timeout error arrives before the transport gives up on it.
 */
export const TRANSPORT_MARGIN_MS = 2_500;

export type BudgetEnd = 'timeout' | 'aborted';

/**
 * One request's time and cancellation: everything below the caller (route handler, waits, the CDP
 * or Playwright step) derives its limit from here, so `timeoutMs` means the same on every path.
 */
export interface Budget {
  /** Aborts at the deadline or when the caller's signal aborts, whichever comes first. */
  readonly signal: AbortSignal;
  /** The absolute deadline (epoch milliseconds). */
  readonly deadlineAtMs: number;
  readonly timeoutMs: number;
  /** What is left for a child operation, minus `marginMs` kept back for the parent; never negative. */
  remainingMs(marginMs?: number): number;
  /** Why the signal fired, or null while the budget runs. */
  ended(): BudgetEnd | null;
  /** Stops the timer and unhooks the caller's signal; call once the request is answered. */
  dispose(): void;
}

export interface BudgetOptions {
  timeoutMs?: number;
  signal?: AbortSignal;
  /**
   * For a transport waiting on a handler that has the same budget: the signal fires this much
   * after `timeoutMs`, so the handler's own timeout error arrives first (TRANSPORT_MARGIN_MS).
   */
  marginMs?: number;
  now?: () => number;
}

export function createBudget({
  timeoutMs = DEFAULT_BROWSER_TIMEOUT_MS,
  signal,
  marginMs = 0,
  now = Date.now,
}: BudgetOptions = {}): Budget {
  if (!Number.isInteger(timeoutMs) || timeoutMs < 1 || timeoutMs > MAX_BROWSER_TIMEOUT_MS) {
    throw new CoreError(
      'INVALID_ARGUMENT',
      `timeoutMs must be a whole number from 1 to ${MAX_BROWSER_TIMEOUT_MS}, got ${String(timeoutMs)}`,
    );
  }
  const controller = new AbortController();
  const deadlineAtMs = now() + timeoutMs + marginMs;
  let end: BudgetEnd | null = null;
  const finish = (why: BudgetEnd) => {
    if (end !== null) return;
    end = why;
    controller.abort(why === 'timeout' ? timeoutReason(timeoutMs) : abortReason());
  };
  const timer = setTimeout(() => finish('timeout'), timeoutMs + marginMs);
  timer.unref();
  const onAbort = () => finish('aborted');
  if (signal?.aborted) finish('aborted');
  else signal?.addEventListener('abort', onAbort, { once: true });

  return {
    signal: controller.signal,
    deadlineAtMs,
    timeoutMs,
    remainingMs: (marginMs = 0) => Math.max(0, deadlineAtMs - now() - marginMs),
    ended: () => end,
    dispose: () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
    },
  };
}

/** Runs `work` inside a budget and always disposes it. */
export async function withBudget<T>(
  options: BudgetOptions,
  work: (budget: Budget) => Promise<T>,
): Promise<T> {
  const budget = createBudget(options);
  try {
    return await work(budget);
  } finally {
    budget.dispose();
  }
}

/** The error for a budget that has ended, naming the operation and whether it timed out or was aborted. */
export function budgetError(budget: Budget, operation: string, detail: string | null = null): CoreError {
  if (budget.ended() === 'aborted') {
    return new CoreError('BROWSER_ABORTED', `${operation} was aborted by the caller`, { detail });
  }
  return new CoreError('BROWSER_TIMEOUT', `${operation} timed out after ${budget.timeoutMs} ms`, { detail });
}

/** Throws the budget's error when it has already ended. */
export function throwIfEnded(budget: Budget, operation: string): void {
  if (budget.ended() !== null) throw budgetError(budget, operation);
}

/**
 * A millisecond limit for a child step (Playwright's `timeout`, where 0 would mean "none"), or the
 * budget's error when nothing is left.
 */
export function stepTimeoutMs(budget: Budget, operation: string): number {
  throwIfEnded(budget, operation);
  const left = budget.remainingMs();
  if (left < 1) throw new CoreError('BROWSER_TIMEOUT', `${operation} timed out after ${budget.timeoutMs} ms`);
  return left;
}

/**
 * Settles with `work`, or rejects with the budget's error as soon as the budget ends; `work` is
 * left to settle on its own (its rejection is swallowed).
 */
export function raceBudget<T>(budget: Budget, operation: string, work: Promise<T>): Promise<T> {
  work.catch(() => undefined);
  if (budget.signal.aborted) return Promise.reject(budgetError(budget, operation));
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(budgetError(budget, operation));
    budget.signal.addEventListener('abort', onAbort, { once: true });
    work.then(
      (value) => {
        budget.signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        budget.signal.removeEventListener('abort', onAbort);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

/** Waits `ms`, or rejects with the budget's error as soon as it ends (the timer goes with it). */
export function budgetSleep(budget: Budget, operation: string, ms: number): Promise<void> {
  if (budget.signal.aborted) return Promise.reject(budgetError(budget, operation));
  return new Promise((resolve, reject) => {
    const onAbort = () => {
      clearTimeout(timer);
      reject(budgetError(budget, operation));
    };
    const timer = setTimeout(() => {
      budget.signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    budget.signal.addEventListener('abort', onAbort, { once: true });
  });
}

function timeoutReason(timeoutMs: number): Error {
  const error = new Error(`the budget of ${timeoutMs} ms ran out`);
  error.name = 'TimeoutError';
  return error;
}

function abortReason(): Error {
  const error = new Error('the caller aborted');
  error.name = 'AbortError';
  return error;
}
