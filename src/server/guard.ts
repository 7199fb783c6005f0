import { timingSafeEqual } from 'node:crypto';
import { CoreError } from '../domain/errors.ts';

const LOOPBACK_NAMES = ['localhost', '127.0.0.1', '[::1]'];

/** The Host header must name this machine's loopback (a DNS-rebinding guard). */
export function isLoopbackHost(host: string | null | undefined): boolean {
  if (!host) return false;
  const match = /^(\[[^\]]+\]|[^:]+)(?::(\d+))?$/.exec(host.trim().toLowerCase());
  return match !== null && LOOPBACK_NAMES.includes(match[1] ?? '');
}

/**
 * The request is for this machine: its Host header and the host of its URL are loopback names. The
 * URL's host counts too: a request target in absolute form (`GET http://evil.example/`) names the host
 * the request is for, whatever the Host header says (RFC 9112 §3.2.2).
 */
export function isLoopbackRequest(hostHeader: string | null | undefined, url: URL): boolean {
  return isLoopbackHost(hostHeader) && isLoopbackHost(url.host);
}

/** A present Origin must be the server's own origin (a CSRF guard); an absent one is fine. */
export function isOwnOrigin(origin: string | null | undefined, port: number): boolean {
  if (origin === null || origin === undefined) return true;
  return LOOPBACK_NAMES.some((name) => origin.toLowerCase() === `http://${name}:${port}`);
}

export function tokenMatches(presented: string | null | undefined, token: string): boolean {
  return tokenMatcher(token)(presented);
}

/** The same check with the token's bytes made once, for a check on every request. */
export function tokenMatcher(token: string): (presented: string | null | undefined) => boolean {
  const expected = Buffer.from(token);
  return (presented) => {
    if (!presented) return false;
    const offered = Buffer.from(presented);
    return offered.length === expected.length && timingSafeEqual(offered, expected);
  };
}

export function bearerToken(header: string | null | undefined): string | null {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  return match?.[1] ?? null;
}

/**
 * Methods whose body has no meaning here. A body on them is refused rather than ignored: it is never
 * read, and a body nobody reads is how one request hides inside another behind a proxy.
 */
export const BODYLESS_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'DELETE', 'OPTIONS', 'TRACE']);

/** Whether the headers announce a body (any Transfer-Encoding, or a Content-Length other than 0). */
export function carriesBody(headers: Headers): boolean {
  if (headers.has('transfer-encoding')) return true;
  const length = headers.get('content-length');
  return length !== null && length.trim() !== '0';
}

/** The guards' refusals, the same words over HTTP and on the events socket. */
export const refusals = {
  host: () => new CoreError('FORBIDDEN', 'the Host header must be a loopback name'),
  origin: () => new CoreError('FORBIDDEN', 'cross-origin requests are not allowed'),
  token: () => new CoreError('UNAUTHORIZED', 'missing or wrong API token (see {home}/api_token)'),
  body: (method: string) => new CoreError('INVALID_ARGUMENT', `${method} requests take no body`),
  route: () => new CoreError('UNKNOWN_COMMAND', 'no such route'),
};
