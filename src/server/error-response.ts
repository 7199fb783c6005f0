import { z } from 'zod';
import { CoreError, httpStatusFor, isCoreError, type ErrorPayload } from '../domain/errors.ts';
import { coreErrorFromZod } from '../domain/schemas.ts';

/** The one place any failure becomes an HTTP status and an ErrorPayload body. */
export function toErrorResponse(error: unknown): {
  status: number;
  payload: ErrorPayload;
  internal: boolean;
} {
  const core = toCoreError(error);
  return { status: httpStatusFor(core.code), payload: core.toPayload(), internal: core.code === 'INTERNAL' };
}

function toCoreError(error: unknown): CoreError {
  if (isCoreError(error)) return error;
  if (error instanceof z.ZodError) return coreErrorFromZod(error);
  // Anything else is a bug: say so without leaking internals (messages may carry data).
  return new CoreError('INTERNAL', 'internal error', {
    detail: error instanceof Error ? error.name : null,
  });
}
