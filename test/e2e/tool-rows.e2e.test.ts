/**
 * Tool rows survive (issue 22), in Chromium against `fuseforks serve` and the fake provider: a servant
 * reads a file and then a missing one; after a reload both rows are there with their names, the error
 * one says so, and a row opens to its arguments and result (as text, never HTML). Resuming the
 * session after a new chat, and forking it, keeps the rows.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { FakeProvider, openAiToolCall, textReply } from '../fakes/fake-provider.ts';
import {
  closeBrowser,
  fakeTemplate,
  openUi,
  screenshotFailures,
  startUiVillage,
  until,
  type UiSession,
  type UiVillage,
} from './ui-harness.ts';

let fake: FakeProvider;
let village: UiVillage;
let ui: UiSession;
let page: Page;
let outside: string;

beforeAll(async () => {
  outside = await mkdtemp(join(tmpdir(), 'fuseforks-tools-e2e-'));
  const work = join(outside, 'work');
  mkdirSync(work);
  writeFileSync(join(work, 'notes.md'), '<img src=x onerror="window.__hit=1">notes');
  fake = await new FakeProvider().start();
  village = await startUiVillage('en');
  const template = await fakeTemplate(village, fake.baseUrl);
  await village.api('create_agent', {
    spec: { id: 'dev', name: 'Dev', modelTemplateId: template, workDir: work, enabledTools: ['file'] },
  });
  await village.api('start_agent', { agentId: 'dev' });
  ui = await openUi(village, { locale: 'en-US' });
  page = ui.page;
}, 60_000);

afterAll(async () => {
  await ui?.context.close();
  await closeBrowser();
  await village?.stop();
  await fake?.stop();
  await rm(outside, { recursive: true, force: true });
});

screenshotFailures('tool-rows', () => page);

const rows = () => page.getByTestId('tool-row');

it('keeps tool rows across a reload, a resume and a fork; a row opens to its arguments and result', async () => {
  fake.enqueue(
    { body: openAiToolCall('file', { op: 'read', path: 'notes.md', reason: 'read the notes' }) },
    { body: openAiToolCall('file', { op: 'read', path: 'missing.md' }) },
    { body: textReply('openai', 'all read') },
  );
  await village.api('send_user_message', { to: 'dev', content: 'read the notes' });
  await until(
    () => village.api<unknown[]>('list_tool_calls'),
    (list) => list.length === 2,
    'two stored tool calls',
  );
  await page.reload();
  await expect.poll(() => rows().count()).toBe(2);
  expect(await page.getByTestId('tool-name').allTextContents()).toEqual(['file', 'file']);
  expect(await page.getByTestId('tool-outcome').allTextContents()).toEqual([
    'returned',
    'returned with an error',
  ]);

  await rows().first().getByTestId('tool-open').click();
  const args = await rows().first().getByTestId('tool-args').textContent();
  expect(JSON.parse(args!)).toEqual({ op: 'read', path: 'notes.md' });
  expect(await rows().first().getByTestId('tool-result').textContent()).toContain('onerror=');
  // The file's markup stayed text: its onerror never ran.
  expect(await page.evaluate('typeof globalThis.__hit')).toBe('undefined');
  expect(await rows().first().locator('img').count()).toBe(0);
  expect(await rows().first().getByTestId('tool-open').getAttribute('aria-expanded')).toBe('true');

  const session = await village.api<{ id: string; meta: { recordCount: number } }>('current_session');
  await village.api('reset_conversation');
  await expect.poll(() => rows().count()).toBe(0);
  await village.api('resume_session', { sessionId: session.id });
  await expect.poll(() => rows().count()).toBe(2);
  await village.api('fork_session', { sessionId: session.id, atSeq: session.meta.recordCount - 1 });
  await until(
    () => village.api<{ id: string }>('current_session'),
    (current) => current.id !== session.id,
    'the fork open',
  );
  await page.reload();
  await expect.poll(() => rows().count()).toBe(2);
}, 60_000);

it('an ask to another servant reads `ask → <name>` live and after a reload', async () => {
  const template = await fakeTemplate(village, fake.baseUrl);
  await village.api('create_agent', { spec: { id: 'bob', name: 'Bob', modelTemplateId: template } });
  await village.api('start_agent', { agentId: 'bob' });
  await village.api('set_connections', { agentId: 'dev', connectedAgents: ['bob'] });
  await village.api('reset_conversation');
  await expect.poll(() => rows().count()).toBe(0);
  // One queue, asked in turn: Dev asks, Bob answers the ask, Dev replies with the answer.
  fake.enqueue(
    { body: openAiToolCall('ask_bob', { message: 'how are the notes?' }) },
    { body: textReply('openai', 'the notes are fine') },
    { body: textReply('openai', 'Bob says fine') },
  );
  await village.api('send_user_message', { to: 'dev', content: 'ask Bob' });
  await expect.poll(() => page.getByTestId('tool-name').allTextContents()).toEqual(['ask → Bob']);
  // The servant card says the same readable name; the raw one stays in its title.
  const lastTool = page
    .locator('[data-testid="agent-card"][data-agent-id="dev"]')
    .getByTestId('agent-last-tool');
  await expect.poll(() => lastTool.textContent()).toMatch(/Latest tool: ask → Bob · returned/);
  expect(await lastTool.getAttribute('title')).toBe('ask_bob');
  await until(
    () => village.api<{ target?: string }[]>('list_tool_calls'),
    (list) => list.length === 1 && list[0]!.target === 'bob',
    'the stored ask',
  );
  await page.reload();
  await expect.poll(() => page.getByTestId('tool-name').allTextContents()).toEqual(['ask → Bob']);
}, 60_000);

it('a refused key shows once, on the card in the UI’s words with a way to the template; no toast', async () => {
  await village.api('reset_conversation');
  fake.enqueue({ status: 401, body: { error: { message: 'Invalid API key', code: 'invalid_api_key' } } });
  await village.api('send_user_message', { to: 'bob', content: 'fail please' });
  const card = page.locator('[data-testid="agent-card"][data-agent-id="bob"]');
  const error = card.getByTestId('agent-error');
  await error.waitFor({ timeout: 30_000 });
  expect(await error.textContent()).toContain(
    'The provider refused the API key (HTTP 401): check the API key of this servant’s template.',
  );
  expect(await error.textContent()).not.toContain('LLM_API');
  expect(await error.getAttribute('title')).toMatch(/^LLM_API: /);
  // The chat has the core's line for the failure; no toast repeats it.
  await expect
    .poll(() => page.getByTestId('chat-content').filter({ hasText: 'Invalid API key' }).count())
    .toBeGreaterThan(0);
  // That line says where to fix it, as the card does.
  const hint = 'The provider refused the API key (HTTP 401): check the API key of Bob’s template.';
  expect(await page.getByTestId('chat-content').filter({ hasText: hint }).count()).toBe(1);
  await page.waitForTimeout(300);
  expect(await page.getByTestId('toast').filter({ hasText: 'Invalid API key' }).count()).toBe(0);
  await error.getByTestId('agent-error-template').click();
  await page.getByTestId('templates-dialog').waitFor();
  await page.getByTestId('template-close').click();
  expect(ui.errors).toEqual([]);
}, 60_000);
