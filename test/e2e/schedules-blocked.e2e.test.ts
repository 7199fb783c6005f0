/**
 * A village whose schedules.json is not JSON: the server starts, and the Schedule screen says the file
 * could not be read (nothing runs, changes are refused) instead of "No schedules yet", with "New" off.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  closeBrowser,
  openUi,
  screenshotFailures,
  startUiVillage,
  type UiSession,
  type UiVillage,
} from './ui-harness.ts';

let village: UiVillage;
let ui: UiSession;
let page: Page;

beforeAll(async () => {
  village = await startUiVillage({
    language: 'en',
    prepare: (workspace) => writeFile(join(workspace, 'schedules.json'), '[{"id": broken'),
  });
  ui = await openUi(village, { locale: 'en-US' });
  page = ui.page;
}, 60_000);
screenshotFailures('schedules-blocked', () => page);
afterAll(async () => {
  await ui?.context.close();
  await closeBrowser();
  await village?.stop();
});

it('says schedules.json could not be read and offers no new schedule', async () => {
  // An empty village opens with the first-run tour.
  await page.getByTestId('tour').waitFor();
  await page.getByTestId('tour-skip').click();
  await page.getByTestId('tour').waitFor({ state: 'detached' });
  await page.getByTestId('open-schedules').click();
  await page.getByTestId('schedules-dialog').waitFor();
  expect(await page.getByTestId('schedules-blocked').innerText()).toContain('could not be read');
  expect(await page.getByTestId('schedules-empty').count()).toBe(0);
  expect(await page.getByTestId('schedule-add').isDisabled()).toBe(true);
});
