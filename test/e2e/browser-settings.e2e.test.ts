/**
 * The Browser page of the System settings in the real UI: Start shows the running Chromium and its
 * tabs, the evaluate switch really gates `act evaluate` (403 BROWSER_EVALUATE_DISABLED, then the
 * script's result), the counters count what ran, and Stop stops it.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  closeBrowser,
  openUi,
  screenshot,
  screenshotFailures,
  startUiVillage,
  type UiSession,
  type UiVillage,
} from './ui-harness.ts';

let village: UiVillage;
let ui: UiSession;
let page: Page;

beforeAll(async () => {
  village = await startUiVillage('ja');
  ui = await openUi(village);
  page = ui.page;
  await page.getByTestId('agent-list-empty').waitFor();
  // An empty village on a fresh profile opens with the first-run tour over the page.
  await page.getByTestId('tour').waitFor();
  await page.getByTestId('tour-skip').click();
  await page.getByTestId('tour').waitFor({ state: 'detached' });
}, 60_000);
screenshotFailures('browser-settings', () => page);
afterAll(async () => {
  // The service's Chromium must not outlive a failed test (the server stops it too on SIGTERM).
  await browserRoute('stop').catch(() => undefined);
  await ui?.context.close();
  await closeBrowser();
  await village?.stop();
});

/** `POST /api/browser/<route>` with the token, keeping the status (village.api throws on errors). */
async function browserRoute(route: string, body: Record<string, unknown> = {}) {
  const response = await fetch(`${new URL(village.url).origin}/api/browser/${route}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${village.token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

const evaluateSwitch = () => page.getByTestId('settings-browser-evaluate');
const state = () => page.getByTestId('settings-browser-state').getAttribute('data-running');
const tabsShown = async () => (await page.getByTestId('settings-browser-tabs').textContent())?.trim();
const counter = async (group: string, row: string) =>
  (
    await page.getByTestId(`settings-browser-counter-${group}-${row}`).locator('.value').textContent()
  )?.trim();
const evaluateSetting = async () => (await browserRoute('settings')).body.evaluateEnabled;

let targetId = '';

it('starts the browser from the Browser page and shows its process and tabs', async () => {
  await page.getByTestId('open-settings').click();
  await page.getByTestId('settings-page-browser').click();
  expect(await page.locator('#settings-page-title').textContent()).toBe('ブラウザ');
  await expect.poll(state).toBe('false');
  expect(await page.getByTestId('settings-browser-stop').isDisabled()).toBe(true);
  // Evaluate is on until someone turns it off (no browser.json yet).
  await expect.poll(() => evaluateSwitch().isChecked()).toBe(true);

  await page.getByTestId('settings-browser-start').click();
  await expect.poll(state, { timeout: 30_000 }).toBe('true');
  const status = (await browserRoute('status')).body;
  expect(status.running).toBe(true);
  expect(await page.getByTestId('settings-browser-pid').textContent()).toContain(String(status.pid));
  expect(await tabsShown()).toBe(String(status.tabs));
  expect(await page.getByTestId('settings-browser-start').isDisabled()).toBe(true);
  expect(await page.getByTestId('settings-browser-stop').isEnabled()).toBe(true);

  // A tab opened elsewhere shows up on Refresh.
  const opened = await browserRoute('tabs/open', { url: 'data:text/html,<title>t</title><p>hello</p>' });
  expect(opened.status).toBe(200);
  targetId = String(opened.body.targetId);
  await page.getByTestId('settings-browser-refresh').click();
  await expect.poll(tabsShown).toBe(String(Number(status.tabs) + 1));
  await screenshot(page, 'browser-settings-running');
});

it('refuses evaluate with 403 while the switch is off, and runs it once it is on again', async () => {
  await evaluateSwitch().click();
  await expect.poll(evaluateSetting).toBe(false);
  expect(await evaluateSwitch().isChecked()).toBe(false);
  expect(JSON.parse(await readFile(join(village.home, 'browser.json'), 'utf8'))).toEqual({
    evaluateEnabled: false,
  });
  const refused = await browserRoute('act', { kind: 'evaluate', targetId, fn: '() => 1' });
  expect(refused.status).toBe(403);
  expect(refused.body.code).toBe('BROWSER_EVALUATE_DISABLED');
  await screenshot(page, 'browser-settings-evaluate-off');

  await evaluateSwitch().click();
  await expect.poll(evaluateSetting).toBe(true);
  expect(await evaluateSwitch().isChecked()).toBe(true);
  const ran = await browserRoute('act', { kind: 'evaluate', targetId, fn: '() => 1' });
  expect(ran.status, JSON.stringify(ran.body)).toBe(200);
  expect(ran.body).toMatchObject({ ok: true, targetId, result: 1 });

  // Only the evaluate that ran is counted: the refused one never reached the tab.
  await page.getByTestId('settings-browser-refresh').click();
  await expect.poll(() => counter('evaluate', 'total')).toBe('1');
  expect(await counter('evaluate', 'timeouts')).toBe('0');
  expect(await counter('evaluate', 'aborts')).toBe('0');
  await screenshot(page, 'browser-settings-counters');
});

it('stops the browser', async () => {
  await page.getByTestId('settings-browser-stop').click();
  await expect.poll(state, { timeout: 30_000 }).toBe('false');
  expect((await browserRoute('status')).body.running).toBe(false);
  expect(await page.getByTestId('settings-browser-start').isEnabled()).toBe(true);
  expect(ui.errors).toEqual([]);
});
