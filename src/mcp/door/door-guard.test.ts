import { describe, expect, it } from 'vitest';
import { bearerMatches, isDoorHost, isDoorOrigin, tokenDigest } from './door-guard.ts';

const TOKEN = '0123456789abcdef0123456789abcdef';
const digest = tokenDigest(TOKEN);

describe('bearerMatches', () => {
  it('accepts exactly the token after Bearer, scheme in any case', () => {
    expect(bearerMatches(`Bearer ${TOKEN}`, digest)).toBe(true);
    expect(bearerMatches(`bearer ${TOKEN}`, digest)).toBe(true);
  });

  it.each([
    undefined,
    '',
    TOKEN,
    'Bearer',
    `Basic ${TOKEN}`,
    `Bearer ${TOKEN.slice(1)}`,
    `Bearer ${TOKEN}0`,
    `Bearer ${TOKEN.toUpperCase()}`,
    `Bearer ${TOKEN} extra`,
  ])('refuses %j', (header) => {
    expect(bearerMatches(header, digest)).toBe(false);
  });
});

describe('isDoorHost', () => {
  it.each(['localhost', 'LOCALHOST:39091', '127.0.0.1', '127.0.0.1:39091', '[::1]', '[::1]:39091'])(
    'accepts %s',
    (host) => expect(isDoorHost(host, 39091)).toBe(true),
  );

  it.each([
    undefined,
    '',
    'evil.example',
    'localhost.evil.example',
    '127.0.0.2',
    '127.0.0.1:39092',
    'localhost:',
    '::1',
    '[::2]:39091',
    'localhost:39091:1',
  ])('refuses %j', (host) => expect(isDoorHost(host, 39091)).toBe(false));
});

describe('isDoorOrigin', () => {
  it('lets a request without Origin through', () => expect(isDoorOrigin(undefined, 39091)).toBe(true));

  it.each(['http://localhost:39091', 'http://127.0.0.1:39091'])('accepts %s', (origin) =>
    expect(isDoorOrigin(origin, 39091)).toBe(true),
  );

  it.each([
    'null',
    '',
    'http://localhost',
    'http://localhost:39092',
    'https://localhost:39091',
    'http://[::1]:39091',
    'http://localhost:39091/',
    'http://evil.example',
  ])('refuses %j', (origin) => expect(isDoorOrigin(origin, 39091)).toBe(false));
});
