import { CoreError } from '../domain/errors.ts';
import { raceBudget, stepTimeoutMs, type Budget } from './budget.ts';

/** A Playwright failure as a typed error: its first line only (no call log, no page content). */
export function actionError(operation: string, error: unknown): CoreError {
  if (error instanceof CoreError) return error;
  const message = error instanceof Error ? error.message : String(error);
  const first = (message.split('\n')[0] ?? message).slice(0, 300);
  if (/Timeout .* exceeded/i.test(first)) {
    return new CoreError('BROWSER_TIMEOUT', `${operation} timed out: ${first}`);
  }
  return new CoreError('BROWSER_ACTION_FAILED', `${operation} failed: ${first}`);
}

/**
 * One Playwright step inside a budget: Playwright gets what is left as its own `timeout`, the step
 * ends when the budget does, and a failure comes back typed.
 */
export function playwrightStep<T>(
  budget: Budget,
  operation: string,
  work: (timeoutMs: number) => Promise<T>,
): Promise<T> {
  return raceBudget(
    budget,
    operation,
    work(stepTimeoutMs(budget, operation)).catch((error: unknown) => {
      throw actionError(operation, error);
    }),
  );
}
