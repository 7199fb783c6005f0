import { CoreError } from '../domain/errors.ts';

/** Longer than any real table address; keeps the settings file and the errors small. */
const MAX_PRICE_URL_CHARS = 2048;

/**
 * The price table URL as it may be saved and fetched: https only (ledger part 3: "https only"), and no
 * user:password in it (a secret would then sit in a plain settings file and could reach an error).
 * The message never quotes the URL: its query string may carry a token.
 */
export function checkPriceTableUrl(raw: string): URL {
  const value = raw.trim();
  if (value.length > MAX_PRICE_URL_CHARS) {
    throw new CoreError(
      'PRICE_URL_INVALID',
      `the price table URL is longer than ${MAX_PRICE_URL_CHARS} characters`,
      {
        detail: 'too_long',
      },
    );
  }
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new CoreError('PRICE_URL_INVALID', 'the price table URL is not a URL', { detail: 'not_a_url' });
  }
  if (url.protocol !== 'https:') {
    throw new CoreError('PRICE_URL_INVALID', 'the price table URL must start with https://', {
      detail: 'not_https',
    });
  }
  if (url.username !== '' || url.password !== '') {
    throw new CoreError('PRICE_URL_INVALID', 'the price table URL must not contain a user name or password', {
      detail: 'credentials',
    });
  }
  return url;
}

/** What the log and the errors may say about where the table came from: the host (and port), never the path or query. */
export function priceTableHost(url: URL): string {
  return url.host;
}
