import { expect } from 'vitest';
import { CoreError } from '../../src/domain/errors.ts';

/** The CoreError `fn` throws; fails the test when it throws something else or nothing. */
export function thrownCoreError(fn: () => unknown): CoreError {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(CoreError);
    return error as CoreError;
  }
  throw new Error('expected a CoreError, nothing was thrown');
}

/** The code of the CoreError `fn` throws, or undefined when it does not throw. */
export function codeOf(fn: () => unknown): string | undefined {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(CoreError);
    return (error as CoreError).code;
  }
  return undefined;
}
