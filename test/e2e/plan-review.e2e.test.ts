/**
 * The work-status tab with a pending plan: the review panel opens by itself, the person edits one
 * request and dispatches; the cells follow the tasks to "answered" and the coordinator's reply to the
 * bundle arrives in the conversation. Finished waves can be cleared from view and shown again.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { FakeProvider, openAiToolCall, textReply } from '../fakes/fake-provider.ts';
import {
  closeBrowser,
  openUi,
  screenshot,
  startUiVillage,
  type UiSession,
  type UiVillage,
  fakeTemplate,
} from './ui-harness.ts';

let fake: FakeProvider;
let village: UiVillage;
let ui: UiSession;

beforeAll(async () => {
  fake = await new FakeProvider().start();
  village = await startUiVillage('ja');
  const id = await fakeTemplate(village, fake.baseUrl);
  for (const [agentId, name] of [
    ['lead', 'Lead'],
    ['ann', 'Ann'],
    ['bob', 'Bob'],
  ]) {
    await village.api('create_agent', {
      spec: { id: agentId, name, modelTemplateId: id, planReview: agentId === 'lead' },
    });
  }
  await village.api('set_connections', { agentId: 'lead', connectedAgents: ['ann', 'bob'] });
  for (const agentId of ['lead', 'ann', 'bob']) await village.api('start_agent', { agentId });
  ui = await openUi(village);
}, 60_000);

afterAll(async () => {
  await ui?.context.close();
  await closeBrowser();
  await village?.stop();
  await fake?.stop();
});

it('reviews, edits and dispatches a pending plan from the work-status tab', async () => {
  const { page } = ui;
  fake.enqueue({
    body: openAiToolCall('plan', {
      tasks: [
        { to: 'ann', message: 'draft the note' },
        { to: 'bob', message: 'check the note' },
      ],
    }),
  });
  await page.getByTestId('chat-target').selectOption('lead');
  await page.getByTestId('chat-input').fill('plan the note');
  await page.getByTestId('chat-send').click();

  const review = page.getByTestId('plan-review');
  await review.waitFor({ timeout: 30_000 });
  expect(await page.getByTestId('tab-work').getAttribute('aria-selected')).toBe('true');
  const cells = page.getByTestId('plan-cell');
  expect(
    await cells.evaluateAll((els) =>
      els.map((e) => [e.getAttribute('data-to'), e.className.includes('proposal')]),
    ),
  ).toEqual([
    ['ann', true],
    ['bob', true],
  ]);
  await screenshot(page, '10-plan-review');

  // The person changes Bob's request, then dispatches with no verifier.
  await page.getByTestId('plan-task-message').nth(1).fill('check the note for typos');
  fake.enqueue(
    { body: textReply('openai', 'first answer') },
    { body: textReply('openai', 'second answer') },
    { body: textReply('openai', 'bundle received') },
  );
  await page.getByTestId('plan-dispatch').click();
  await review.waitFor({ state: 'detached' });
  await expect
    .poll(
      () =>
        page.getByTestId('plan-cell').evaluateAll((els) => els.map((e) => e.getAttribute('data-task-state'))),
      {
        timeout: 30_000,
      },
    )
    .toEqual(['answered', 'answered']);
  expect(await page.getByTestId('plan-wave').getAttribute('data-state')).toBe('dispatched');
  const sent = fake.requests.map((r) => JSON.stringify(r.body));
  expect(sent.some((body) => body.includes('check the note for typos'))).toBe(true);
  await screenshot(page, '11-plan-dispatched');

  await page.getByTestId('tab-chat').click();
  await page.getByTestId('chat-message').filter({ hasText: 'bundle received' }).waitFor({ timeout: 30_000 });

  // Clearing finished waves hides them only; "show all" brings them back.
  await page.getByTestId('tab-work').click();
  await page.getByTestId('work-clear').click();
  expect(await page.getByTestId('plan-wave').count()).toBe(0);
  expect(await page.getByTestId('work-hidden').textContent()).toContain('1');
  await page.getByTestId('work-show-all').click();
  expect(await page.getByTestId('plan-wave').count()).toBe(1);
  expect(ui.errors).toEqual([]);
}, 60_000);
