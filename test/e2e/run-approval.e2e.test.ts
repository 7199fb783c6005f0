/**
 * Inline `run` approval (issue 22), in Chromium against `fuseforks serve` and the fake provider, in a
 * Japanese and an English village: a servant calls run with a reason -> its row shows the command,
 * the reason and the buttons; Allow (from the keyboard) -> the servant is told in the village
 * language and its next run call runs; a reload keeps the row with its decision; the Approvals
 * dialog shows the reason, and a Deny there reaches the row without a reload.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeProvider, openAiToolCall, textReply } from '../fakes/fake-provider.ts';
import {
  closeBrowser,
  fakeTemplate,
  openUi,
  screenshot,
  screenshotFailures,
  startUiVillage,
  until,
  type UiSession,
  type UiVillage,
} from './ui-harness.ts';

interface Texts {
  locale: string;
  reason: string;
  secondReason: string;
  allowedAfterClick: string;
  allowedAfterReload: string;
  denied: string;
  told: string;
  reasonLabel: string;
  queued: string;
}

const TEXTS: Record<'ja' | 'en', Texts> = {
  ja: {
    locale: 'ja-JP',
    reason: 'node の版を確かめる',
    secondReason: '計算を試す',
    allowedAfterClick: '許可済み: node --version',
    allowedAfterReload: '許可済み',
    denied: '拒否済み',
    told: '承認しました: `node --version`。もう一度 run を呼べます。',
    reasonLabel: '理由',
    queued: '返った（承認待ちに入った）',
  },
  en: {
    locale: 'en-US',
    reason: 'check the node version',
    secondReason: 'try a sum',
    allowedAfterClick: 'Allowed: node --version',
    allowedAfterReload: 'Allowed',
    denied: 'Denied',
    told: 'Approved: `node --version`. You can call run again.',
    reasonLabel: 'Reason',
    queued: 'returned: queued for approval',
  },
};

afterAll(async () => {
  await closeBrowser();
});

describe.each(['ja', 'en'] as const)('inline run approval in a %s village', (language) => {
  const T = TEXTS[language];
  let fake: FakeProvider;
  let village: UiVillage;
  let ui: UiSession;
  let page: Page;

  beforeAll(async () => {
    fake = await new FakeProvider().start();
    village = await startUiVillage(language);
    const template = await fakeTemplate(village, fake.baseUrl);
    await village.api('create_agent', {
      spec: { id: 'dev', name: 'Dev', modelTemplateId: template, enabledTools: ['run'] },
    });
    await village.api('start_agent', { agentId: 'dev' });
    ui = await openUi(village, { locale: T.locale });
    page = ui.page;
  }, 60_000);

  afterAll(async () => {
    await ui?.context.close();
    await village?.stop();
    await fake?.stop();
  });

  screenshotFailures(`run-approval-${language}`, () => page);

  const panels = () => page.getByTestId('run-approval');
  const messages = () => village.api<{ from: { kind: string }; content: string }[]>('list_messages');
  const replied = (text: string) =>
    until(messages, (list) => list.some((m) => m.content === text), `the reply ${text}`);
  /** The tool results the model read in the last request. */
  const lastToolResults = () =>
    (fake.requests.at(-1)!.body as { messages: { role: string; content: string }[] }).messages
      .filter((m) => m.role === 'tool')
      .map((m) => m.content);

  it('shows the waiting call in its row; Allow tells the servant and its next run call runs', async () => {
    fake.enqueue(
      { body: openAiToolCall('run', { command: 'node', args: ['--version'], reason: T.reason }) },
      { body: textReply('openai', 'waiting for approval') },
    );
    await village.api('send_user_message', { to: 'dev', content: 'which node?' });
    await replied('waiting for approval');
    const panel = panels().first();
    await expect.poll(() => panel.getAttribute('data-state')).toBe('pending');
    expect(await page.getByTestId('tool-outcome').first().textContent()).toBe(T.queued);
    expect(await panel.getByTestId('approval-command').textContent()).toBe('node --version');
    expect(await panel.getByTestId('approval-reason').textContent()).toContain(T.reason);
    expect(await panel.getByTestId('approval-open-pattern').textContent()).toBe('node --version *');
    await screenshot(page, `run-approval-${language}-pending`);

    // The servant's next turn, started by the message the Allow sends: it calls run again.
    fake.enqueue(
      { body: openAiToolCall('run', { command: 'node', args: ['--version'], reason: T.reason }) },
      { body: textReply('openai', 'version seen') },
    );
    await panel.getByTestId('approval-allow').focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => panel.getAttribute('data-state')).toBe('allowed');
    expect(await panel.getByTestId('approval-outcome').textContent()).toBe(T.allowedAfterClick);
    expect(await panel.locator('button').count()).toBe(0);

    await replied('version seen');
    const list = await messages();
    expect(list.filter((m) => m.from.kind === 'user').map((m) => m.content)).toEqual(['which node?', T.told]);
    // The run result the model read: the command ran (a version line), not another refusal.
    expect(lastToolResults().at(-1)).toMatch(/v\d+\.\d+\.\d+/);
    expect(await village.api<{ total: number }>('list_pending_commands')).toMatchObject({ total: 0 });
  }, 60_000);

  it('keeps the row with its decision after a reload', async () => {
    await page.reload();
    await expect.poll(() => panels().count()).toBe(1);
    await expect.poll(() => panels().first().getAttribute('data-state')).toBe('allowed');
    expect(await panels().first().getByTestId('approval-outcome').textContent()).toBe(T.allowedAfterReload);
    expect(await panels().first().getByTestId('approval-reason').textContent()).toContain(T.reason);
  }, 60_000);

  it('the Approvals dialog shows the reason; a Deny there reaches the row without a reload', async () => {
    fake.enqueue(
      { body: openAiToolCall('run', { command: 'node', args: ['-p', '6*7'], reason: T.secondReason }) },
      { body: textReply('openai', 'second wait') },
    );
    await village.api('send_user_message', { to: 'dev', content: 'add' });
    await replied('second wait');
    const second = panels().nth(1);
    await expect.poll(() => second.getAttribute('data-state')).toBe('pending');
    // A `*` inside an argument is quoted, so it cannot pass for the pattern's wildcard.
    expect(await second.getByTestId('approval-command').textContent()).toBe("node -p '6*7'");
    expect(await second.getByTestId('approval-open-pattern').textContent()).toBe('node -p *');

    await page.getByTestId('open-approvals').click();
    await page.getByTestId('approvals-dialog').waitFor();
    const reason = page.getByTestId('approval-entry-reason');
    await expect.poll(() => reason.count()).toBe(1);
    expect(await reason.textContent()).toContain(`${T.reasonLabel}: ${T.secondReason}`);
    expect(await page.getByTestId('approval-entry-command').textContent()).toBe("node -p '6*7'");
    expect(await page.getByTestId('approval-exact-pattern').textContent()).toBe("node -p '6*7'");
    const before = (await messages()).length;
    await page.getByTestId('approval-reject').click();
    await page.keyboard.press('Escape');
    await page.getByTestId('approvals-dialog').waitFor({ state: 'detached' });
    await expect.poll(() => second.getAttribute('data-state')).toBe('denied');
    expect(await second.getByTestId('approval-outcome').textContent()).toBe(T.denied);
    // Deny is silent: nothing is sent to the servant.
    expect(await messages()).toHaveLength(before);
  }, 60_000);

  it('draws right-to-left arguments in argv order, each word isolated', async () => {
    // Joined as plain text, "echo אב גד" is drawn "echo דג בא": the second argument on the left.
    fake.enqueue(
      { body: openAiToolCall('run', { command: 'echo', args: ['אב', 'גד'], reason: T.reason }) },
      { body: textReply('openai', 'third wait') },
    );
    await village.api('send_user_message', { to: 'dev', content: 'say it' });
    await replied('third wait');
    const third = panels().nth(2);
    await expect.poll(() => third.getAttribute('data-state')).toBe('pending');
    const words = third.getByTestId('approval-command').getByTestId('shown-word');
    expect(await words.allTextContents()).toEqual(['echo', 'אב', 'גד']);
    const lefts = await Promise.all([0, 1, 2].map(async (i) => (await words.nth(i).boundingBox())!.x));
    expect(lefts[0]).toBeLessThan(lefts[1]!);
    expect(lefts[1]).toBeLessThan(lefts[2]!);
  }, 60_000);

  it('logged no error in the page', () => {
    expect(ui.errors).toEqual([]);
  });
});
