/**
 * Opening a search result deep in a long conversation (issue 22): of 3,000 messages only the newest
 * page is loaded, a word only in message #20 is searched for, and choosing the result pages the older
 * messages in, scrolls the virtual list to that message and marks it, in the view.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { seedConversation, seededText } from './chat-seed.ts';
import {
  closeBrowser,
  openUi,
  screenshotFailures,
  startUiVillage,
  type UiSession,
  type UiVillage,
} from './ui-harness.ts';

const COUNT = 3_000;
const DEEP = 20;
const WORD = 'kingfisher';
let village: UiVillage;
let ui: UiSession;
let page: Page;

beforeAll(async () => {
  village = await startUiVillage({
    language: 'en',
    prepare: (workspace) =>
      seedConversation(workspace, COUNT, 'agent_1', (i) =>
        i === DEEP ? `Message ${i} about the ${WORD} by the river` : seededText(i),
      ),
  });
  // A template and a servant, so the first-run tour stays away.
  const { id } = await village.api<{ id: string }>('upsert_template', {
    template: { name: 'Echo', baseUrl: 'echo:', model: 'echo', credential: 'not_required' },
  });
  await village.api('create_agent', { spec: { name: 'Ava', modelTemplateId: id } });
  ui = await openUi(village, { locale: 'en-US' });
  page = ui.page;
  await page.getByTestId('chat-row').first().waitFor();
}, 60_000);
screenshotFailures('chat-reveal', () => page);
afterAll(async () => {
  await ui?.context.close();
  await closeBrowser();
  await village?.stop();
});

it('opens a search result at message #20 of 3,000: paged in, scrolled to and marked', async () => {
  await expect
    .poll(() => page.getByText(`Message ${COUNT - 2}`, { exact: false }).count())
    .toBeGreaterThan(0);
  // Only the newest page is loaded: the message is not drawn, nor even in the page's memory.
  expect(await page.locator(`[data-message-id="seed-${DEEP}"]`).count()).toBe(0);
  await page.getByTestId('open-sessions').click();
  await page.getByTestId('session-list').waitFor();
  await page.getByTestId('session-search-input').fill(WORD);
  const hit = page.getByTestId('session-search-hit').first();
  await hit.waitFor();
  expect(await page.getByTestId('session-search-hit').count()).toBe(1);
  await hit.click();
  await page.getByTestId('sessions-dialog').waitFor({ state: 'detached' });
  const revealed = page.locator('[data-testid="chat-message"][data-revealed="true"]');
  await expect.poll(() => revealed.count(), { timeout: 15_000 }).toBe(1);
  expect(await revealed.getAttribute('data-message-id')).toBe(`seed-${DEEP}`);
  expect(await revealed.getByTestId('chat-content').textContent()).toContain(WORD);
  // In the view of the list, not just in the DOM.
  const inView = await revealed.evaluate((row) => {
    const flow = row.closest('[data-testid="chat-flow"]')!.getBoundingClientRect();
    const box = row.getBoundingClientRect();
    return box.bottom > flow.top && box.top < flow.bottom;
  });
  expect(inView).toBe(true);
  expect(await page.getByTestId('chat-jump-latest').count()).toBe(1);
});
