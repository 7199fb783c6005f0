/**
 * The Fetch button's download and lookup over a real local HTTPS server (self-signed, trusted only
 * through the test's `ca`): what comes back, how each failure is typed, the bounds, and the
 * `pricing fetch:` line.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MemoryDiagLog } from '../src/diag/log.ts';
import { PriceFetcher, PriceUrlStore } from '../src/price-table/index.ts';
import type { HttpsGetOptions } from '../src/price-table/https-get.ts';
import {
  LITELLM_SAMPLE,
  SAMPLE_CLAUDE_FETCHED,
  makeTestCertificate,
  startPriceTableServer,
  type PriceTableServer,
  type TestCertificate,
} from './helpers/https-price-table.ts';

let certificate: TestCertificate;
let server: PriceTableServer;
let dir: string;
let log: MemoryDiagLog;
let urls: PriceUrlStore;

beforeAll(async () => {
  certificate = makeTestCertificate();
  server = await startPriceTableServer(certificate);
  server.routes.set('/prices.json', { body: JSON.stringify(LITELLM_SAMPLE) });
});
afterAll(async () => {
  await server.close();
  certificate.remove();
});
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'fuseforks-prices-'));
  log = new MemoryDiagLog();
  urls = new PriceUrlStore(join(dir, 'price_table.json'));
  return () => rm(dir, { recursive: true, force: true });
});

function fetcher(download: Partial<HttpsGetOptions> = {}) {
  return new PriceFetcher({ urls, log, download: { ca: certificate.cert, ...download } });
}

async function failure(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    return error as { code: string; detail: string | null; message: string };
  }
  throw new Error('expected a failure');
}

describe('fetching the price table', () => {
  it('answers the matched model’s prices in $/MTok and its window, and logs host and counts only', async () => {
    await urls.set(`${server.origin}/prices.json?token=s3cret`);
    const fetched = await fetcher().fetchFor(' claude-sonnet-4-5 ');
    expect(fetched).toEqual({
      model: 'claude-sonnet-4-5',
      host: new URL(server.origin).host,
      ...SAMPLE_CLAUDE_FETCHED,
    });
    expect(log.lines).toEqual([
      `pricing fetch: host=${new URL(server.origin).host} model="claude-sonnet-4-5" outcome=filled entries=3 dropped=2 context=1`,
    ]);
    expect(log.lines.join('\n')).not.toContain('s3cret');
    expect(log.lines.join('\n')).not.toContain('prices.json');
  });

  it('answers no window when the table’s value is not sane (the element stays)', async () => {
    await urls.set(`${server.origin}/prices.json`);
    const fetched = await fetcher().fetchFor('gpt-4o-mini');
    expect(fetched.prices).toEqual({ inputPerMtok: 0.15, outputPerMtok: 0.6 });
    expect(fetched.contextLength).toBeNull();
  });

  it('matches our model value exactly: a dropped or absent element is PRICE_NOT_FOUND', async () => {
    await urls.set(`${server.origin}/prices.json`);
    for (const model of ['half-priced', 'too-dear', 'Claude-Sonnet-4-5', 'anthropic/claude-sonnet-4-5']) {
      expect(await failure(fetcher().fetchFor(model))).toMatchObject({
        code: 'PRICE_NOT_FOUND',
        detail: model,
      });
    }
    expect(log.lines.at(-1)).toMatch(/outcome=not_found entries=3 dropped=2 context=1$/);
  });

  it('reads a gzip-encoded table', async () => {
    server.routes.set('/gz.json', { body: JSON.stringify(LITELLM_SAMPLE), gzip: true });
    await urls.set(`${server.origin}/gz.json`);
    expect((await fetcher().fetchFor('claude-sonnet-4-5')).prices.outputPerMtok).toBe(15);
  });

  it('follows an https redirect, and refuses one to http', async () => {
    server.routes.set('/moved.json', { redirect: '/prices.json' });
    server.routes.set('/downgrade.json', { redirect: 'http://127.0.0.1:9/prices.json' });
    await urls.set(`${server.origin}/moved.json`);
    expect((await fetcher().fetchFor('claude-sonnet-4-5')).contextLength).toBe(200000);
    await urls.set(`${server.origin}/downgrade.json`);
    expect(await failure(fetcher().fetchFor('claude-sonnet-4-5'))).toMatchObject({
      code: 'PRICE_FETCH_FAILED',
      detail: 'redirect',
    });
  });

  it('types each failure: no URL, a 404, bad JSON, too large, a hang, nobody listening, an untrusted certificate', async () => {
    expect(await failure(fetcher().fetchFor('m'))).toMatchObject({ code: 'PRICE_URL_UNSET' });
    await urls.set(`${server.origin}/missing.json`);
    expect(await failure(fetcher().fetchFor('m'))).toMatchObject({
      code: 'PRICE_FETCH_FAILED',
      detail: 'http_404',
    });

    server.routes.set('/html.json', { body: '<html>hello</html>' });
    await urls.set(`${server.origin}/html.json`);
    expect(await failure(fetcher().fetchFor('m'))).toMatchObject({
      code: 'PRICE_TABLE_INVALID',
      detail: 'bad_json',
    });

    await urls.set(`${server.origin}/prices.json`);
    expect(await failure(fetcher({ maxBytes: 100 }).fetchFor('m'))).toMatchObject({ detail: 'too_large' });
    server.routes.set('/bomb.json', { body: ' '.repeat(100_000), gzip: true });
    await urls.set(`${server.origin}/bomb.json`);
    expect(await failure(fetcher({ maxBytes: 1000 }).fetchFor('m'))).toMatchObject({ detail: 'too_large' });

    server.routes.set('/hang.json', { hang: true });
    await urls.set(`${server.origin}/hang.json`);
    expect(await failure(fetcher({ timeoutMs: 300 }).fetchFor('m'))).toMatchObject({
      code: 'PRICE_FETCH_FAILED',
      detail: 'timeout',
    });

    // Port 9 (discard) on loopback: nothing listens there.
    await urls.set('https://127.0.0.1:9/prices.json');
    expect(await failure(fetcher().fetchFor('m'))).toMatchObject({
      code: 'PRICE_FETCH_FAILED',
      detail: 'unreachable',
    });

    await urls.set(`${server.origin}/prices.json`);
    const untrusted = new PriceFetcher({ urls, log });
    expect(await failure(untrusted.fetchFor('claude-sonnet-4-5'))).toMatchObject({
      code: 'PRICE_FETCH_FAILED',
      detail: 'tls',
    });
    expect(log.lines.at(-1)).toMatch(/outcome=tls entries=- dropped=- context=-$/);
  });

  it('refuses to save or fetch anything but https', async () => {
    expect(await failure(urls.set(`http://127.0.0.1:9/prices.json`))).toMatchObject({
      code: 'PRICE_URL_INVALID',
      detail: 'not_https',
    });
    expect(await urls.read()).toBeNull();
    // A file edited by hand to http:// is refused when the button is pressed, before any request.
    const { writeFile } = await import('node:fs/promises');
    await writeFile(urls.path, JSON.stringify({ url: `http://127.0.0.1:9/prices.json` }));
    const before = server.requests.length;
    expect(await failure(fetcher().fetchFor('m'))).toMatchObject({ code: 'PRICE_URL_INVALID' });
    expect(server.requests.length).toBe(before);
  });
});
