/**
 * First contact in the real UI (issue 25): the village-wide mcp.json edited in the MCP dialog (a bad
 * save shows its problem at the field and loses nothing, the file on disk unchanged; a good save is
 * listed), the outside client's display name set in the same dialog and shown on the conversation
 * rows (with the outside clients' icon) of a request made through the door by the SDK's real
 * client, and "Test connection" in the
 * template editor.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { connectClient, freePort } from '../../src/mcp/door/test-kit.ts';
import { FakeProvider, textReply } from '../fakes/fake-provider.ts';
import { pngBytes } from './png.ts';
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

let fake: FakeProvider;
let village: UiVillage;
let ui: UiSession;
let page: Page;
let door: { token: string; status: { url: string } };

beforeAll(async () => {
  fake = await new FakeProvider().start();
  village = await startUiVillage({ language: 'en' });
  const id = await fakeTemplate(village, fake.baseUrl);
  await village.api('create_agent', { spec: { id: 'desk', name: 'Desk', modelTemplateId: id } });
  await village.api('start_agent', { agentId: 'desk' });
  await village.api('set_reception', { agentId: 'desk' });
  door = await village.api('set_mcp_server_settings', { enabled: true, port: await freePort() });
  ui = await openUi(village, { locale: 'en-US' });
  page = ui.page;
  await page.getByTestId('agent-card').waitFor();
}, 60_000);
screenshotFailures('first-contact', () => page);
afterAll(async () => {
  await ui?.context.close();
  await closeBrowser();
  await village?.stop();
  await fake?.stop();
});

const sharedFile = () => join(village.workspace, 'mcp.json');
const editor = () => page.getByTestId('mcp-shared-json');

async function openMcpDialog(): Promise<void> {
  if (!(await page.getByTestId('mcp-dialog').isVisible())) await page.getByTestId('open-mcp').click();
  await page.getByTestId('mcp-dialog').waitFor();
  await expect.poll(() => editor().isEnabled()).toBe(true);
}

it('the shared mcp.json: a bad save keeps the text and the file, a good one is saved and listed', async () => {
  await openMcpDialog();
  expect(existsSync(sharedFile())).toBe(false);

  // Not JSON: the page's own check, at the field, with where it fails.
  const broken = '{"mcpServers": {"fs": ';
  await editor().fill(broken);
  await page.getByTestId('mcp-shared-save').click();
  await expect
    .poll(() => page.getByTestId('mcp-shared-problem').innerText())
    .toMatch(/Not valid JSON \(line 1/);
  expect(await editor().inputValue()).toBe(broken);
  expect(await editor().getAttribute('aria-invalid')).toBe('true');
  // The problem was about that text: typing clears it (the next Save checks again).
  await editor().press('End');
  await editor().type(' ');
  await expect.poll(() => page.getByTestId('mcp-shared-problem').count()).toBe(0);

  // Valid JSON the core refuses (an entry with neither command nor url): its message, text kept, no file.
  const refused = JSON.stringify({ mcpServers: { neither: { args: ['x'] } } }, null, 2);
  await editor().fill(refused);
  await page.getByTestId('mcp-shared-save').click();
  const error = page.getByTestId('mcp-shared-error');
  await expect.poll(() => error.innerText()).toContain('Not saved. Your text is kept as it is');
  expect(await error.innerText()).toContain('neither');
  expect(await editor().inputValue()).toBe(refused);
  expect(existsSync(sharedFile())).toBe(false);
  await screenshot(page, 'first-contact-shared-mcp-refused');

  // A good file: written as typed, and the shared set lists its server.
  const good = JSON.stringify(
    { mcpServers: { tidy: { command: process.execPath, args: ['-e', '0'], enabled: false } } },
    null,
    2,
  );
  await editor().fill(good);
  await page.getByTestId('mcp-shared-save').click();
  await expect.poll(() => (existsSync(sharedFile()) ? readFileSync(sharedFile(), 'utf8') : '')).toBe(good);
  await expect.poll(() => page.getByTestId('mcp-shared-error').count()).toBe(0);
  const shared = page.getByTestId('mcp-config').filter({ hasText: 'Whole village (mcp.json)' });
  await expect.poll(() => shared.getByTestId('mcp-server').filter({ hasText: 'tidy' }).count()).toBe(1);
});

it("the outside client's display name, set in the dialog, is on the rows of its request and answer", async () => {
  await openMcpDialog();
  const name = page.getByTestId('mcp-external-name');
  await name.fill('Build bot');
  await name.press('Enter');
  await name.blur();
  await expect
    .poll(() => village.api<{ settings: { externalName: string | null } }>('get_world'))
    .toMatchObject({ settings: { externalName: 'Build bot' } });
  await expect
    .poll(() => page.getByTestId('mcp-external-preview').innerText())
    .toBe('Shown as: Build bot (external client)');
  // The outside clients' own icon (external/icon.webp, apart from the user's), chosen in the dialog.
  await page
    .getByTestId('mcp-external-icon-file')
    .setInputFiles({ name: 'bot.png', mimeType: 'image/png', buffer: pngBytes(64, 64) });
  await page.getByTestId('mcp-external-icon-clear').waitFor();
  expect(existsSync(join(village.workspace, 'external', 'icon.webp'))).toBe(true);
  await page.getByTestId('mcp-dialog').getByRole('button', { name: 'Close', exact: true }).click();

  fake.enqueue({ body: textReply('openai', 'the build is green') });
  const { client, transport } = await connectClient(door.status.url, door.token, 'claude-code');
  try {
    await client.callTool({ name: 'ask_fuseforks', arguments: { message: 'is the build green?' } });
  } finally {
    await transport.close();
  }
  const request = page.getByTestId('chat-message').filter({ hasText: 'is the build green?' });
  await request.waitFor();
  expect(await request.getAttribute('data-from')).toBe('external');
  expect(await request.getByTestId('chat-from').innerText()).toBe('Build bot (external client)');
  const avatar = request.locator('img.avatar');
  await avatar.waitFor();
  expect(await avatar.getAttribute('alt')).toBe('Build bot (external client)');
  expect(await avatar.getAttribute('src')).toMatch(/^blob:/);
  const answer = page.getByTestId('chat-message').filter({ hasText: 'the build is green' });
  await answer.waitFor();
  expect(await answer.getByTestId('chat-recipients').innerText()).toContain('Build bot (external client)');
  expect(await page.getByTestId('chat-pane').innerText()).not.toContain('claude-code');
  await screenshot(page, 'first-contact-external-name');
});

it('Test connection in the template editor answers with the model and the reply', async () => {
  await page.getByTestId('open-templates').click();
  await page.getByTestId('template-test-connection').waitFor();
  fake.enqueue({ body: textReply('openai', 'ready') });
  await page.getByTestId('template-test-connection').click();
  const ok = page.getByTestId('template-test-ok');
  await ok.waitFor();
  expect(await ok.innerText()).toMatch(/Connected: fake-1 answered in \d+ ms\.\s*Reply: “ready”/);
});
