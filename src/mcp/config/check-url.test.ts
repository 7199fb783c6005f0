import { describe, expect, it } from 'vitest';
import { checkMcpUrl, isLoopbackHost } from './check-url.ts';

describe('checkMcpUrl', () => {
  it.each([
    'https://example.com/mcp',
    'https://10.0.0.1/mcp', // https is allowed to any host, private ones included
    'https://host.docker.internal:8443/mcp',
    'http://localhost/mcp',
    'http://LOCALHOST:3000/mcp',
    'http://127.0.0.1:8080/mcp',
    'http://127.0.0.2/mcp',
    'http://127.255.255.254/',
    'http://127.1/', // WHATWG parsing makes this 127.0.0.1
    'http://0x7f.0.0.1/',
    'http://[::1]:3000/mcp',
    'http://[0:0:0:0:0:0:0:1]/',
  ])('allows %s', (url) => {
    expect(checkMcpUrl(url)).toEqual({ ok: true });
  });

  const httpOnlyLoopback = /http is only allowed to localhost or a loopback IP/;
  it.each([
    'http://10.0.0.1/mcp',
    'http://192.168.1.20:8080/mcp',
    'http://172.16.0.1/',
    'http://172.31.255.255/',
    'http://host.docker.internal:3000/mcp',
    'http://localhost.example.com/',
    'http://localhost./',
    'http://127.0.0.1.nip.io/',
    'http://0.0.0.0:3000/',
    'http://[::]/',
    'http://[::ffff:127.0.0.1]/', // mapped IPv4 is not loopback to Rust's Ipv6Addr::is_loopback either
    'http://example.com/',
  ])('refuses plain http to the non-loopback host of %s', (url) => {
    const result = checkMcpUrl(url);
    expect(result.ok).toBe(false);
    expect(result.ok ? '' : result.reason).toMatch(httpOnlyLoopback);
  });

  it.each([
    ['ftp://example.com/', '"ftp:"'],
    ['ws://localhost:3000/', '"ws:"'],
    ['file:///tmp/x', '"file:"'],
    ['javascript:alert(1)', '"javascript:"'],
  ])('refuses the scheme of %s', (url, scheme) => {
    const result = checkMcpUrl(url);
    expect(result.ok).toBe(false);
    expect(result.ok ? '' : result.reason).toContain(`scheme ${scheme} is not allowed`);
  });

  it.each(['', '/mcp', 'not a url', 'https://', 'https://exa mple.com/'])(
    'refuses %j as not a URL',
    (url) => {
      expect(checkMcpUrl(url)).toEqual({ ok: false, reason: 'is not a valid absolute URL' });
    },
  );

  it.each([
    'https://user:s3cretPW@example.com/mcp',
    'http://token@localhost:3000/',
    'https://:pw@example.com/',
  ])('refuses credentials in %s without repeating them', (url) => {
    const result = checkMcpUrl(url);
    expect(result.ok).toBe(false);
    const reason = result.ok ? '' : result.reason;
    expect(reason).toContain('user name or password');
    expect(reason).not.toMatch(/s3cretPW|token|pw/);
  });
});

describe('isLoopbackHost (on WHATWG-canonical host names)', () => {
  it.each([
    ['localhost', true],
    ['127.0.0.1', true],
    ['127.9.8.7', true],
    ['[::1]', true],
    ['128.0.0.1', false],
    ['1.127.0.0', false],
    ['localhost.localdomain', false],
    ['::1', false], // URL.hostname always brackets IPv6
  ])('%s → %s', (host, expected) => {
    expect(isLoopbackHost(host)).toBe(expected);
  });
});
