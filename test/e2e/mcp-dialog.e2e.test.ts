/**
 * The MCP dialog in the real UI: a server that keeps exiting is shown waiting for its next attempt
 * (with the countdown), a good one beside it as connected, and Reconnect still asks for a new try.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { EVERYTHING } from '../mcp/servers.ts';
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
  await village.api('create_agent', { spec: { name: 'Zari', modelTemplateId: id } });
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

const stateOf = (name: string) =>
  page.getByTestId('mcp-server').filter({ hasText: name }).getByTestId('mcp-server-state').innerText();

it('shows a server waiting for its next attempt, with the countdown, and reconnects on request', async () => {
  await page.getByTestId('open-mcp').click();
  await page.getByTestId('mcp-dialog').waitFor();
  await expect.poll(() => stateOf('everything'), { timeout: 20_000 }).toBe('connected');
  await expect.poll(() => stateOf('dies'), { timeout: 20_000 }).toMatch(/^retrying · next attempt in \d+ s$/);
  const row = page.getByTestId('mcp-server').filter({ hasText: 'dies' });
  expect(await row.innerText()).toContain('the server closed the connection');
  await screenshot(page, 'mcp-dialog-retrying');

  const attempts = () =>
    village
      .api<{ shared: { servers: { name: string; retryAtMs: number | null }[] } }>('mcp_status')
      .then((view) => view.shared.servers.find((s) => s.name === 'dies')?.retryAtMs ?? null);
  const before = await attempts();
  await page.getByTestId('mcp-reconnect').click();
  // A new set: its first wait is counted from the new attempt.
  await expect.poll(attempts, { timeout: 20_000 }).not.toBe(before);
  await expect.poll(() => stateOf('everything'), { timeout: 20_000 }).toBe('connected');
});
