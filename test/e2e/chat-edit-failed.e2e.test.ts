/**
 * Edit and Regenerate are all or nothing (issue 22), in Chromium against `fuseforks serve` and the
 * fake provider: when the send itself is refused after resend_from made the fork, the page ends in
 * the conversation it was in, its messages as they were, the list without the removed fork, and the
 * toast says why.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { SessionSummary } from '../../src/domain/session.ts';
import { FakeProvider, textReply } from '../fakes/fake-provider.ts';
import { wavBytes } from '../helpers/attachment-files.ts';
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
let templateId: string;

const agentReply = (text: string) =>
  page.locator('[data-testid="chat-message"][data-from="agent_1"]', { hasText: text });
const contents = () =>
  page
    .locator('[data-testid="chat-message"]:not([data-from="system"]) [data-testid="chat-content"]')
    .allTextContents()
    .then((list) => list.map((s) => s.trim()));

beforeAll(async () => {
  fake = await new FakeProvider().start();
  village = await startUiVillage('en');
  templateId = await fakeTemplate(village, fake.baseUrl);
  await village.api('create_agent', { spec: { name: 'Zari', modelTemplateId: templateId } });
  await village.api('start_agent', { agentId: 'agent_1' });
  ui = await openUi(village, { locale: 'en-US' });
  page = ui.page;
  await page.getByTestId('agent-card').first().waitFor();
}, 60_000);
screenshotFailures('chat-edit-failed', () => page);
afterAll(async () => {
  await ui?.context.close();
  await closeBrowser();
  await village?.stop();
  await fake?.stop();
});

it('a regenerate whose send is refused leaves the page where it was, without the fork', async () => {
  fake.enqueue({ body: textReply('openai', 'answer one') }, { body: textReply('openai', 'heard') });
  await village.api('send_user_message', { to: 'agent_1', content: 'first question' });
  await agentReply('answer one').waitFor({ timeout: 30_000 });
  // Audio: the OpenAI-compatible wire carries it, so this send and the resend's own checks pass.
  await village.api('send_user_message', {
    to: 'agent_1',
    content: 'listen',
    attachment: { fileName: 'voice.wav', bytes: wavBytes().toString('base64') },
  });
  await agentReply('heard').waitFor({ timeout: 30_000 });
  const source = await village.api<SessionSummary>('current_session');
  const sessionsBefore = await village.api<SessionSummary[]>('list_sessions');
  const shown = await contents();
  expect(shown).toEqual(['first question', 'answer one', 'listen', 'heard']);
  const titleBefore = await page.getByTestId('session-title').textContent();
  // Then the template moves to Anthropic, which cannot carry audio: the send refuses the file.
  await fakeTemplate(village, fake.baseUrl, { id: templateId, provider: 'anthropic' });

  await agentReply('heard').getByTestId('message-regenerate').click();
  const toast = page.getByTestId('toast').filter({ hasText: 'cannot take this kind of file' });
  await toast.waitFor({ timeout: 15_000 });

  expect((await village.api<SessionSummary>('current_session')).id).toBe(source.id);
  expect((await village.api<SessionSummary[]>('list_sessions')).map((s) => s.id).sort()).toEqual(
    sessionsBefore.map((s) => s.id).sort(),
  );
  // The page followed the switch back: the source's messages and title, no fork anywhere.
  await expect.poll(contents).toEqual(shown);
  expect(await page.getByTestId('session-title').textContent()).toBe(titleBefore);
  await page.getByTestId('open-sessions').click();
  await page.getByTestId('session-list').waitFor();
  const rows = page.getByTestId('session-row');
  await expect.poll(() => rows.count()).toBe(sessionsBefore.length);
  expect(await page.locator(`[data-testid="session-row"][data-session-id="${source.id}"]`).count()).toBe(1);
  expect((await rows.allTextContents()).some((text) => text.includes('(fork)'))).toBe(false);
  await page.getByTestId('sessions-close').click();
  expect(fake.requests).toHaveLength(2);
  expect(ui.errors.filter((e) => !e.includes('status of 400'))).toEqual([]);
});
