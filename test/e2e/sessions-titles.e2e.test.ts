/**
 * Conversation titles, search and downloads in the real UI (issue 22): rename in the pane header, the
 * list shows it, a fork is titled "（分岐）", a Japanese word is found and opens its conversation, and
 * the JSONL and Markdown downloads arrive as files whose content is checked.
 */
import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { AgentMessage } from '../../src/domain/message.ts';
import type { SessionSummary } from '../../src/domain/session.ts';
import {
  closeBrowser,
  openUi,
  screenshotFailures,
  startUiVillage,
  until,
  type UiSession,
  type UiVillage,
} from './ui-harness.ts';

let village: UiVillage;
let ui: UiSession;
let page: Page;
let first: SessionSummary;
let second: SessionSummary;

async function say(content: string): Promise<void> {
  await village.api('send_user_message', { to: 'e', content });
  await until(
    () => village.api<AgentMessage[]>('list_messages'),
    (list) => list.some((m) => m.from.kind === 'agent' && m.content.endsWith(content)),
    `the echo of ${content}`,
  );
}

beforeAll(async () => {
  village = await startUiVillage('ja');
  const { id } = await village.api<{ id: string }>('upsert_template', {
    template: { name: 'Echo', baseUrl: 'echo:', model: 'echo', credential: 'not_required' },
  });
  await village.api('create_agent', { spec: { id: 'e', name: 'Echo', modelTemplateId: id } });
  await village.api('start_agent', { agentId: 'e' });
  await say('京都の紅葉の名所を教えて');
  first = await village.api<SessionSummary>('current_session');
  await village.api('reset_conversation');
  await say('Plan the release checklist');
  second = await village.api<SessionSummary>('current_session');
  ui = await openUi(village);
  page = ui.page;
  await page.getByTestId('session-title-bar').waitFor();
}, 60_000);
screenshotFailures('sessions-titles', () => page);
afterAll(async () => {
  await ui?.context.close();
  await closeBrowser();
  await village?.stop();
});

const openList = async () => {
  await page.getByTestId('open-sessions').click();
  await page.getByTestId('session-list').waitFor();
};
const row = (id: string) => page.locator(`[data-testid="session-row"][data-session-id="${id}"]`);

it('renames the open conversation in the pane header (Escape cancels, Enter saves)', async () => {
  await expect.poll(() => page.getByTestId('session-title').textContent()).toContain('Plan the release');
  await page.getByTestId('session-title').click();
  await page.getByTestId('session-title-input').fill('取り消される題');
  await page.getByTestId('session-title-input').press('Escape');
  await expect.poll(() => page.getByTestId('session-title').textContent()).toContain('Plan the release');

  await page.getByTestId('session-title-edit').click();
  await page.getByTestId('session-title-input').fill('リリース準備');
  await page.getByTestId('session-title-input').press('Enter');
  await expect.poll(() => page.getByTestId('session-title').textContent()).toContain('リリース準備');
  expect((await village.api<SessionSummary>('current_session')).meta.title).toBe('リリース準備');

  await openList();
  await expect.poll(() => row(second.id).locator('.title').textContent()).toBe('リリース準備');
  await page.getByTestId('sessions-close').click();
});

it('titles a fork "（分岐）" in the list and the header', async () => {
  await openList();
  await row(first.id).getByTestId('session-fork').click();
  await page.getByTestId('fork-point').first().locator('button.point').click();
  await page.getByTestId('sessions-dialog').waitFor({ state: 'detached' });
  await expect
    .poll(() => page.getByTestId('session-title').textContent())
    .toContain('京都の紅葉の名所を教えて（分岐）');
  const fork = await village.api<SessionSummary>('current_session');
  expect(fork.meta).toMatchObject({ parentId: first.id, title: '京都の紅葉の名所を教えて（分岐）' });
  await openList();
  await expect
    .poll(() => row(fork.id).locator('.title').textContent())
    .toBe('京都の紅葉の名所を教えて（分岐）');
  await page.getByTestId('sessions-close').click();
});

it('finds a Japanese word and opens that conversation', async () => {
  await village.api('resume_session', { sessionId: second.id });
  await expect.poll(() => page.getByTestId('session-title').textContent()).toContain('リリース準備');
  await openList();
  await page.getByTestId('session-search-input').fill('紅葉の名所');
  const hit = page.locator(`[data-testid="session-search-hit"][data-session-id="${first.id}"]`).first();
  await hit.waitFor();
  expect(await hit.getByTestId('session-search-match').textContent()).toBe('紅葉の名所');
  // The snippet is text: the mark is the only element inside it.
  expect(await hit.getByTestId('session-search-snippet').locator('*').count()).toBe(1);
  await hit.click();
  await page.getByTestId('sessions-dialog').waitFor({ state: 'detached' });
  await until(
    () => village.api<SessionSummary>('current_session'),
    (s) => s.id === first.id,
    'the found conversation opened',
  );
  await expect
    .poll(() => page.getByTestId('session-title').textContent())
    .toContain('京都の紅葉の名所を教えて');
  // The matching message is scrolled to and marked (the request or the echo, whichever is newer).
  await expect.poll(() => page.locator('[data-testid="chat-message"][data-revealed="true"]').count()).toBe(1);
  const revealed = page.locator('[data-testid="chat-message"][data-revealed="true"]');
  expect(await revealed.getByTestId('chat-content').textContent()).toContain('紅葉の名所');
});

