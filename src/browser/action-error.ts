import { CoreError } from '../domain/errors.ts';

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
