/**
 * The virtualised conversation list in the real UI (issue 22): a 3,000-message conversation draws
 * only a window of rows, scrolling up loads older pages from the server without moving the view, a
 * new message while scrolled up shows "Jump to latest" with a count and leaves the view alone, and
 * the button goes to the latest message.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { seedConversation } from './chat-seed.ts';
import {
  closeBrowser,
  openUi,
  screenshotFailures,
  startUiVillage,
  until,
  type UiSession,
  type UiVillage,
} from './ui-harness.ts';

const COUNT = 3_000;
let village: UiVillage;
let ui: UiSession;
let page: Page;

beforeAll(async () => {
  village = await startUiVillage({
    language: 'en',
    prepare: (workspace) => seedConversation(workspace, COUNT),
  });
  // A template and a servant (stopped), so the first-run tour stays away; it is started later.
  const { id } = await village.api<{ id: string }>('upsert_template', {
    template: { name: 'Echo', baseUrl: 'echo:', model: 'echo', credential: 'not_required' },
  });
  await village.api('create_agent', { spec: { name: 'Ava', modelTemplateId: id } });
  ui = await openUi(village, { locale: 'en-US' });
  page = ui.page;
  await page.getByTestId('chat-row').first().waitFor();
}, 60_000);
screenshotFailures('chat-virtual', () => page);
afterAll(async () => {
  await ui?.context.close();
  await closeBrowser();
  await village?.stop();
});

const flow = () => page.getByTestId('chat-flow');
const rowCount = () => page.getByTestId('chat-row').count();
const scrollTop = () => flow().evaluate((el) => el.scrollTop);
/**
 * Scrolls to `to` (when given), then says which message is at the top of the view and where: read two
 * frames after the scroll, before the page the scroll asks for is back from the server.
 */
const firstVisible = (to: number | null = null) =>
  page.evaluate<{ text: string; offset: number } | null>(`(async () => {
    const el = document.querySelector('[data-testid="chat-flow"]');
    if (${JSON.stringify(to)} !== null) el.scrollTop = ${JSON.stringify(to)};
    // Two frames for the list to draw the rows of the new position.
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    const viewTop = el.getBoundingClientRect().top;
    for (const row of el.querySelectorAll('[data-testid="chat-row"]')) {
      const box = row.getBoundingClientRect();
      if (box.bottom > viewTop + 1) {
        const text = row.querySelector('[data-testid="chat-content"]')?.textContent ?? '';
        return { text: text.trim(), offset: Math.round(box.top - viewTop) };
      }
    }
    return null;
  })()`);
const loadedHeight = () =>
  page.evaluate<number>(`document.querySelector('[data-testid="chat-rows"]').clientHeight`);

it('opens at the latest message and draws only a window of the rows', async () => {
  await expect.poll(() => page.getByText('Message 2998', { exact: false }).count()).toBeGreaterThan(0);
  const drawn = await rowCount();
  expect(drawn).toBeGreaterThan(3);
  expect(drawn).toBeLessThan(60);
  const atBottom = await flow().evaluate((el) => el.scrollHeight - el.scrollTop - el.clientHeight < 80);
  expect(atBottom).toBe(true);
  await expect.poll(() => page.getByTestId('chat-jump-latest').count()).toBe(0);
});

it('typing in the input changes nothing in the list DOM (the draft feeds no row)', async () => {
  await page.evaluate(`(() => {
    window.__rowMutations = 0;
    window.__lastRowMutation = performance.now();
    new MutationObserver((records) => {
      window.__rowMutations += records.length;
      window.__lastRowMutation = performance.now();
    }).observe(
      document.querySelector('[data-testid="chat-rows"]'),
      { subtree: true, childList: true, attributes: true, characterData: true },
    );
  })()`);
  // The rows just drawn still get their code coloured in idle slices (lib/idle-queue.ts): that is
  // the list's own work, not the draft's, so the count starts once the list has been still a while.
  await expect
    .poll(() => page.evaluate<number>('performance.now() - window.__lastRowMutation'), { timeout: 10_000 })
    .toBeGreaterThan(500);
  await page.evaluate('window.__rowMutations = 0');
  await page.getByTestId('chat-input').click();
  await page.keyboard.type('a draft that is never sent', { delay: 10 });
  await page.waitForTimeout(200);
  expect(await page.evaluate<number>('window.__rowMutations')).toBe(0);
  await page.getByTestId('chat-input').fill('');
});

