import { describe, expect, it } from 'vitest';
import { checkPriceTableUrl, priceTableHost } from './price-url.ts';

function refusal(raw: string) {
  try {
    checkPriceTableUrl(raw);
  } catch (error) {
    return error as { code: string; detail: string; message: string };
  }
  throw new Error(`${raw} was accepted`);
}

describe('the price table URL', () => {
  it('accepts https, trimmed', () => {
    expect(checkPriceTableUrl('  https://example.test/prices.json ').href).toBe(
      'https://example.test/prices.json',
    );
  });

  it('refuses anything but https with a typed error that never quotes the URL', () => {
    for (const raw of [
      'http://example.test/p.json?key=s3cret',
      'file:///etc/passwd',
      'ftp://example.test/p',
    ]) {
      const error = refusal(raw);
      expect(error).toMatchObject({ code: 'PRICE_URL_INVALID', detail: 'not_https' });
      expect(error.message).not.toContain('s3cret');
    }
    expect(refusal('prices.json')).toMatchObject({ code: 'PRICE_URL_INVALID', detail: 'not_a_url' });
    expect(refusal(`https://example.test/${'a'.repeat(2100)}`)).toMatchObject({ detail: 'too_long' });
  });

  it('refuses a user name or password in the URL', () => {
    const error = refusal('https://me:hunter2@example.test/p.json');
    expect(error).toMatchObject({ code: 'PRICE_URL_INVALID', detail: 'credentials' });
    expect(error.message).not.toContain('hunter2');
  });

  it('names only the host (and port), never the path or the query', () => {
    expect(priceTableHost(new URL('https://example.test:8443/a/b.json?token=x'))).toBe('example.test:8443');
  });
});
