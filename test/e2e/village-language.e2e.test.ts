/**
 * The Japanese and English texts (issue 22), in Chromium against `fuseforks serve` and the fake
 * provider, once for a Japanese and once for an English village: a servant reads a missing file (an
 * error result), greps (a bundled tool's own words), asks Bob and transfers to Carol. Checked: (a) the
 * tool results the model received (the fake provider's request bodies) are in the village language,
 * (b) the tool rows' labels and the chat's words are in the UI language, live and after a reload,
 * (c) a core error shows the UI's text for its code with the server's message as detail, once, and
 * (d) the statistics headers are the UI language's.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GREP_RESULT_TEXTS } from '../../src/tools/grep/notices.ts';
import { WORK_DIR_TEXTS } from '../../src/tools/work-dir/texts.ts';
import { FakeProvider, openAiToolCall, textReply, type RecordedRequest } from '../fakes/fake-provider.ts';
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

const JAPANESE = /[\u3040-\u30ff\u4e00-\u9fff]/u;
const REPO = new URL('../../', import.meta.url);

/** The UI's own words, read from the locale files the built UI was made from. */
function locale(language: 'ja' | 'en', file: string): Record<string, unknown> {
  const json = JSON.parse(readFileSync(new URL(`web/src/locales/${language}/${file}.json`, REPO), 'utf8'));
  return (json[file] ?? json) as Record<string, unknown>;
}

/** Every tool message content the model was sent, in order of first appearance. */
function toolResultsSent(requests: readonly RecordedRequest[]): string[] {
  const seen: string[] = [];
  for (const request of requests) {
    const messages = (request.body as { messages?: { role: string; content: unknown }[] }).messages ?? [];
    for (const m of messages) {
      if (m.role !== 'tool' || typeof m.content !== 'string') continue;
      if (!seen.includes(m.content)) seen.push(m.content);
    }
  }
  return seen;
}

afterAll(async () => {
  await closeBrowser();
});

