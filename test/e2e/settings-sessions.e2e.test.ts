/**
 * Settings and the conversation list in the real UI: user name (it reaches the envelope the model
 * sees), token limit, theme, zoom, tour replay; a role and the Ordinance written through their
 * dialogs; a fork that puts the original request back into the input, export and delete.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { FakeProvider, textReply } from '../fakes/fake-provider.ts';
import {
  closeBrowser,
  openUi,
  screenshot,
  startUiVillage,
  type UiSession,
  type UiVillage,
  screenshotFailures,
  fakeTemplate,
} from './ui-harness.ts';

let fake: FakeProvider;
let village: UiVillage;
let ui: UiSession;
let page: Page;

beforeAll(async () => {
  fake = await new FakeProvider().start();
  village = await startUiVillage('ja');
  const id = await fakeTemplate(village, fake.baseUrl);
  await village.api('create_agent', { spec: { name: 'Zari', modelTemplateId: id } });
  await village.api('start_agent', { agentId: 'agent_1' });
  ui = await openUi(village);
  page = ui.page;
  await page.getByTestId('agent-card').waitFor();
}, 60_000);
screenshotFailures('settings', () => page);
afterAll(async () => {
  await ui?.context.close();
  await closeBrowser();
  await village?.stop();
  await fake?.stop();
});

const settings = () =>
  village.api<{ settings: { userName: string | null; tokenBudget: number | null } }>('get_world');

async function openSettings(pageId: string) {
  if ((await page.getByTestId('settings-dialog').count()) === 0)
    await page.getByTestId('open-settings').click();
  await page.getByTestId(`settings-page-${pageId}`).click();
}

it('saves the user name, which the model then sees in the envelope', async () => {
  await openSettings('user');
  await page.getByTestId('settings-user-name').fill('Kaito');
  await page.getByTestId('settings-user-save').click();
  await expect.poll(async () => (await settings()).settings.userName).toBe('Kaito');
  // The page has taken the saved name (nothing left to save) before the dialog is closed.
  await expect.poll(() => page.getByTestId('settings-user-save').getAttribute('data-clean')).toBe('true');
  await page.keyboard.press('Escape');
  await page.getByTestId('settings-dialog').waitFor({ state: 'detached' });

  fake.enqueue({ body: textReply('openai', 'hello Kaito') });
  await page.getByTestId('chat-input').fill('who am I?');
  await page.getByTestId('chat-send').click();
  await page.getByTestId('chat-message').filter({ hasText: 'hello Kaito' }).waitFor({ timeout: 30_000 });
  expect(JSON.stringify(fake.requests.at(-1)!.body)).toContain('【送り手: Kaito】');
  // The person's own rows carry the name too.
  expect(
    await page.locator('[data-testid="chat-message"][data-from="user"]').first().textContent(),
  ).toContain('Kaito');
});

it('sets the token limit in effective tokens, refusing 0, and switches to unlimited', async () => {
  await openSettings('tokens');
  await page.getByTestId('settings-token-limited').check();
  await page.getByTestId('settings-token-limit').fill('0');
  expect(await page.getByTestId('settings-token-save').isDisabled()).toBe(true);
  await page.getByTestId('settings-token-limit').fill('250000');
  await page.getByTestId('settings-token-save').click();
  await expect.poll(async () => (await settings()).settings.tokenBudget).toBe(250_000);
  await expect.poll(() => page.getByTestId('settings-token-save').getAttribute('data-clean')).toBe('true');
  await page.getByTestId('settings-token-unlimited').check();
  await page.getByTestId('settings-token-save').click();
  await expect.poll(async () => (await settings()).settings.tokenBudget).toBeNull();
  await expect.poll(() => page.getByTestId('settings-token-save').getAttribute('data-clean')).toBe('true');
});

it('applies theme and conversation zoom at once, kept on this device only', async () => {
  await openSettings('theme');
  await page.getByTestId('settings-theme-dark').click();
  expect(await page.locator('html').getAttribute('data-theme')).toBe('dark');
  await openSettings('zoom');
  await page.getByTestId('settings-zoom').selectOption('1.25');
  // Page-side expressions as strings: this file is type-checked without the DOM library.
  expect(
    await page.evaluate("getComputedStyle(document.documentElement).getPropertyValue('--chat-zoom').trim()"),
  ).toBe('1.25');
  const stored = await page.evaluate("JSON.parse(localStorage.getItem('fuseforks.settings.v1') ?? '{}')");
  expect(stored).toMatchObject({ theme: 'dark', chatZoom: 1.25 });
  await screenshot(page, '15-settings-dark');
  await openSettings('tour');
  await page.getByTestId('settings-tour-replay').click();
  await page.getByTestId('tour').waitFor();
  await page.getByTestId('tour-skip').click();
  await page.getByTestId('tour').waitFor({ state: 'detached' });
});

it('writes a role and the Ordinance through their dialogs', async () => {
  await page.getByTestId('open-roles').click();
  await page.getByTestId('role-new').click();
  await page.getByTestId('role-name').fill('調査役');
  await page.getByTestId('role-save').click();
  await expect
    .poll(async () =>
      (await village.api<{ roles: { name: string }[] }>('get_world')).roles.map((r) => r.name),
    )
    .toEqual(['調査役']);
  await page.getByTestId('role-row').filter({ hasText: '調査役' }).waitFor();
  await expect.poll(() => page.getByTestId('role-save').getAttribute('data-clean')).toBe('true');
  await page.keyboard.press('Escape');
  await page.getByTestId('roles-dialog').waitFor({ state: 'detached' });

  await page.getByTestId('open-ordinance').click();
  await page.getByTestId('ordinance-text').fill('# 村の掟\n丁寧に答えること。');
  await page.getByTestId('ordinance-save').click();
  const readOrdinance = async () => {
    const ordinance = await village.api<{ content: string } | string>('read_ordinance');
    return typeof ordinance === 'string' ? ordinance : ordinance.content;
  };
  await expect.poll(readOrdinance).toContain('丁寧に答えること。');
  // The dialog has taken the saved text (nothing left to save) before it is closed.
  await expect.poll(() => page.getByTestId('ordinance-save').getAttribute('data-clean')).toBe('true');
  await page.keyboard.press('Escape');
  await page.getByTestId('ordinance-dialog').waitFor({ state: 'detached' });
});

it('forks at a request (the request comes back into the input, unsent), exports and deletes', async () => {
  const original = await village.api<{ id: string }>('current_session');
  await page.getByTestId('open-sessions').click();
  await page.getByTestId('sessions-dialog').waitFor();
  const row = page.locator(`[data-testid="session-row"][data-session-id="${original.id}"]`);
  await row.getByTestId('session-export').click();
  await page.getByTestId('toast').filter({ hasText: 'exports' }).waitFor();

  await row.getByTestId('session-fork').click();
  const point = page.getByTestId('fork-point').filter({ hasText: 'who am I?' });
  await point.locator('button').first().click();
  await page
    .getByTestId('sessions-dialog')
    .waitFor({ state: 'detached' })
    .catch(() => page.keyboard.press('Escape'));
  await expect.poll(() => page.getByTestId('chat-input').inputValue()).toBe('who am I?');
  const forked = await village.api<{ id: string; meta: { parentId?: string } }>('current_session');
  expect(forked.meta.parentId).toBe(original.id);
  expect(await page.getByTestId('chat-message').filter({ hasText: 'hello Kaito' }).count()).toBe(0);

  await page.getByTestId('open-sessions').click();
  await page.getByTestId('sessions-dialog').waitFor();
  const before = (await village.api<unknown[]>('list_sessions')).length;
  await page
    .locator(`[data-testid="session-row"][data-session-id="${original.id}"]`)
    .getByTestId('session-delete')
    .click();
  await page.getByTestId('confirm-ok').click();
  await expect.poll(async () => (await village.api<unknown[]>('list_sessions')).length).toBe(before - 1);
  expect(ui.errors).toEqual([]);
});