it('downloads the JSONL and the Markdown of a conversation', async () => {
  await openList();
  const [jsonl] = await Promise.all([
    page.waitForEvent('download'),
    row(second.id).getByTestId('session-download-jsonl').click(),
  ]);
  expect(jsonl.suggestedFilename()).toBe(`リリース準備-${second.id}.jsonl`);
  const lines = (await readFile((await jsonl.path())!, 'utf8'))
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as Record<string, unknown>);
  expect(lines[0]).toEqual({
    session: { id: second.id, meta: expect.objectContaining({ title: 'リリース準備' }) },
  });
  expect(
    lines.some((l) => (l.message as AgentMessage | undefined)?.content === 'Plan the release checklist'),
  ).toBe(true);

  const [md] = await Promise.all([
    page.waitForEvent('download'),
    row(second.id).getByTestId('session-download-md').click(),
  ]);
  expect(md.suggestedFilename()).toBe(`リリース準備-${second.id}.md`);
  const text = await readFile((await md.path())!, 'utf8');
  expect(text.startsWith('# リリース準備\n')).toBe(true);
  expect(text).toMatch(/## あなた → Echo · [^\n]+\n\nPlan the release checklist\n/);
  expect(ui.errors).toEqual([]);
});

it('New chat on an empty chat asks nothing and announces nothing; its row offers no Fork or Export', async () => {
  if ((await page.getByTestId('session-list').count()) > 0) await page.getByTestId('sessions-close').click();
  await page.getByTestId('session-list').waitFor({ state: 'detached' });
  // A chat with a request: New chat confirms, then says so once.
  await page.getByTestId('chat-new').click();
  await page.getByTestId('confirm-dialog').waitFor();
  await page.getByTestId('confirm-ok').click();
  const toasts = page.getByTestId('toast').filter({ hasText: '新しい会話' });
  await expect.poll(() => toasts.count()).toBe(1);
  const empty = await until(
    () => village.api<SessionSummary>('current_session'),
    (s) => s.id !== second.id && s.meta.title === '',
    'the new empty chat',
  );
  // Now empty: no confirm, no second toast, still the same chat.
  await page.getByTestId('chat-new').click();
  await page.waitForTimeout(300);
  expect(await page.getByTestId('confirm-dialog').count()).toBe(0);
  expect(await toasts.count()).toBe(1);
  expect((await village.api<SessionSummary>('current_session')).id).toBe(empty.id);
  await openList();
  const emptyRow = row(empty.id);
  await emptyRow.waitFor();
  for (const button of ['session-fork', 'session-export', 'session-download-jsonl', 'session-download-md'])
    expect(await emptyRow.getByTestId(button).count()).toBe(0);
  expect(await row(second.id).getByTestId('session-fork').count()).toBe(1);
  // The list's own New chat on the empty chat: no confirm either, the list closes onto it.
  await page.getByTestId('session-new-chat').click();
  await page.getByTestId('session-list').waitFor({ state: 'detached' });
  expect(await page.getByTestId('confirm-dialog').count()).toBe(0);
  expect((await village.api<SessionSummary>('current_session')).id).toBe(empty.id);
  expect(ui.errors).toEqual([]);
});

it('a conversation deleted elsewhere leaves the open list; opening it says so once, in the UI’s words', async () => {
  await openList();
  await row(first.id).waitFor();
  await page.getByTestId('session-search-input').fill('紅葉の名所');
  const hit = page.locator(`[data-testid="session-search-hit"][data-session-id="${first.id}"]`).first();
  await hit.waitFor();
  // Deleted through the API (another window would be the same): the list follows at once.
  await village.api('delete_session', { sessionId: first.id });
  await expect.poll(() => row(first.id).count()).toBe(0);
  expect(await row(second.id).count()).toBe(1);
  // The search result was shown before: opening it says the conversation is gone, without the raw id.
  await hit.click();
  const toast = page.getByTestId('toast').filter({ hasText: 'この会話はもうありません' });
  await expect.poll(() => toast.count()).toBe(1);
  const text = (await toast.textContent()) ?? '';
  expect(text).not.toContain(first.id);
  expect(text).not.toMatch(/not found|session/i);
  // The browser itself logs the server's 404 for the vanished conversation; nothing else went wrong.
  expect(ui.errors.filter((e) => !e.includes('status of 404'))).toEqual([]);
});
