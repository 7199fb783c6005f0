/**
 * The reference folders field of the servant settings in the real UI: real temp folders marked as
 * the core checks them (valid / missing / not absolute / not a folder), a duplicate refused, a row
 * removed, saved into world.json and shown again on reopening (re-checked then); and the servant is
 * offered the rag tool by the saved declaration, seen in what the fake provider was sent.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeProvider, textReply } from '../fakes/fake-provider.ts';
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
import { contrastOf } from './contrast.ts';

let fake: FakeProvider;
let village: UiVillage;
let ui: UiSession;
let page: Page;
let docs: string;
let later: string;
let file: string;

beforeAll(async () => {
  fake = await new FakeProvider().start();
  village = await startUiVillage('ja');
  docs = join(village.root, 'docs');
  mkdirSync(docs);
  writeFileSync(join(docs, 'guide.md'), '# Guide\n## Start\nread me first\n');
  later = join(village.root, 'later');
  file = join(docs, 'guide.md');
  const id = await fakeTemplate(village, fake.baseUrl);
  // No work folder and no tools of its own: rag can only come from the declaration.
  await village.api('create_agent', { spec: { name: 'Zari', modelTemplateId: id } });
  await village.api('update_agent', { spec: { id: 'agent_1', enabledTools: [] } });
  await village.api('start_agent', { agentId: 'agent_1' });
  ui = await openUi(village);
  page = ui.page;
  await page.getByTestId('agent-card').waitFor();
}, 60_000);
screenshotFailures('rag', () => page);
afterAll(async () => {
  await ui?.context.close();
  await closeBrowser();
  await village?.stop();
  await fake?.stop();
});

const row = (path: string) => page.locator(`[data-testid="rag-source-row"][data-path="${path}"]`);
const statusOf = (path: string) => row(path).getAttribute('data-status');
const rowPaths = () =>
  page
    .getByTestId('rag-source-row')
    .evaluateAll((rows) => rows.map((r) => (r as unknown as { dataset: { path: string } }).dataset.path));
const storedSources = () => {
  const world = JSON.parse(readFileSync(join(village.workspace, 'world.json'), 'utf8')) as {
    agents: { id: string; ragSources: string[] }[];
  };
  return world.agents.find((a) => a.id === 'agent_1')!.ragSources;
};

/** One turn of the servant; the names of the tools the model was offered in it. */
async function offeredTools(message: string, reply: string): Promise<string[]> {
  const before = fake.requests.length;
  fake.enqueue({ body: textReply('openai', reply) });
  await village.api('send_user_message', { to: 'agent_1', content: message });
  await fake.waitForRequests(before + 1);
  await page.getByTestId('chat-message').filter({ hasText: reply }).waitFor({ timeout: 30_000 });
  const body = fake.requests[before]!.body as { tools?: { function: { name: string } }[] };
  return (body.tools ?? []).map((t) => t.function.name);
}

async function openRagField() {
  await page.locator('[data-testid="agent-card"][data-agent-id="agent_1"]').getByTestId('agent-edit').click();
  await page.getByTestId('agent-tab-tools').click();
  await page.getByTestId('agent-rag').waitFor();
}

async function addSource(path: string, how: 'click' | 'enter') {
  await page.getByTestId('rag-source-input').fill(path);
  if (how === 'click') await page.getByTestId('rag-source-add').click();
  else await page.getByTestId('rag-source-input').press('Enter');
}

