import { CoreError } from '../domain/errors.ts';

/**
 * The step of the store that failed; it becomes the error's `detail` (the ledger's list:
 * open / init / begin / read / write / commit / create / export).
 */
export type StoreOperation = 'open' | 'init' | 'begin' | 'read' | 'write' | 'commit' | 'create' | 'export';

/** SESSION_STORE_FAILED naming the operation. SQLite's own messages never carry conversation text. */
export function storeFailed(operation: StoreOperation, error: unknown): CoreError {
  if (error instanceof CoreError) return error;
  const reason = error instanceof Error ? error.message : String(error);
  return new CoreError('SESSION_STORE_FAILED', `session store ${operation} failed: ${reason}`, {
    detail: operation,
    cause: error,
  });
}

/** SESSION_STORE_FAILED for something the store itself found wrong (no underlying exception). */
export function storeProblem(operation: StoreOperation, message: string): CoreError {
  return new CoreError('SESSION_STORE_FAILED', `session store ${operation} failed: ${message}`, {
    detail: operation,
  });
}

export function sessionNotFound(sessionId: string): CoreError {
  const shown = JSON.stringify(sessionId.slice(0, 80));
  return new CoreError('SESSION_NOT_FOUND', `no session ${shown}`, { detail: sessionId.slice(0, 80) });
}

export function invalidArgument(message: string): CoreError {
  return new CoreError('INVALID_ARGUMENT', message);
}

/** Run `fn`; anything it throws that is not already a CoreError becomes SESSION_STORE_FAILED. */
export function guarded<T>(operation: StoreOperation, fn: () => T): T {
  try {
    return fn();
  } catch (error) {
    throw storeFailed(operation, error);
  }
}
