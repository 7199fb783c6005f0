/**
 * Edit a sent request and regenerate the last reply in the real UI (issue 22): both fork the
 * conversation just before the request (resend_from), the old branch stays in the list unchanged.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { AgentMessage } from '../../src/domain/message.ts';
import type { SessionSummary } from '../../src/domain/session.ts';
import { FakeProvider, textReply } from '../fakes/fake-provider.ts';
import {
  closeBrowser,
  fakeTemplate,
  openUi,
  screenshotFailures,
  startUiVillage,
  type UiSession,
  type UiVillage,
} from './ui-harness.ts';

let fake: FakeProvider;
let village: UiVillage;
let ui: UiSession;
let page: Page;
let original: SessionSummary;
let edited: SessionSummary;

const reply = (text: string) => ({ body: textReply('openai', text) });
const contents = () =>
  page
    .locator('[data-testid="chat-message"]:not([data-from="system"]) [data-testid="chat-content"]')
    .allTextContents()
    .then((list) => list.map((s) => s.trim()));
const agentReply = (text: string) =>
  page.locator('[data-testid="chat-message"][data-from="agent_1"]', { hasText: text });

async function ask(text: string, answer: string) {
  await page.getByTestId('chat-input').fill(text);
  await page.getByTestId('chat-send').click();
  await agentReply(answer).waitFor({ timeout: 30_000 });
}

beforeAll(async () => {
  fake = await new FakeProvider().start();
  village = await startUiVillage('en');
  const id = await fakeTemplate(village, fake.baseUrl);
  await village.api('create_agent', { spec: { name: 'Zari', modelTemplateId: id } });
  await village.api('start_agent', { agentId: 'agent_1' });
  ui = await openUi(village);
  page = ui.page;
  await page.getByTestId('agent-card').first().waitFor();
  await page.getByTestId('chat-target').selectOption('agent_1');
}, 60_000);
screenshotFailures('chat-edit', () => page);
afterAll(async () => {
  await ui?.context.close();
  await closeBrowser();
  await village?.stop();
  await fake?.stop();
});

it('edits the second of two requests: a new conversation with the first exchange and the edit', async () => {
  fake.enqueue(reply('answer one'), reply('answer two'), reply('answer edited'));
  await ask('first question', 'answer one');
  await ask('second question', 'answer two');
  original = await village.api<SessionSummary>('current_session');
  expect(await contents()).toEqual(['first question', 'answer one', 'second question', 'answer two']);

  const secondId = await page
    .locator('[data-testid="chat-message"][data-from="user"]', { hasText: 'second question' })
    .getAttribute('data-message-id');
  // By id: once opened for editing the row's text is in a text box, not in its content.
  const second = page.locator(`[data-testid="chat-message"][data-message-id="${secondId}"]`);
  const edit = second.getByTestId('message-edit');
  expect(await edit.getAttribute('aria-label')).toBe(
    'Edit this request and send it again in a new branch of the conversation',
  );
  // Keyboard: the button is reachable and Enter opens the text in place, focused.
  await edit.focus();
  await page.keyboard.press('Enter');
  const box = second.getByTestId('message-edit-text');
  await expect
    .poll(() => page.evaluate<string | null>(`document.activeElement?.getAttribute('data-testid') ?? null`))
    .toBe('message-edit-text');
  expect(await box.inputValue()).toBe('second question');
  // The main input's keys, said beside the buttons: Shift+Enter a new line, Enter sends.
  expect(await second.getByTestId('message-edit-hint').textContent()).toBe(
    'Enter sends, Shift+Enter adds a line, Esc cancels',
  );
  await box.press('End');
  await box.press('Shift+Enter');
  expect(await box.inputValue()).toBe('second question\n');
  expect(await second.getByTestId('message-edit-box').count()).toBe(1);
  await box.fill('second question, edited');
  await box.press('Enter');

  await agentReply('answer edited').waitFor({ timeout: 30_000 });
  expect(await contents()).toEqual([
    'first question',
    'answer one',
    'second question, edited',
    'answer edited',
  ]);
  edited = await village.api<SessionSummary>('current_session');
  expect(edited.id).not.toBe(original.id);
  expect(edited.meta).toMatchObject({ parentId: original.id, title: 'first question (fork)' });
  await expect.poll(() => page.getByTestId('session-title').textContent()).toContain('(fork)');

  // The old branch is still in the list, titled as it was, its messages untouched.
  await page.getByTestId('open-sessions').click();
  await page.getByTestId('session-list').waitFor();
  const oldRow = page.locator(`[data-testid="session-row"][data-session-id="${original.id}"]`);
  await expect.poll(() => oldRow.textContent()).toContain('first question');
  expect(await oldRow.textContent()).not.toContain('(fork)');
  await page.getByTestId('sessions-close').click();
  const points = await village.api<{ text: string }[]>('list_fork_points', { sessionId: original.id });
  expect(points.map((p) => p.text)).toEqual(['first question', 'second question']);
  expect(ui.errors).toEqual([]);
});

it('regenerates the last reply in a fork; the buttons say why they are off while a turn runs', async () => {
  // Only the last reply offers Regenerate.
  expect(await agentReply('answer one').getByTestId('message-regenerate').count()).toBe(0);
  const regenerate = agentReply('answer edited').getByTestId('message-regenerate');
  expect(await regenerate.getAttribute('aria-label')).toContain('Send the request again in a new branch');

  // Held until the checks below are done: the turn runs for as long as the test needs.
  fake.enqueue({ hold: true, body: textReply('openai', 'answer regenerated') });
  const requestsBefore = fake.requests.length;
  await regenerate.focus();
  await page.keyboard.press('Enter');
  // While the servant answers, Edit stays reachable but off, with the reason in its label.
  const firstEdit = page
    .locator('[data-testid="chat-message"][data-from="user"]', { hasText: 'first question' })
    .getByTestId('message-edit');
  await expect.poll(() => firstEdit.getAttribute('aria-disabled')).toBe('true');
  expect(await firstEdit.getAttribute('aria-label')).toContain('A servant is still answering');
  // force: Playwright itself waits for an aria-disabled button to be enabled; the click must land now.
  await firstEdit.click({ force: true });
  expect(await page.getByTestId('message-edit-box').count()).toBe(0);

  await fake.waitForRequests(requestsBefore + 1);
  fake.releaseHeld();
  await agentReply('answer regenerated').waitFor({ timeout: 30_000 });
  expect(await contents()).toEqual([
    'first question',
    'answer one',
    'second question, edited',
    'answer regenerated',
  ]);
  const regenerated = await village.api<SessionSummary>('current_session');
  expect(regenerated.meta.parentId).toBe(edited.id);
  await expect.poll(() => firstEdit.getAttribute('aria-disabled')).toBe(null);
  // The branch regenerated from keeps its reply.
  const sessions = await village.api<SessionSummary[]>('list_sessions');
  expect(sessions.map((s) => s.id)).toEqual(expect.arrayContaining([original.id, edited.id, regenerated.id]));
  await village.api('resume_session', { sessionId: edited.id });
  const kept = await village.api<AgentMessage[]>('list_messages');
  expect(kept.some((m) => m.content === 'answer edited')).toBe(true);
  expect(kept.some((m) => m.content === 'answer regenerated')).toBe(false);
  expect(ui.errors).toEqual([]);
});