describe.sequential('reference folders in the servant settings', () => {
  it('does not offer rag before any folder is declared', async () => {
    expect(await offeredTools('hello', 'hi there')).not.toContain('rag');
  });

  it('marks each added folder as the core finds it, refuses a duplicate, removes a row', async () => {
    await openRagField();
    await page.getByTestId('rag-source-empty').waitFor();
    const warnings = page.getByTestId('rag-warnings');
    expect(await warnings.locator('li').count()).toBe(3);
    expect(await warnings.textContent()).toContain('機密');

    await addSource(docs, 'click');
    await expect.poll(() => statusOf(docs)).toBe('valid');
    expect(await page.getByTestId('rag-source-input').inputValue()).toBe('');
    await addSource(later, 'enter');
    await expect.poll(() => statusOf(later)).toBe('missing');
    await addSource('notes/relative', 'enter');
    await expect.poll(() => statusOf('notes/relative')).toBe('notAbsolute');
    await addSource(file, 'enter');
    await expect.poll(() => statusOf(file)).toBe('notFolder');
    expect(await row(file).getByTestId('rag-source-status').textContent()).toContain(
      'フォルダではありません',
    );
    // Only a missing folder is told it revives; the others are told what to write instead.
    const advice = async (path: string) => {
      const shown = row(path).getByTestId('rag-source-advice');
      return (await shown.count()) === 0 ? null : await shown.textContent();
    };
    expect(await advice(docs)).toBeNull();
    expect(await advice(later)).toContain('フォルダができればその場で有効');
    expect(await advice('notes/relative')).toContain('相対パスは使われません');
    expect(await advice(file)).toContain('そのファイルのあるフォルダ');
    await addSource('~/docs', 'enter');
    await expect.poll(() => advice('~/docs')).toContain('~ はホームフォルダに展開されません');
    expect(await advice('~/docs')).not.toContain('有効になります');
    await row('~/docs').getByTestId('rag-source-remove').click();

    // The same folder with a trailing separator is the same folder.
    await addSource(`${docs}/`, 'enter');
    await page.getByTestId('rag-source-refusal').waitFor();
    // The field says why it was refused to a screen reader too: invalid, described by the refusal.
    const input = page.getByTestId('rag-source-input');
    expect(await input.getAttribute('aria-invalid')).toBe('true');
    const describedBy = (await input.getAttribute('aria-describedby')) ?? '';
    expect(await page.locator(`[id="${describedBy}"]`).getAttribute('data-testid')).toBe(
      'rag-source-refusal',
    );
    // Every status and the refusal read at AA contrast (4.5:1) in both themes.
    const marked = '[data-testid="rag-source-status"], [data-testid="rag-source-refusal"]';
    for (const theme of ['light', 'dark'] as const) {
      const readings = await contrastOf(page, marked, theme);
      expect(readings.length).toBe(5);
      for (const { text, ratio } of readings) expect(ratio, `${text} (${theme})`).toBeGreaterThanOrEqual(4.5);
    }
    expect(await page.getByTestId('rag-source-input').inputValue()).toBe(`${docs}/`);
    await page.getByTestId('rag-source-input').fill('');
    expect(await page.getByTestId('rag-source-refusal').count()).toBe(0);

    expect(await page.getByTestId('rag-offered').getAttribute('data-offered')).toBe('true');
    await row(file).getByTestId('rag-source-remove').focus();
    await page.keyboard.press('Enter');
    expect(await rowPaths()).toEqual([docs, later, 'notes/relative']);
    // The keyboard stays in the list: on the remove button of the row now last, not the page's start.
    const focusedRemove = () =>
      page.evaluate<string | null>(
        `document.activeElement?.dataset.testid === 'rag-source-remove' ? document.activeElement.closest('li').dataset.path : null`,
      );
    await expect.poll(focusedRemove).toBe('notes/relative');
    await screenshot(page, '30-rag-sources');
  });

  it('saves with the servant (invalid rows kept) and shows the list again, re-checked, on reopening', async () => {
    await page.getByTestId('agent-save').click();
    await expect.poll(storedSources).toEqual([docs, later, 'notes/relative']);
    await page.getByTestId('agent-close').click();
    await page.getByTestId('agent-settings-dialog').waitFor({ state: 'detached' });

    // The missing folder appears while the dialog is closed: reopening checks again.
    mkdirSync(later);
    await openRagField();
    await expect.poll(rowPaths).toEqual([docs, later, 'notes/relative']);
    await expect.poll(() => statusOf(later)).toBe('valid');
    expect(await statusOf(docs)).toBe('valid');
    expect(await statusOf('notes/relative')).toBe('notAbsolute');
    // Nothing was changed by reopening: no save offered.
    expect(await page.getByTestId('agent-save').isDisabled()).toBe(true);
    await page.getByTestId('agent-close').click();
    await page.getByTestId('agent-settings-dialog').waitFor({ state: 'detached' });
    expect(ui.errors).toEqual([]);
  });

  it('offers rag to the servant once a valid folder is saved, outside its (empty) tool list', async () => {
    expect(await offeredTools('what is in the guide?', 'the guide says start')).toContain('rag');
  });
});
