/**
 * The MCP dialog in the real UI: a server that keeps exiting is shown waiting for its next attempt
 * (with the countdown), a good one beside it as connected, and Reconnect still asks for a new try.
 * Each server's tool names open as a list in the dialog itself (not only a hover title): which server
 * tool each name calls, what is not offered and why, and a shared tool a servant's own one hides.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { EVERYTHING, listed, scriptedStdio } from '../mcp/servers.ts';
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

let village: UiVillage;
let ui: UiSession;
let page: Page;

beforeAll(async () => {
  village = await startUiVillage({
    language: 'en',
    prepare: (workspace) =>
      writeFileSync(
        join(workspace, 'mcp.json'),
        JSON.stringify({
          mcpServers: {
            dies: { command: process.execPath, args: ['-e', 'process.exit(1)'] },
            everything: { command: process.execPath, args: [EVERYTHING, 'stdio'] },
          },
        }),
      ),
  });
  // A template and a servant, so the first-run tour stays away.
  const id = await fakeTemplate(village, 'http://127.0.0.1:9/v1');
  await village.api('create_agent', { spec: { id: 'zari', name: 'Zari', modelTemplateId: id } });
  // Zari's own server named like the shared one: its `echo` takes the name of the shared echo.
  await village.api('write_config_file', {
    agentId: 'zari',
    kind: 'mcp',
    content: JSON.stringify({ mcpServers: { everything: scriptedStdio([listed('echo')]) } }),
  });
  await village.api('start_agent', { agentId: 'zari' });
  ui = await openUi(village, { locale: 'en-US' });
  page = ui.page;
  await page.getByTestId('agent-card').waitFor();
}, 60_000);
screenshotFailures('mcp-dialog', () => page);
afterAll(async () => {
  await ui?.context.close();
  await closeBrowser();
  await village?.stop();
});

/** A server of the shared mcp.json (Zari's own servers are listed after it). */
const sharedServer = (name: string) =>
  page.getByTestId('mcp-config').first().getByTestId('mcp-server').filter({ hasText: name });
const stateOf = (name: string) => sharedServer(name).getByTestId('mcp-server-state').innerText();

it('shows a server waiting for its next attempt, with the countdown, and reconnects on request', async () => {
  await page.getByTestId('open-mcp').click();
  await page.getByTestId('mcp-dialog').waitFor();
  await expect.poll(() => stateOf('everything'), { timeout: 20_000 }).toBe('connected');
  await expect.poll(() => stateOf('dies'), { timeout: 20_000 }).toMatch(/^retrying · next attempt in \d+ s$/);
  const row = sharedServer('dies');
  expect(await row.innerText()).toContain('the server exited with code 1 before the handshake finished');
  await screenshot(page, 'mcp-dialog-retrying');

  const attempts = () =>
    village
      .api<{ shared: { servers: { name: string; retryAtMs: number | null }[] } }>('mcp_status')
      .then((view) => view.shared.servers.find((s) => s.name === 'dies')?.retryAtMs ?? null);
  const before = await attempts();
  await page.getByTestId('mcp-config').first().getByTestId('mcp-reconnect').click();
  // A new set: its first wait is counted from the new attempt.
  await expect.poll(attempts, { timeout: 20_000 }).not.toBe(before);
  await expect.poll(() => stateOf('everything'), { timeout: 20_000 }).toBe('connected');
});

it('lists each offered name with the server tool it calls, what is not offered, and what is hidden', async () => {
  // Still open from the test before unless it was closed.
  if (!(await page.getByTestId('mcp-dialog').isVisible())) await page.getByTestId('open-mcp').click();
  await page.getByTestId('mcp-dialog').waitFor();
  await expect.poll(() => stateOf('everything'), { timeout: 20_000 }).toBe('connected');
  const tools = sharedServer('everything').getByTestId('mcp-server-tools');
  // Reached by keyboard: focus the summary and open it with Enter.
  await tools.locator('summary').focus();
  await page.keyboard.press('Enter');
  const names = tools.getByTestId('mcp-tool-name');
  await expect
    .poll(() => names.allInnerTexts(), { timeout: 20_000 })
    .toContain('everything__get-env → get-env');
  const echo = names.filter({ hasText: 'everything__echo →' });
  expect(await echo.innerText()).toBe(
    'everything__echo → echo · hidden for Zari: its own MCP server has a tool of this name',
  );
  // server-everything registers its task-only tool after the handshake.
  const skipped = tools.getByTestId('mcp-tool-skipped').filter({ hasText: 'simulate-research-query' });
  await expect.poll(() => skipped.count(), { timeout: 20_000 }).toBe(1);
  expect(await skipped.innerText()).toContain('not offered: simulate-research-query (runs only as a task');
  await screenshot(page, 'mcp-dialog-tool-names');
});
