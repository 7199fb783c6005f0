import { STATUS_CODES } from 'node:http';
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

/**
 * The same refusal written straight to a socket, where no response object exists (Node's parser
 * errors, refused WebSocket upgrades). `status` overrides the code's own where HTTP has a more exact
 * one (431 for headers, 408 for a timeout). The connection closes after it.
 */
export function rawErrorResponse(error: unknown, status?: number): string {
  const response = toErrorResponse(error);
  const code = status ?? response.status;
  const body = JSON.stringify(response.payload);
  return [
    `HTTP/1.1 ${code} ${STATUS_CODES[code] ?? 'Error'}`,
    'Connection: close',
    'Content-Type: application/json',
    'X-Content-Type-Options: nosniff',
    `Content-Length: ${Buffer.byteLength(body)}`,
    '',
    body,
  ].join('\r\n');
}

function toCoreError(error: unknown): CoreError {
  if (isCoreError(error)) return error;
  if (error instanceof z.ZodError) return coreErrorFromZod(error);
  // Anything else is a bug: say so without leaking internals (messages may carry data).
  return new CoreError('INTERNAL', 'internal error', {
    detail: error instanceof Error ? error.name : null,
  });
}
