import { z } from 'zod';
import { CoreError, httpStatusFor, isCoreError, type ErrorPayload } from '../domain/errors.ts';
import { UNSAFE_ID_PARAM } from '../domain/schemas.ts';

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
  if (error instanceof z.ZodError) return fromZod(error);
  // Anything else is a bug: say so without leaking internals (messages may carry data).
  return new CoreError('INTERNAL', 'internal error', {
    detail: error instanceof Error ? error.name : null,
  });
}

function fromZod(error: z.ZodError): CoreError {
  const issue = error.issues[0];
  const where = issue && issue.path.length > 0 ? issue.path.join('.') : 'arguments';
  const message = `${where}: ${issue?.message ?? 'invalid'}`;
  const params =
    issue && 'params' in issue ? (issue.params as Record<string, unknown> | undefined) : undefined;
  if (params?.ledgerCode === UNSAFE_ID_PARAM.ledgerCode) return new CoreError('UNSAFE_IDENTIFIER', message);
  return new CoreError('INVALID_ARGUMENT', message);
}
