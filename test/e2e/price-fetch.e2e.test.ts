/**
 * The pricing section's Fetch button in the real UI, against a real local HTTPS price table (a
 * self-signed certificate the server process trusts through NODE_EXTRA_CA_CERTS, the standard Node
 * switch; the app itself has no test-only path). The button fills the form and saves nothing; a
 * table without a window says so in the note's second sentence; a failure keeps the old values.
 * The table server counts requests: nothing is fetched on start, on opening the editor or on focus.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  LITELLM_SAMPLE,
  makeTestCertificate,
  startPriceTableServer,
  type PriceTableServer,
  type TestCertificate,
} from '../helpers/https-price-table.ts';
import {
  closeBrowser,
  fakeTemplate,
  openUi,
  screenshot,
  screenshotFailures,
  startUiVillage,
  type UiSession,
  type UiVillage,
} from './ui-harness.ts';

let certificate: TestCertificate;
let table: PriceTableServer;
let village: UiVillage;
let ui: UiSession;
let page: Page;
let templateId: string;

interface World {
  templates: Record<string, unknown>[];
}

beforeAll(async () => {
  certificate = makeTestCertificate();
  table = await startPriceTableServer(certificate);
  table.routes.set('/model_prices_and_context_window.json', { body: JSON.stringify(LITELLM_SAMPLE) });
  village = await startUiVillage({ language: 'ja', env: { NODE_EXTRA_CA_CERTS: certificate.certPath } });
  templateId = await fakeTemplate(village, 'http://127.0.0.1:9/v1', {
    model: 'claude-sonnet-4-5',
    cacheWrite1hPerMtok: 99,
    pricingAsOf: '2025-01-01',
  });
  // A second template to switch to: the URL is the device's, one for both.
  await fakeTemplate(village, 'https://api.openai.com/v1', {
    name: 'Other',
    model: 'gpt-5',
    provider: 'open_ai_responses',
  });
  ui = await openUi(village);
  page = ui.page;
  // A template exists, so the first-run tour stays away.
  await page.getByTestId('open-templates').waitFor();
}, 60_000);
screenshotFailures('price-fetch', () => page);
afterAll(async () => {
  await ui?.context.close();
  await closeBrowser();
  await village?.stop();
  await table?.close();
  certificate?.remove();
});

const value = (testId: string) => page.getByTestId(testId).inputValue();
const savedTemplate = async () =>
  (await village.api<World>('get_world')).templates.find((t) => t.id === templateId)!;

it('fetches nothing on start, on opening the editor or on focus', async () => {
  await page.getByTestId('open-templates').click();
  await page.getByTestId('templates-dialog').waitFor();
  await page.getByTestId('template-price-table-url').focus();
  await page
    .getByTestId('template-price-table-url')
    .fill(`${table.origin}/model_prices_and_context_window.json`);
  await page.getByTestId('template-model').focus();
  expect(table.requests).toEqual([]);
});

it('keeps a typed, not yet fetched URL across a template switch, and says it is not saved', async () => {
  const typed = `${table.origin}/model_prices_and_context_window.json`;
  const unsaved = page.getByTestId('template-price-table-url-unsaved');
  expect(await unsaved.textContent()).toContain('まだ保存していません');
  await page.getByTestId('template-row').filter({ hasText: 'Other' }).click();
  await expect.poll(async () => value('template-model')).toBe('gpt-5');
  expect(await value('template-price-table-url')).toBe(typed);
  expect(await unsaved.count()).toBe(1);
  // The same editor, on OpenAI Responses with a reasoning model: its path, and no temperature for it.
  expect(await page.getByTestId('template-base-url-path').textContent()).toContain('/responses');
  expect(await page.getByTestId('template-temperature-note').textContent()).toContain('gpt-5 には送りません');
  await page.getByTestId('template-row').filter({ hasText: 'Fake' }).click();
  await expect.poll(async () => value('template-model')).toBe('claude-sonnet-4-5');
  expect(await value('template-price-table-url')).toBe(typed);
  expect(await page.getByTestId('template-base-url-path').textContent()).toContain('/chat/completions');
  expect(table.requests).toEqual([]);
});

it('fills the five prices, today and the window from the table, and saves nothing', async () => {
  await page.getByTestId('template-price-fetch').click();
  const note = page.getByTestId('template-price-fetch-note');
  await note.waitFor();
  expect(table.requests).toEqual(['/model_prices_and_context_window.json']);
  expect(await value('template-price-inputPerMtok')).toBe('3');
  expect(await value('template-price-outputPerMtok')).toBe('15');
  expect(await value('template-price-cacheReadPerMtok')).toBe('0.3');
  expect(await value('template-price-cacheWritePerMtok')).toBe('3.75');
  expect(await value('template-price-cacheWrite1hPerMtok')).toBe('6');
  expect(await value('template-context-length')).toBe('200000');
  const asOf = await value('template-pricing-as-of');
  expect(asOf).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  expect(asOf).not.toBe('2025-01-01');
  const text = (await note.textContent()) ?? '';
  expect(text).toContain('入力・出力・キャッシュ読み取り');
  expect(text).toContain('コンテキスト長');
  expect(text).toContain('まだ保存していません');
  expect(text).not.toContain('入れていません');
  await screenshot(page, 'price-fetch-filled');

  // Nothing was saved: the template is as it was until the person presses Save.
  expect(await savedTemplate()).toMatchObject({
    inputPerMtok: null,
    cacheWrite1hPerMtok: 99,
    contextLength: 128000,
    pricingAsOf: '2025-01-01',
  });
  // The URL went to this device's app data, not to the village.
  expect(JSON.parse(await readFile(join(village.home, 'price_table.json'), 'utf8'))).toEqual({
    url: `${table.origin}/model_prices_and_context_window.json`,
  });
  expect(await readFile(join(village.workspace, 'world.json'), 'utf8')).not.toContain(table.origin);
});

it('says in the second sentence that the window was not filled, and leaves it', async () => {
  await page.getByTestId('template-context-length').fill('64000');
  await page.getByTestId('template-price-cacheWrite1hPerMtok').fill('7');
  await page.getByTestId('template-model').fill('gpt-4o-mini');
  await page.getByTestId('template-price-fetch').click();
  const note = page.getByTestId('template-price-fetch-note');
  await expect
    .poll(async () => note.textContent())
    .toContain('コンテキスト長は表に gpt-4o-mini の値が無いため入れていません。');
  expect(await value('template-price-inputPerMtok')).toBe('0.15');
  expect(await value('template-price-outputPerMtok')).toBe('0.6');
  // Not in the table: left as typed.
  expect(await value('template-price-cacheWrite1hPerMtok')).toBe('7');
  expect(await value('template-context-length')).toBe('64000');
});

it('keeps the values and says why when the model is not in the table, or the table cannot be reached', async () => {
  await page.getByTestId('template-model').fill('no-such-model');
  await page.getByTestId('template-price-fetch').click();
  const error = page.getByTestId('template-price-fetch-error');
  await expect.poll(async () => error.textContent()).toContain('「no-such-model」の使える単価がありません');
  expect(await value('template-price-inputPerMtok')).toBe('0.15');

  await page.getByTestId('template-price-table-url').fill('http://127.0.0.1:9/prices.json');
  await page.getByTestId('template-price-fetch').click();
  await expect.poll(async () => error.textContent()).toContain('https:// で始まる URL');

  await table.close();
  await page
    .getByTestId('template-price-table-url')
    .fill(`${table.origin}/model_prices_and_context_window.json`);
  // The error was about the URL being replaced: it goes as soon as the person types.
  expect(await error.count()).toBe(0);
  await page.getByTestId('template-model').fill('claude-sonnet-4-5');
  await page.getByTestId('template-price-fetch').click();
  await expect.poll(async () => error.textContent()).toContain('接続できませんでした');
  expect(await value('template-price-inputPerMtok')).toBe('0.15');
  expect(await value('template-context-length')).toBe('64000');
  await screenshot(page, 'price-fetch-offline');

  // Save is still the person's step, and it stores what the form shows.
  await page.getByTestId('template-save').click();
  await expect.poll(async () => (await savedTemplate()).inputPerMtok).toBe(0.15);
  expect(await savedTemplate()).toMatchObject({
    outputPerMtok: 0.6,
    cacheWrite1hPerMtok: 7,
    contextLength: 64000,
  });
});
