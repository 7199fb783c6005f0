/**
 * The person's path through the real UI in Chromium against `fuseforks serve` and the fake provider:
 * first-run tour, a template and two servants made in the UI, a bond drawn on the map, a message
 * handed on with its tool row, an interrupt that stops the call in flight, new chat and reopening the
 * old conversation, English and back, a pending command approved from the badge, and statistics that
 * count the interrupted turn. Steps share one village, in order.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeProvider, openAiToolCall, textReply } from '../fakes/fake-provider.ts';
import {
  closeBrowser,
  openUi,
  screenshot,
  screenshotFailures,
  startUiVillage,
  type UiSession,
  type UiVillage,
  until,
} from './ui-harness.ts';

interface WorldView {
  agents: { id: string; name: string; status: string; connectedAgents: string[] }[];
  templates: { id: string; name: string; credential: string }[];
  edges: { source: string; target: string }[];
}

let fake: FakeProvider;
let village: UiVillage;
let ui: UiSession;
let page: Page;

beforeAll(async () => {
  fake = await new FakeProvider().start();
  village = await startUiVillage('ja');
  ui = await openUi(village);
  page = ui.page;
}, 60_000);

afterAll(async () => {
  await ui?.context.close();
  await closeBrowser();
  await village?.stop();
  await fake?.stop();
});

screenshotFailures('ui', () => page);

const world = () => village.api<WorldView>('get_world');

async function confirmModal() {
  await page.getByTestId('confirm-ok').click();
  await page.getByTestId('confirm-dialog').waitFor({ state: 'detached' });
}

describe.sequential('a person in the village UI', () => {
  it('sees the tour on first run, steps through all nine marks, and not again after a reload', async () => {
    const tour = page.getByTestId('tour');
    await tour.waitFor();
    await screenshot(page, '01-tour');
    const steps: string[] = [];
    for (let i = 0; i < 9; i++) {
      steps.push((await tour.getAttribute('data-step')) ?? '');
      // Every mark points at something that exists in an empty village.
      expect(await page.getByTestId('tour-spot').count(), steps.at(-1)).toBe(1);
      if (i < 8) await page.getByTestId('tour-next').click();
    }
    expect(new Set(steps).size).toBe(9);
    await page.getByTestId('tour-done').click();
    await tour.waitFor({ state: 'detached' });
    await page.reload();
    await page.getByTestId('agent-list-empty').waitFor();
    expect(await page.getByTestId('tour').count()).toBe(0);
  });

  it('creates a model template without ever seeing a secret again', async () => {
    await page.getByTestId('template-first').click();
    const dialog = page.getByTestId('templates-dialog');
    await dialog.waitFor();
    await page.getByTestId('template-name').fill('Fake model');
    // Meta keeps sent files with no expiry: the editor says so, with the deletion steps, for Meta only.
    const retention = page.getByTestId('template-retention-warning');
    await page.getByTestId('template-provider').selectOption('meta_responses');
    await retention.waitFor();
    expect(await retention.textContent()).toContain('DELETE /v1/files/{id}');
    await page.getByTestId('template-provider').selectOption('open_ai_compat');
    // The compat wire keeps api.meta.ai (Meta also serves Chat Completions), and still warns there.
    expect(await page.getByTestId('template-base-url').inputValue()).toBe('https://api.meta.ai/v1');
    expect(await retention.count()).toBe(1);
    await page.getByTestId('template-base-url').fill(fake.baseUrl);
    await retention.waitFor({ state: 'detached' });
    await page.getByTestId('template-model').fill('fake-1');
    await page.getByTestId('template-save').click();
    const saved = await until(world, (w) => w.templates.length === 1, 'the template');
    expect(saved.templates[0]).toMatchObject({ name: 'Fake model' });

    await page.getByTestId('template-secret').fill('sk-test-secret-123');
    await page.getByTestId('template-set-secret').click();
    await until(world, (w) => w.templates[0]?.credential === 'keyring', 'the key to be stored');
    expect(await page.getByTestId('template-secret').inputValue()).toBe('');
    expect(await page.content()).not.toContain('sk-test-secret-123');
    await screenshot(page, '02-templates');
    // The dialog shows the stored key and is not saving any more before it is closed.
    await page.locator('[data-testid="template-credential-status"][data-credential="keyring"]').waitFor();
    await expect.poll(() => page.getByTestId('template-save').isDisabled()).toBe(false);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
  });

  it('creates two servants with the dialog', async () => {
    for (const name of ['Zari', 'Jemmy']) {
      await page.getByTestId('agent-new').click();
      await page.getByTestId('agent-settings-dialog').waitFor();
      await page.getByTestId('agent-name').fill(name);
      await page.getByTestId('agent-create').click();
      await until(world, (w) => w.agents.some((a) => a.name === name), `servant ${name}`);
      // After creating, the dialog goes on to the new servant's persona files.
      await page.locator('[data-testid="agent-settings-dialog"][data-mode="edit"]').waitFor();
      await page.keyboard.press('Escape');
      await page.getByTestId('agent-settings-dialog').waitFor({ state: 'detached' });
    }
    await expect.poll(() => page.getByTestId('agent-card').count()).toBe(2);
    await screenshot(page, '03-two-servants');
  });

  it('starts both with the bulk ▶ and draws a bond on the map', async () => {
    await page.getByTestId('batch-start').click();
    await until(world, (w) => w.agents.every((a) => a.status === 'running'), 'both running');
    const from = page.locator(
      '[data-testid="map-node"][data-agent-id="agent_1"] [data-testid="map-handle-out"]',
    );
    const to = page.locator(
      '[data-testid="map-node"][data-agent-id="agent_2"] [data-testid="map-handle-in"]',
    );
    await from.waitFor();
    const a = (await from.boundingBox())!;
    const b = (await to.boundingBox())!;
    await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
    await page.mouse.down();
    await page.mouse.move((a.x + b.x) / 2, (a.y + b.y) / 2 + 20, { steps: 8 });
    await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 8 });
    await page.mouse.up();
    const w = await until(world, (v) => v.edges.length === 1, 'the bond');
    expect(w.edges).toEqual([{ source: 'agent_1', target: 'agent_2' }]);
    await expect.poll(() => page.locator('.vue-flow__edge').count()).toBe(1);
    await screenshot(page, '04-bond-map');
  });

  it('sends a message and sees the handed-on reply with the tool row and its reason', async () => {
    fake.enqueue(
      { body: openAiToolCall('remember', { note: 'the user said hello', reason: 'keep the greeting' }) },
      { body: openAiToolCall('transfer_to_agent_2', { message: 'Please greet the user.' }) },
      { body: textReply('openai', 'Hello from Jemmy!') },
    );
    await page.getByTestId('chat-target').selectOption('agent_1');
    await page.getByTestId('chat-input').fill('hello');
    await page.getByTestId('chat-send').click();
    const reply = page.getByTestId('chat-message').filter({ hasText: 'Hello from Jemmy!' });
    await reply.waitFor({ timeout: 30_000 });
    expect(await reply.getAttribute('data-from')).toBe('agent_2');
    const row = page.locator('[data-testid="tool-row"][data-tool="remember"]');
    await row.waitFor();
    expect(await row.getByTestId('tool-outcome').textContent()).toBe('返った');
    expect(await row.getByTestId('tool-reason').textContent()).toContain('keep the greeting');
    await expect
      .poll(() => page.getByTestId('chat-message').filter({ hasText: 'Please greet the user.' }).count())
      .toBe(1);
    expect(await page.getByTestId('chat-input').inputValue()).toBe('');
    await screenshot(page, '05-conversation');
  });

  it('interrupts a turn in progress: the call in flight is stopped at once', async () => {
    // The provider keeps thinking for ever: only an aborted call can end this turn.
    fake.enqueue({ hold: true });
    const requestsBefore = fake.requests.length;
    const abortsBefore = fake.abortedByClient;
    await page.getByTestId('chat-input').fill('take your time');
    await page.getByTestId('chat-send').click();
    await page.getByTestId('chat-typing').waitFor();
    await fake.waitForRequests(requestsBefore + 1);
    await page.getByTestId('chat-interrupt').click();
    await page.getByTestId('chat-typing').waitFor({ state: 'detached', timeout: 10_000 });
    const line = page.getByTestId('chat-message').filter({ hasText: '打ち切りました' });
    await line.waitFor();
    expect(await line.getAttribute('data-from')).toBe('system');
    await fake.waitForAborts(abortsBefore + 1);
    expect(fake.heldCount).toBe(0);
    // The model was asked exactly once for this message, and its answer never came.
    expect(fake.requests.length - requestsBefore).toBe(1);
    expect(await page.getByTestId('chat-interrupt').isDisabled()).toBe(true);
  });

  it('starts a new chat and reopens the old conversation from the list', async () => {
    const before = await village.api<{ id: string } | null>('current_session');
    await page.getByTestId('chat-new').click();
    await confirmModal();
    await expect.poll(() => page.getByTestId('chat-message').count()).toBe(0);
    await page.getByTestId('open-sessions').click();
    await page.getByTestId('sessions-dialog').waitFor();
    const old = page.locator(`[data-testid="session-row"][data-session-id="${before!.id}"]`);
    await old.getByTestId('session-open').click();
    await page
      .getByTestId('sessions-dialog')
      .waitFor({ state: 'detached' })
      .catch(() => page.keyboard.press('Escape'));
    await page.getByTestId('chat-message').filter({ hasText: 'Hello from Jemmy!' }).waitFor();
    expect((await village.api<{ id: string }>('current_session')).id).toBe(before!.id);
    await screenshot(page, '06-reopened');
  });

  it('switches the village to English and back', async () => {
    await page.getByTestId('open-settings').click();
    await page.getByTestId('settings-dialog').waitFor();
    await page.getByTestId('settings-page-language').click();
    await page.getByTestId('settings-lang-en').click();
    await expect.poll(() => page.getByTestId('open-settings').textContent()).toContain('System settings');
    expect(await page.locator('html').getAttribute('lang')).toBe('en');
    await screenshot(page, '07-english');
    await page.getByTestId('settings-lang-ja').click();
    await expect.poll(() => page.getByTestId('open-settings').textContent()).toContain('システム設定');
    await page.keyboard.press('Escape');
  });

  it('approves a pending command from the title-bar badge', async () => {
    await village.api('write_config_file', {
      agentId: 'agent_1',
      kind: 'run',
      content: JSON.stringify({
        version: 1,
        allow: [],
        deny: [],
        pending: [{ command: 'ruff', args: ['check'], count: 1, firstRequestedAtMs: Date.now() }],
      }),
    });
    await village
      .api('reject_command', { agentId: 'agent_1', command: 'nothing', args: [] })
      .catch(() => null);
    const badge = page.getByTestId('approvals-badge');
    await page.reload();
    await badge.waitFor();
    expect(await badge.textContent()).toBe('1');
    await page.getByTestId('open-approvals').click();
    await page.getByTestId('approvals-dialog').waitFor();
    await screenshot(page, '08-approvals');
    await page.getByTestId('approval-approve').first().click();
    await expect.poll(() => badge.textContent()).toBe('0');
    const run = await village.api<string>('read_config_file', { agentId: 'agent_1', kind: 'run' });
    expect(JSON.parse(typeof run === 'string' ? run : (run as { content: string }).content).allow).toEqual([
      'ruff check',
    ]);
    await page.keyboard.press('Escape');
    await page.getByTestId('approvals-dialog').waitFor({ state: 'detached' });
  });

  it('opens statistics in place of the panes and goes back', async () => {
    await page.getByTestId('open-stats').click();
    const view = page.getByTestId('stats-dialog');
    await view.waitFor();
    expect(await page.getByTestId('agent-list-empty').count()).toBe(0);
    expect(await page.locator('.panes').isVisible()).toBe(false);
    await page.getByTestId('stats-totals').waitFor();
    await screenshot(page, '09-statistics');
    // The interrupted turn is counted as such, and the view says what an aborted call costs.
    await page.getByTestId('stats-scope-all').click();
    await page.locator('[data-testid="stats-table-stops"] tr[data-stop="interrupted"]').waitFor();
    await page.getByTestId('stats-interrupted-note').waitFor();
    await page.getByTestId('stats-close').click();
    await view.waitFor({ state: 'detached' });
    expect(await page.locator('.panes').isVisible()).toBe(true);
  });

  it('logged no error in the page', () => {
    expect(ui.errors).toEqual([]);
  });
});
