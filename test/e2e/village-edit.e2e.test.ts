/**
 * Editing the village in the UI: a group made through the in-app text prompt, a card dragged into
 * it (one commit_agent_drop), the group hidden from the map and the chat filter, a bond cut with the
 * confirm, and an icon picked as PNG that arrives as a 256 px WebP.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
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
import { pngBytes } from './png.ts';

interface WorldView {
  agents: { id: string; name: string; groupId: string | null }[];
  groups: { id: string; name: string }[];
  edges: { source: string; target: string }[];
}

let village: UiVillage;
let ui: UiSession;
let page: Page;

beforeAll(async () => {
  village = await startUiVillage('ja');
  const id = await fakeTemplate(village, 'echo:');
  for (const name of ['Zari', 'Jemmy'])
    await village.api('create_agent', { spec: { name, modelTemplateId: id } });
  await village.api('set_connections', { agentId: 'agent_1', connectedAgents: ['agent_2'] });
  ui = await openUi(village);
  page = ui.page;
  await page.getByTestId('agent-card').first().waitFor();
}, 60_000);
screenshotFailures('edit', () => page);
afterAll(async () => {
  await ui?.context.close();
  await closeBrowser();
  await village?.stop();
});

const world = () => village.api<WorldView>('get_world');

it('makes a group with the in-app prompt and drags a servant into it', async () => {
  await page.getByTestId('group-new').click();
  await page.getByTestId('confirm-input').fill('Team');
  await page.getByTestId('confirm-ok').click();
  const section = page.locator('[data-testid="agent-section"]').filter({ hasText: 'Team' });
  await section.waitFor();
  const groupId = (await world()).groups[0]!.id;

  const jemmy = page.locator('[data-testid="agent-card"][data-agent-id="agent_2"]');
  await jemmy.dragTo(section.locator('.cards'));
  await expect
    .poll(async () => (await world()).agents.find((a) => a.id === 'agent_2')!.groupId)
    .toBe(groupId);
  await section.locator('[data-testid="agent-card"][data-agent-id="agent_2"]').waitFor();
  await screenshot(page, '13-groups');
});

it('hides the group from the map and the chat filter, but not from the wiring', async () => {
  const section = page.locator('[data-testid="agent-section"]').filter({ hasText: 'Team' });
  await section.getByTestId('group-eye').click();
  await expect.poll(() => page.getByTestId('map-node').count()).toBe(1);
  expect(await page.getByTestId('map-summary').textContent()).toContain('非表示 1');
  const options = await page.getByTestId('chat-target').locator('option').allTextContents();
  expect(options.join()).not.toContain('Jemmy');
  expect((await world()).edges).toHaveLength(1);
  await section.getByTestId('group-eye').click();
  await expect.poll(() => page.getByTestId('map-node').count()).toBe(2);
});

it('cuts a bond after the confirm (and keeps it when cancelled)', async () => {
  const edge = page.locator('.vue-flow__edge').first();
  await edge.click({ force: true });
  await page.getByTestId('map-delete-edge').click();
  await page.getByTestId('confirm-cancel').click();
  expect((await world()).edges).toHaveLength(1);
  await edge.click({ force: true });
  await page.getByTestId('map-delete-edge').click();
  expect(await page.getByTestId('confirm-dialog').textContent()).toContain('Zari');
  await page.getByTestId('confirm-ok').click();
  await expect.poll(async () => (await world()).edges.length).toBe(0);
  await expect.poll(() => page.locator('.vue-flow__edge').count()).toBe(0);
});

it('draws a bond when a card is dropped on a map node, leaving order and groups alone', async () => {
  const before = await world();
  const zari = page.locator('[data-testid="agent-card"][data-agent-id="agent_1"]');
  await zari.dragTo(page.locator('[data-testid="map-node"][data-agent-id="agent_2"]'));
  await expect.poll(async () => (await world()).edges).toEqual([{ source: 'agent_1', target: 'agent_2' }]);
  const after = await world();
  expect(after.agents.map((a) => [a.id, a.groupId])).toEqual(before.agents.map((a) => [a.id, a.groupId]));
});

it('turns a picked PNG into a 256 px WebP icon on the card', async () => {
  await page.locator('[data-testid="agent-card"][data-agent-id="agent_1"]').getByTestId('agent-edit').click();
  await page.getByTestId('agent-tab-icon').click();
  await page
    .getByTestId('agent-icon-input')
    .setInputFiles({ name: 'zari.png', mimeType: 'image/png', buffer: pngBytes(400, 300) });
  await expect
    .poll(
      async () =>
        (await village.api<{ bytes: string | null }>('get_agent_icon', { agentId: 'agent_1' })).bytes !==
        null,
    )
    .toBe(true);
  const { bytes } = await village.api<{ bytes: string }>('get_agent_icon', { agentId: 'agent_1' });
  const webp = Buffer.from(bytes, 'base64');
  expect(webp.subarray(0, 4).toString('latin1')).toBe('RIFF');
  expect(webp.subarray(8, 12).toString('latin1')).toBe('WEBP');
  expect(webp.length).toBeLessThanOrEqual(512 * 1024);
  await page.keyboard.press('Escape');
  const img = page.locator('[data-testid="agent-card"][data-agent-id="agent_1"] img.avatar');
  await img.waitFor();
  expect(
    await img.evaluate((el) => [
      (el as { naturalWidth: number }).naturalWidth,
      (el as { naturalHeight: number }).naturalHeight,
    ]),
  ).toEqual([256, 256]);
  expect(ui.errors).toEqual([]);
});
