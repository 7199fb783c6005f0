import { timingSafeEqual } from 'node:crypto';

const LOOPBACK_NAMES = ['localhost', '127.0.0.1', '[::1]'];

/** The Host header must name this machine's loopback (a DNS-rebinding guard). */
export function isLoopbackHost(host: string | null | undefined): boolean {
  if (!host) return false;
  const match = /^(\[[^\]]+\]|[^:]+)(?::(\d+))?$/.exec(host.trim().toLowerCase());
  return match !== null && LOOPBACK_NAMES.includes(match[1] ?? '');
}

/** A present Origin must be the server's own origin (a CSRF guard); an absent one is fine. */
export function isOwnOrigin(origin: string | null | undefined, port: number): boolean {
  if (origin === null || origin === undefined) return true;
  return LOOPBACK_NAMES.some((name) => origin.toLowerCase() === `http://${name}:${port}`);
}

export function tokenMatches(presented: string | null | undefined, token: string): boolean {
  if (!presented) return false;
  const a = Buffer.from(presented);
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
}

export function bearerToken(header: string | null | undefined): string | null {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  return match?.[1] ?? null;
}
