import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';

/** The one path the door serves. */
export const DOOR_PATH = '/mcp';

const HOST_NAMES = ['localhost', '127.0.0.1', '[::1]'];
const ORIGIN_NAMES = ['localhost', '127.0.0.1'];

export interface DoorRefusal {
  status: 401 | 403 | 404;
  message: string;
}

/** What the guard compares a presented token against: only its digest is kept in memory. */
export function tokenDigest(token: string): Buffer {
  return createHash('sha256').update(token, 'utf8').digest();
}

/**
 * `Authorization: Bearer <token>`, compared in constant time. Both sides are hashed first, so the
 * comparison is always between equal-length buffers and leaks neither content nor length.
 */
export function bearerMatches(header: string | undefined, digest: Buffer): boolean {
  const match = /^Bearer +(\S+) *$/i.exec(header ?? '');
  const presented = match?.[1];
  if (presented === undefined) return false;
  return timingSafeEqual(tokenDigest(presented), digest);
}

/** Host must name this machine's loopback, with no port or the door's own (DNS-rebinding guard). */
export function isDoorHost(host: string | undefined, port: number): boolean {
  if (host === undefined) return false;
  const match = /^(\[[^\]]*\]|[^:[\]]+)(?::(\d+))?$/.exec(host.trim().toLowerCase());
  if (match === null || !HOST_NAMES.includes(match[1] ?? '')) return false;
  return match[2] === undefined || Number(match[2]) === port;
}

/** A present Origin must be exactly the door's own loopback origin; requests without one (CLIs) pass. */
export function isDoorOrigin(origin: string | undefined, port: number): boolean {
  if (origin === undefined) return true;
  return ORIGIN_NAMES.some((name) => origin === `http://${name}:${port}`);
}

/**
 * Everything checked before a request reaches the SDK, in this order: Host, Origin, token, path.
 * Null when the request may go on. Messages never echo a header.
 */
export function doorRefusal(req: IncomingMessage, port: number, digest: Buffer): DoorRefusal | null {
  const { host, origin, authorization } = req.headers;
  if (!isDoorHost(host, port)) return { status: 403, message: 'Forbidden: the Host header is not allowed' };
  if (!isDoorOrigin(origin, port)) return { status: 403, message: 'Forbidden: the Origin is not allowed' };
  if (!bearerMatches(authorization, digest)) {
    return { status: 401, message: 'Unauthorized: a valid bearer token is required' };
  }
  if (requestPath(req) !== DOOR_PATH) return { status: 404, message: 'Not found' };
  return null;
}

function requestPath(req: IncomingMessage): string | null {
  try {
    return new URL(req.url ?? '/', 'http://localhost').pathname;
  } catch {
    return null;
  }
}

/** A JSON-RPC error body with `id: null`, the shape the SDK's transport uses for HTTP-level failures. */
export function sendJsonRpcError(
  res: ServerResponse,
  status: number,
  code: number,
  message: string,
  headers: Record<string, string> = {},
): void {
  if (res.headersSent) {
    res.end();
    return;
  }
  const body = JSON.stringify({ jsonrpc: '2.0', error: { code, message }, id: null });
  res.writeHead(status, { 'Content-Type': 'application/json', ...headers });
  res.end(body);
}

export function sendRefusal(res: ServerResponse, refusal: DoorRefusal): void {
  const headers: Record<string, string> = refusal.status === 401 ? { 'WWW-Authenticate': 'Bearer' } : {};
  sendJsonRpcError(res, refusal.status, -32000, refusal.message, headers);
}
