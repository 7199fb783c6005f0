/**
 * The price table commands through the app's real HTTP server: the URL lives in app data (never in
 * the village), only https is taken, nothing is fetched until `fetch_template_prices`, and the fetch
 * answers values without saving them into the template.
 */
import { readFile, readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  LITELLM_SAMPLE,
  SAMPLE_CLAUDE_FETCHED,
  makeTestCertificate,
  startPriceTableServer,
  type PriceTableServer,
  type TestCertificate,
} from './helpers/https-price-table.ts';
import { removeRoot, startTestVillage, TEMPLATE, type TestVillage } from './helpers/village-server.ts';

let certificate: TestCertificate;
let table: PriceTableServer;
let v: TestVillage;

beforeAll(async () => {
  certificate = makeTestCertificate();
  table = await startPriceTableServer(certificate);
  table.routes.set('/model_prices_and_context_window.json', { body: JSON.stringify(LITELLM_SAMPLE) });
  v = await startTestVillage({ priceTableCa: certificate.cert });
  await v.ready();
});
afterAll(async () => {
  await v?.close();
  await removeRoot(v.root);
  await table.close();
  certificate.remove();
});

describe('the price table over the API', () => {
  it('keeps the URL in app data, https only, and never in the village', async () => {
    expect(await v.ok('get_price_table_url')).toEqual({ url: null });
    const refused = await v.call<{ code: string; detail: string }>('set_price_table_url', {
      url: 'http://127.0.0.1:9/prices.json',
    });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ code: 'PRICE_URL_INVALID', detail: 'not_https' });

    const url = `${table.origin}/model_prices_and_context_window.json`;
    expect(await v.ok('set_price_table_url', { url })).toEqual({ url });
    expect(await v.ok('get_price_table_url')).toEqual({ url });
    expect(JSON.parse(await readFile(join(v.home, 'price_table.json'), 'utf8'))).toEqual({ url });
    // Its query may carry a token: readable by its owner only, like the other app-data files.
    if (process.platform !== 'win32') {
      expect((await stat(join(v.home, 'price_table.json'))).mode & 0o777).toBe(0o600);
    }
    const world = await readFile(join(v.workspace, 'world.json'), 'utf8');
    expect(world).not.toContain(table.origin);
    expect(await readdir(v.workspace)).not.toContain('price_table.json');
    // Saving the URL fetched nothing.
    expect(table.requests).toEqual([]);
  });

  it('answers the prices for the form without saving them into the template', async () => {
    const template = await v.ok<Record<string, unknown>>('upsert_template', {
      template: { ...TEMPLATE, model: 'claude-sonnet-4-5', inputPerMtok: 9 },
    });
    const fetched = await v.ok<Record<string, unknown>>('fetch_template_prices', {
      model: 'claude-sonnet-4-5',
    });
    expect(fetched).toMatchObject({
      model: 'claude-sonnet-4-5',
      ...SAMPLE_CLAUDE_FETCHED,
    });
    expect(table.requests).toEqual(['/model_prices_and_context_window.json']);
    const world = await v.ok<{ templates: Record<string, unknown>[] }>('get_world');
    const stored = world.templates.find((t) => t.id === template.id);
    expect(stored).toMatchObject({
      inputPerMtok: 9,
      outputPerMtok: null,
      contextLength: 128000,
      pricingAsOf: null,
    });
    const log = await readFile(join(v.workspace, 'fuseforks.log'), 'utf8');
    expect(log).toMatch(
      /pricing fetch: host=127\.0\.0\.1:\d+ model="claude-sonnet-4-5" outcome=filled entries=3 dropped=2 context=1/,
    );
    expect(log).not.toContain('model_prices_and_context_window');
  });

  it('reports a model the table does not have, a missing table and bad JSON as typed errors', async () => {
    const missing = await v.call<{ code: string }>('fetch_template_prices', { model: 'half-priced' });
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ code: 'PRICE_NOT_FOUND', detail: 'half-priced' });

    await v.ok('set_price_table_url', { url: `${table.origin}/gone.json` });
    const gone = await v.call('fetch_template_prices', { model: 'claude-sonnet-4-5' });
    expect(gone.status).toBe(502);
    expect(gone.body).toMatchObject({ code: 'PRICE_FETCH_FAILED', detail: 'http_404', retryable: true });

    table.routes.set('/html.json', { body: '<!doctype html>' });
    await v.ok('set_price_table_url', { url: `${table.origin}/html.json` });
    const bad = await v.call('fetch_template_prices', { model: 'claude-sonnet-4-5' });
    expect(bad.body).toMatchObject({ code: 'PRICE_TABLE_INVALID', detail: 'bad_json' });

    expect(await v.ok('set_price_table_url', { url: null })).toEqual({ url: null });
    const unset = await v.call('fetch_template_prices', { model: 'claude-sonnet-4-5' });
    expect(unset.status).toBe(409);
    expect(unset.body).toMatchObject({ code: 'PRICE_URL_UNSET' });
  });
});