it('scrolls from the keyboard: the list takes focus, PageUp goes up, End comes back', async () => {
  await flow().focus();
  const bottom = await scrollTop();
  await page.keyboard.press('PageUp');
  await expect.poll(scrollTop).toBeLessThan(bottom);
  await page.keyboard.press('End');
  await expect
    .poll(() => flow().evaluate((el) => el.scrollHeight - el.scrollTop - el.clientHeight < 80))
    .toBe(true);
});

it('loads older pages as the reader scrolls up, keeping the row in view where it was', async () => {
  await page.waitForTimeout(300);
  const heightBefore = await loadedHeight();
  const anchor = await firstVisible(200);
  expect(anchor).not.toBeNull();
  // A page of 200 messages goes above: thousands of pixels more, and the same row still in view.
  await until(loadedHeight, (h) => h > heightBefore + 4_000, 'an older page above');
  await expect.poll(scrollTop).toBeGreaterThan(4_000);
  await page.waitForTimeout(300);
  const after = await firstVisible();
  expect(after?.text).toBe(anchor!.text);
  expect(Math.abs(after!.offset - anchor!.offset)).toBeLessThan(4);
  // Scrolling to the very top again and again reaches the first message of the conversation.
  for (let i = 0; i < 40; i++) {
    await flow().evaluate((el) => (el.scrollTop = 0));
    await page.waitForTimeout(100);
    if ((await page.getByText('Message 0', { exact: true }).count()) > 0) break;
  }
  await expect.poll(() => page.getByText('Message 0', { exact: true }).count()).toBe(1);
  expect(await rowCount()).toBeLessThan(60);
});

it('a new message while scrolled up shows "Jump to latest" and does not move the view; the button jumps', async () => {
  await flow().evaluate((el) => (el.scrollTop = el.scrollHeight / 2));
  await page.waitForTimeout(300);
  const before = await firstVisible();
  const top = await scrollTop();
  await expect.poll(() => page.getByTestId('chat-jump-latest').textContent()).toBe('Jump to latest');
  // A System line arrives (a servant starts): not the person's own message, so the view stays.
  await village.api('start_agent', { agentId: 'agent_1' });
  await expect
    .poll(() => page.getByTestId('chat-jump-latest').textContent())
    .toMatch(/Jump to latest \(\d+ new\)/);
  expect(await scrollTop()).toBe(top);
  expect(await firstVisible()).toEqual(before);
  await page.getByTestId('chat-jump-latest').click();
  await expect
    .poll(() => page.getByText('(Ava) started running', { exact: false }).count())
    .toBeGreaterThan(0);
  await expect
    .poll(() => flow().evaluate((el) => el.scrollHeight - el.scrollTop - el.clientHeight < 80))
    .toBe(true);
  await expect.poll(() => page.getByTestId('chat-jump-latest').count()).toBe(0);
});

it('a request sent from elsewhere leaves a scrolled-up view alone; the person’s own send goes to the bottom', async () => {
  await flow().evaluate((el) => (el.scrollTop = el.scrollHeight / 2));
  await page.waitForTimeout(300);
  const top = await scrollTop();
  await expect.poll(() => page.getByTestId('chat-jump-latest').textContent()).toBe('Jump to latest');
  // From the API (another tab would be the same): new like a reply, counted, the view kept.
  await village.api('send_user_message', { to: 'agent_1', content: 'sent from elsewhere' });
  await expect
    .poll(() => page.getByTestId('chat-jump-latest').textContent())
    .toMatch(/Jump to latest \(\d+ new\)/);
  await page.waitForTimeout(300);
  expect(await scrollTop()).toBe(top);
  // The person's own send from this tab: the view follows it to the bottom.
  await page.getByTestId('chat-input').fill('sent from this tab');
  await page.getByTestId('chat-send').click();
  await expect
    .poll(() => flow().evaluate((el) => el.scrollHeight - el.scrollTop - el.clientHeight < 80))
    .toBe(true);
  await expect.poll(() => page.getByText('sent from this tab', { exact: true }).count()).toBeGreaterThan(0);
  await expect.poll(() => page.getByTestId('chat-jump-latest').count()).toBe(0);
  expect(ui.errors).toEqual([]);
});
