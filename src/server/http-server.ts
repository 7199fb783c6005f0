/**
 * The Node HTTP server around the app. Requests the adapter refuses before the app sees them answer
 * the same typed payload as every other refusal (issue 17 §7), never a bare status line:
 * - Node's parser errors ('clientError'): a malformed request line or header, headers over the limit,
 *   a broken chunk, a request that does not arrive in time;
 * - @hono/node-server's RequestError (its errorHandler): a Host or request target it cannot turn
 *   into a URL (`localhost:99999`, `local host`, `a@localhost`, `[::1`, a backslash path, `OPTIONS *`);
 * - an HTTP/1.1 request without Host: Node would answer a bare 400 itself (`requireHostHeader`), so
 *   the check is left to the adapter, which refuses it as a RequestError.
 * Everything else reaches the app, whose guards refuse with the same payload (app.ts).
 */
import { createServer, type Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { getRequestListener, RequestError } from '@hono/node-server';
import type { DiagLog } from '../diag/log.ts';
import { CoreError } from '../domain/errors.ts';
import { rawErrorResponse, toErrorResponse } from './error-response.ts';

type FetchCallback = Parameters<typeof getRequestListener>[0];

export function createHttpServer(app: { fetch: FetchCallback }, log: DiagLog): Server {
  const listener = getRequestListener(app.fetch, {
    errorHandler: (error) => adapterRefusal(error, log),
  });
  const server = createServer({ requireHostHeader: false }, listener);
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) =>
    answerClientError(error, socket),
  );
  return server;
}

/** A request the adapter could not turn into a Request, as a typed response. */
function adapterRefusal(error: unknown, log: DiagLog): Response {
  // RequestError messages quote nothing, but the payload says it in our words anyway.
  const refusal =
    error instanceof RequestError
      ? new CoreError('INVALID_ARGUMENT', 'the Host header or the request target cannot be read')
      : error;
  const { status, payload, internal } = toErrorResponse(refusal);
  if (internal) log.warn(`internal error: adapter error=${(error as Error | null)?.name ?? 'unknown'}`);
  return new Response(JSON.stringify(payload), {
    status,
    headers: { 'content-type': 'application/json', connection: 'close' },
  });
}

/** Node's own refusals by parser error code, with the status Node itself would have sent. */
function clientRefusal(code: string | undefined): [number, CoreError] {
  switch (code) {
    case 'HPE_HEADER_OVERFLOW':
      return [431, new CoreError('PAYLOAD_TOO_LARGE', 'the request headers are too large')];
    case 'HPE_CHUNK_EXTENSIONS_OVERFLOW':
      return [413, new CoreError('PAYLOAD_TOO_LARGE', 'a chunk extension of the request is too large')];
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return [
        408,
        new CoreError('INVALID_ARGUMENT', 'the request did not arrive in time', { retryable: true }),
      ];
    default:
      return [400, new CoreError('INVALID_ARGUMENT', 'the request is not valid HTTP')];
  }
}

function answerClientError(error: NodeJS.ErrnoException, socket: Duplex): void {
  // A response already under way on this socket (pipelined requests): a second status line would
  // corrupt it, so the connection just ends, as Node itself does.
  const inFlight = (socket as Duplex & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
  if (error.code === 'ECONNRESET' || !socket.writable || inFlight?.headersSent === true) {
    socket.destroy();
    return;
  }
  const [status, refusal] = clientRefusal(error.code);
  socket.end(rawErrorResponse(refusal, status));
}
