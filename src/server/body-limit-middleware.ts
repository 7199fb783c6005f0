/**
 * The body limit as middleware, without a stream per request (issue 24). Hono's bodyLimit starts by
 * asking for `request.body`, which makes @hono/node-server build a whole web Request and a web stream
 * around the socket for every POST, only to look at Content-Length and let it through. Here the
 * headers decide first, as they do inside bodyLimit:
 * - no body by method (GET, HEAD): nothing to limit;
 * - a Content-Length and no Transfer-Encoding: the length alone decides (Node's parser holds the body
 *   to that length), and the handler later reads it once, straight from the socket;
 * - anything else (chunked, or no length): Hono's bodyLimit, which counts the bytes as they come.
 * The refusals are the same `onError` in every case.
 */
import type { Context, MiddlewareHandler, Next } from 'hono';
import { bodyLimit } from 'hono/body-limit';

export function limitBody(maxBytes: number, onError: (c: Context) => never): MiddlewareHandler {
  const counting = bodyLimit({ maxSize: maxBytes, onError });
  return (c: Context, next: Next) => {
    const method = c.req.method;
    // Such a request has no body (`request.body` is null), as bodyLimit itself finds.
    if (method === 'GET' || method === 'HEAD') return next();
    const headers = c.req.raw.headers;
    const length = headers.get('content-length');
    if (length !== null && !headers.has('transfer-encoding')) {
      return parseInt(length || '0', 10) > maxBytes ? onError(c) : next();
    }
    return counting(c, next);
  };
}
