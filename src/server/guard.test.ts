import { describe, expect, it } from 'vitest';
import { bearerToken, carriesBody, isLoopbackHost, isOwnOrigin, tokenMatches } from './guard.ts';

describe('isLoopbackHost', () => {
  it.each(['localhost', 'localhost:7420', '127.0.0.1', '127.0.0.1:1', '[::1]', '[::1]:7420', 'LOCALHOST'])(
    'accepts %s',
    (host) => {
      expect(isLoopbackHost(host)).toBe(true);
    },
  );

  it.each([
    'evil.com',
    'evil.com:7420',
    '127.0.0.1.evil.com',
    'localhost.evil.com:80',
    'evil.localhost',
    '192.168.1.2',
    '0.0.0.0',
    '[::2]',
    '[::2]:7420',
    '::1',
    'localhost:abc',
    'localhost:7420:1',
    '',
  ])('rejects %j', (host) => {
    expect(isLoopbackHost(host)).toBe(false);
  });

  it('rejects null and undefined', () => {
    expect(isLoopbackHost(undefined)).toBe(false);
    expect(isLoopbackHost(null)).toBe(false);
  });
});

describe('isOwnOrigin', () => {
  const port = 7420;

  it('accepts an absent origin', () => {
    expect(isOwnOrigin(undefined, port)).toBe(true);
    expect(isOwnOrigin(null, port)).toBe(true);
  });

  it.each([`http://localhost:${port}`, `http://127.0.0.1:${port}`, `http://[::1]:${port}`])(
    'accepts %s',
    (o) => {
      expect(isOwnOrigin(o, port)).toBe(true);
    },
  );

  it.each([
    `http://localhost:${port + 1}`,
    `http://127.0.0.1:8080`,
    'http://localhost',
    `https://localhost:${port}`,
    `https://127.0.0.1:${port}`,
    'http://evil.com',
    `http://evil.com:${port}`,
    `http://localhost.evil.com:${port}`,
    'null',
    '',
  ])('rejects %j', (origin) => {
    expect(isOwnOrigin(origin, port)).toBe(false);
  });
});

describe('tokenMatches', () => {
  const token = 'a'.repeat(32) + 'b'.repeat(32);

  it('accepts the exact token', () => {
    expect(tokenMatches(token, token)).toBe(true);
  });

  it('rejects a different token of the same length', () => {
    expect(tokenMatches('a'.repeat(64), token)).toBe(false);
  });

  it('rejects a prefix, an extension and a different length', () => {
    expect(tokenMatches(token.slice(0, 63), token)).toBe(false);
    expect(tokenMatches(`${token}x`, token)).toBe(false);
    expect(tokenMatches('short', token)).toBe(false);
  });

  it('rejects absent or empty tokens', () => {
    expect(tokenMatches(undefined, token)).toBe(false);
    expect(tokenMatches(null, token)).toBe(false);
    expect(tokenMatches('', token)).toBe(false);
    expect(tokenMatches('', '')).toBe(false);
  });
});

describe('bearerToken', () => {
  it('parses "Bearer abc"', () => {
    expect(bearerToken('Bearer abc')).toBe('abc');
  });

  it('accepts any case of the scheme and extra spaces', () => {
    expect(bearerToken('bearer abc')).toBe('abc');
    expect(bearerToken('Bearer    abc  ')).toBe('abc');
  });

  it('rejects other schemes and malformed headers', () => {
    expect(bearerToken('Basic abc')).toBeNull();
    expect(bearerToken('Bearer')).toBeNull();
    expect(bearerToken('Bearer ')).toBeNull();
    expect(bearerToken('Bearer abc def')).toBeNull();
    expect(bearerToken('abc')).toBeNull();
    expect(bearerToken('')).toBeNull();
    expect(bearerToken(null)).toBeNull();
    expect(bearerToken(undefined)).toBeNull();
  });
});

describe('carriesBody', () => {
  it('sees a body in Transfer-Encoding or a non-zero Content-Length only', () => {
    expect(carriesBody(new Headers({ 'content-length': '5' }))).toBe(true);
    expect(carriesBody(new Headers({ 'transfer-encoding': 'chunked' }))).toBe(true);
    expect(carriesBody(new Headers({ 'content-length': '0' }))).toBe(false);
    expect(carriesBody(new Headers())).toBe(false);
  });
});
