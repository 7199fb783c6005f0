/**
 * A stored API key remembers the endpoint (URL origin) it was set for. Template ids travel inside a
 * shared world.json, so a received village could reuse an id with its own baseUrl; a key bound to
 * its origin is never sent anywhere else.
 */

interface StoredSecret {
  v: 1;
  secret: string;
  origin: string;
}

export function originOf(baseUrl: string): string {
  try {
    return new URL(baseUrl).origin;
  } catch {
    return baseUrl;
  }
}

export function bindSecret(secret: string, baseUrl: string): string {
  const stored: StoredSecret = { v: 1, secret, origin: originOf(baseUrl) };
  return JSON.stringify(stored);
}

export type SecretLookup =
  | { kind: 'none' }
  | { kind: 'ok'; secret: string }
  /** A key exists but was set for another endpoint. */
  | { kind: 'other_origin' };

/** A value written by hand (not by bindSecret) is taken as a plain, unbound key. */
export function secretForUrl(stored: string | null, baseUrl: string): SecretLookup {
  if (stored === null) return { kind: 'none' };
  let parsed: Partial<StoredSecret> | null;
  try {
    parsed = JSON.parse(stored) as Partial<StoredSecret>;
  } catch {
    parsed = null;
  }
  if (!parsed || parsed.v !== 1 || typeof parsed.secret !== 'string' || typeof parsed.origin !== 'string') {
    return { kind: 'ok', secret: stored };
  }
  return parsed.origin === originOf(baseUrl)
    ? { kind: 'ok', secret: parsed.secret }
    : { kind: 'other_origin' };
}