describe.each(['ja', 'en'] as const)('a %s village', (language) => {
  const chat = locale(language, 'chat');
  const errors = locale(language, 'errors');
  const statsCol = locale(language, 'stats').col as Record<string, string>;
  let fake: FakeProvider;
  let village: UiVillage;
  let ui: UiSession;
  let page: Page;
  let outside: string;

  beforeAll(async () => {
    outside = await mkdtemp(join(tmpdir(), `fuseforks-lang-${language}-`));
    const work = join(outside, 'work');
    mkdirSync(work);
    writeFileSync(join(work, 'notes.md'), 'hello notes\n');
    fake = await new FakeProvider().start();
    village = await startUiVillage(language);
    const template = await fakeTemplate(village, fake.baseUrl);
    for (const [id, name] of [
      ['bob', 'Bob'],
      ['carol', 'Carol'],
    ]) {
      await village.api('create_agent', { spec: { id, name, modelTemplateId: template } });
      await village.api('start_agent', { agentId: id });
    }
    await village.api('create_agent', {
      spec: {
        id: 'dev',
        name: 'Dev',
        modelTemplateId: template,
        workDir: work,
        enabledTools: ['file', 'grep'],
        connectedAgents: ['bob', 'carol'],
      },
    });
    await village.api('start_agent', { agentId: 'dev' });
    ui = await openUi(village, { locale: language === 'ja' ? 'ja-JP' : 'en-US' });
    page = ui.page;
  }, 60_000);

  afterAll(async () => {
    await ui?.context.close();
    await village?.stop();
    await fake?.stop();
    await rm(outside, { recursive: true, force: true });
  });

  screenshotFailures(`village-language-${language}`, () => page);

  const names = () => page.getByTestId('tool-name').allTextContents();
  const outcomes = () => page.getByTestId('tool-outcome').allTextContents();
  const expectedNames = [
    'file',
    'grep',
    `${chat.toolAsk as string} → Bob`,
    `${chat.toolTransfer as string} → Carol`,
  ];
  const returned = chat.toolReturned as string;
  const expectedOutcomes = [chat.toolReturnedError as string, returned, returned, returned];

  it('the model reads its tool results in the village language; the rows speak the UI language', async () => {
    // One queue, asked in turn: Dev reads, greps, asks Bob (who answers), then hands on to Carol.
    fake.enqueue(
      { body: openAiToolCall('file', { op: 'read', path: 'missing.md', reason: 'read the notes' }) },
      { body: openAiToolCall('grep', { pattern: 'hello' }) },
      { body: openAiToolCall('ask_bob', { message: 'how are the notes?' }) },
      { body: textReply('openai', 'the notes are fine') },
      { body: openAiToolCall('transfer_to_carol', { message: 'over to you, Carol' }) },
      { body: textReply('openai', 'Carol has it') },
    );
    await village.api('send_user_message', { to: 'dev', content: 'check the notes' });
    await expect.poll(names, { timeout: 20_000 }).toEqual(expectedNames);
    expect(await outcomes()).toEqual(expectedOutcomes);

    // (a) What the model was sent back: the missing file, the grep summary, Bob's answer.
    const results = toolResultsSent(fake.requests);
    expect(results).toHaveLength(3);
    expect(results[0]).toContain(WORK_DIR_TEXTS[language].missing('missing.md'));
    expect(results[1]).toContain(GREP_RESULT_TEXTS[language].total(1, 1));
    expect(results[2]).toContain('the notes are fine');
    for (const text of results.slice(0, 2)) {
      if (language === 'ja') expect(text).toMatch(JAPANESE);
      else expect(text).not.toMatch(JAPANESE);
    }

    // (b) A row opens in the UI's words, the transfer's arguments being the message it sent.
    const transferRow = page.getByTestId('tool-row').nth(3);
    expect(await transferRow.getByTestId('tool-open').textContent()).toContain(
      chat.toolShowDetails as string,
    );
    await transferRow.getByTestId('tool-open').click();
    expect(JSON.parse((await transferRow.getByTestId('tool-args').textContent())!)).toEqual({
      message: 'over to you, Carol',
    });
    expect(await transferRow.getByTestId('tool-reason').count()).toBe(0);
  }, 60_000);

  it('keeps the rows, in order among the messages and in the same words, after a reload', async () => {
    await until(
      () => village.api<unknown[]>('list_tool_calls'),
      (list) => list.length === 4,
      'four stored tool calls',
    );
    await page.reload();
    await expect.poll(names).toEqual(expectedNames);
    expect(await outcomes()).toEqual(expectedOutcomes);
    // The transfer row comes after the message it sent (the chat orders rows and messages by time).
    const order = await page.evaluate<string[]>(
      `[...document.querySelectorAll('[data-testid="tool-row"], [data-testid="chat-message"]')].map((el) =>
        el.dataset.testid === 'tool-row'
          ? 'tool:' + el.dataset.tool
          : 'message:' + ((el.textContent ?? '').includes('over to you, Carol') ? 'handoff' : 'other'))`,
    );
    const handoff = order.indexOf('message:handoff');
    expect(handoff).toBeGreaterThanOrEqual(0);
    expect(order.indexOf('tool:transfer_to_carol')).toBeGreaterThan(handoff);
  }, 60_000);

  it("a core error shows the UI's text for its code with the server's message as detail, once", async () => {
    await page.locator('[data-testid="agent-card"][data-agent-id="dev"]').getByTestId('agent-edit').click();
    await page.getByTestId('agent-settings-dialog').waitFor();
    await page.getByTestId('agent-workdir').fill(village.workspace);
    await page.getByTestId('agent-save').click();
    const shown = page.getByTestId('agent-workdir-error');
    await shown.waitFor();
    const own = errors.INVALID_ARGUMENT as string;
    const detail = 'the work folder overlaps the workspace or the app data folder';
    const text = (await shown.textContent())!.trim();
    expect(text.startsWith(own)).toBe(true);
    expect(text).toContain(detail);
    expect(text.split(own)).toHaveLength(2);
    expect(text.split(detail)).toHaveLength(2);
    // The refused folder was never saved: closing asks to discard the edit.
    await page.getByTestId('agent-close').click();
    await page.getByTestId('confirm-ok').click();
    await page.getByTestId('agent-settings-dialog').waitFor({ state: 'detached' });
  }, 60_000);

  it('the statistics headers are in the UI language', async () => {
    await page.getByTestId('open-stats').click();
    const table = page.getByTestId('stats-table-models');
    await table.waitFor();
    const headers = (await table.locator('th').allTextContents()).map((h) => h.trim());
    expect(headers.slice(0, 3)).toEqual([statsCol.model, statsCol.requests, statsCol.totalTokens]);
    for (const header of headers) {
      if (language === 'ja') expect(header).toMatch(JAPANESE);
      else expect(header).not.toMatch(JAPANESE);
    }
    await page.getByTestId('stats-close').click();
    // The refused save above is the one 400 the browser logs; nothing else went wrong in the page.
    expect(ui.errors.filter((e) => !e.includes('status of 400'))).toEqual([]);
    expect(ui.errors).toHaveLength(1);
  }, 60_000);
});
