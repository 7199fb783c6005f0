/**
 * What the page does when the village cannot open (the BOOT_FAILED overlay, then a retry after the
 * file is fixed) and when the server goes away and comes back (the socket reconnects and the page
 * fetches state again, so a change made meanwhile shows without a reload).
 */
import { mkdir, readFile, readdir, rm, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, afterEach, expect, it } from 'vitest';
import {
  closeBrowser,
  openUi,
  screenshot,
  startUiVillage,
  type UiVillage,
  fakeTemplate,
} from './ui-harness.ts';

const villages: UiVillage[] = [];
afterEach(async () => {
  for (const v of villages.splice(0)) await v.stop();
});
afterAll(closeBrowser);

it('shows BOOT_FAILED with the reason, and opens the village after the file is fixed and Retry', async () => {
  const village = await startUiVillage({
    waitReady: false,
    prepare: (workspace) => writeFile(join(workspace, 'world.json'), '{"agents": [ this is not json'),
  });
  villages.push(village);
  const { page, context } = await openUi(village);
  const overlay = page.getByTestId('boot-failed');
  await overlay.waitFor({ timeout: 30_000 });
  expect(await overlay.textContent()).toContain('BOOT_FAILED');
  await screenshot(page, '12-boot-failed');
  // Nothing was overwritten: the broken file is still there for the person to fix.
  expect(await readFile(join(village.workspace, 'world.json'), 'utf8')).toContain('this is not json');

  await rm(join(village.workspace, 'world.json'));
  await page.getByRole('button', { name: '再試行' }).click();
  await overlay.waitFor({ state: 'detached', timeout: 30_000 });
  await page.getByTestId('agent-list-empty').waitFor();
  await context.close();
}, 60_000);

it('says in the status bar that conversations are not saved when the store was refused', async () => {
  let outside = '';
  const village = await startUiVillage({
    language: 'en',
    prepare: async (workspace) => {
      outside = join(workspace, '..', 'outside');
      await mkdir(outside);
      await symlink(join(outside, 'db'), join(workspace, 'sessions.sqlite'));
    },
  });
  villages.push(village);
  const { page, context } = await openUi(village);
  const warning = page.locator('[data-testid="boot-warning"][data-code="SESSION_STORE_FAILED"]');
  await warning.waitFor({ timeout: 30_000 });
  expect(await warning.textContent()).toContain('Conversations are not being saved');
  expect(await warning.getAttribute('title')).toContain(
    'sessions.sqlite in the workspace: it is a symbolic link',
  );
  expect(await readdir(outside)).toEqual([]);
  await screenshot(page, '13-store-refused');
  await context.close();
}, 60_000);

it('reconnects after the server restarts and shows what changed while it was away', async () => {
  const village = await startUiVillage('ja');
  villages.push(village);
  const id = await fakeTemplate(village, 'echo:');
  await village.api('create_agent', { spec: { name: 'Zari', modelTemplateId: id } });
  await village.api('set_language', { language: 'ja' });
  const { page, context, errors } = await openUi(village);
  const card = page.getByTestId('agent-card');
  await card.waitFor();
  expect(await card.textContent()).toContain('Zari');

  await village.pause();
  await page.getByText('再接続中…').waitFor();
  // Renamed on disk while no server runs: no event can tell the page, only a fresh fetch.
  const path = join(village.workspace, 'world.json');
  const world = JSON.parse(await readFile(path, 'utf8')) as { agents: { name: string }[] };
  world.agents[0]!.name = 'Zara';
  await writeFile(path, JSON.stringify(world, null, 2));
  await village.resume();

  await page.getByTestId('agent-card').filter({ hasText: 'Zara' }).waitFor({ timeout: 20_000 });
  await page.getByText('再接続中…').waitFor({ state: 'detached' });
  // The socket is live again: an event after the reconnect reaches the page.
  await village.api('update_agent', { spec: { id: 'agent_1', name: 'Zora' } });
  await page.getByTestId('agent-card').filter({ hasText: 'Zora' }).waitFor();
  // Failed reconnects are logged by the browser with their URL: the token is never in it.
  expect(errors.join('\n')).not.toContain(village.token);
  expect(errors.filter((e) => !e.includes('Failed to load resource') && !e.includes('WebSocket'))).toEqual(
    [],
  );
  await context.close();
}, 90_000);
