/**
 * The Schedule screen in the real UI against the real server: the button left of System settings,
 * the note that schedules run only while the app runs, a schedule created (with errors shown next to
 * their fields first), edited into a 1-minute interval with an approved pre-check probe, its firing
 * arriving in the conversation labelled "Scheduled run", then disabled and deleted with a confirm.
 * The firing waits for the server's real minute tick: this file takes up to about two minutes.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
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

interface StoredSchedule {
  id: string;
  to: string;
  message: string;
  recurrence: Record<string, unknown>;
  enabled: boolean;
  probe?: { command: string; args: string[]; expect: string } | null;
  probeApproved: boolean;
  lastFiring: unknown;
}

let fake: FakeProvider;
let village: UiVillage;
let ui: UiSession;
let page: Page;

beforeAll(async () => {
  fake = await new FakeProvider().start();
  village = await startUiVillage('en');
  const id = await fakeTemplate(village, fake.baseUrl);
  await village.api('create_agent', { spec: { id: 'zari', name: 'Zari', modelTemplateId: id } });
  await village.api('create_agent', { spec: { id: 'ken', name: 'Ken', modelTemplateId: id } });
  await village.api('start_agent', { agentId: 'zari' });
  ui = await openUi(village, { locale: 'en-US' });
  page = ui.page;
  await page.getByTestId('agent-card').first().waitFor();
}, 60_000);
screenshotFailures('schedules', () => page);
afterAll(async () => {
  await ui?.context.close();
  await closeBrowser();
  await village?.stop();
  await fake?.stop();
});

const stored = () => village.api<StoredSchedule[]>('list_schedules');
const row = () => page.getByTestId('schedule-row');
const cell = (name: string) => row().getByTestId(`schedule-row-${name}`).innerText();

it('sits left of System settings and says schedules run only while the app runs', async () => {
  const buttons = await page
    .locator('.title-bar button')
    .evaluateAll((all) => all.map((b) => b.getAttribute('data-testid')));
  expect(buttons.indexOf('open-schedules')).toBe(buttons.indexOf('open-settings') - 1);
  await page.getByTestId('open-schedules').click();
  await page.getByTestId('schedules-dialog').waitFor();
  expect(await page.getByTestId('schedules-runs-only-while-open').innerText()).toContain(
    'run only while Fuseforks is running',
  );
  await page.getByTestId('schedules-empty').waitFor();
});

it('creates a schedule, showing each mistake next to its field first', async () => {
  await page.getByTestId('schedule-add').click();
  await page.getByTestId('schedule-target').selectOption('ken');
  await page.getByTestId('schedule-kind-weekly').check();
  await page.getByTestId('schedule-weekday').selectOption('mon');
  await page.getByTestId('schedule-time').fill('09:00');
  expect(await page.getByTestId('schedule-preview').innerText()).toBe('Runs every Monday at 09:00.');
  await page.getByTestId('schedule-probe-on').check();
  await page.getByTestId('schedule-probe-timeout').fill('4000');
  await page.getByTestId('schedule-save').click();
  expect(await page.getByTestId('schedule-error-message').innerText()).toBe('Write the request.');
  expect(await page.getByTestId('schedule-error-probe-command').innerText()).toBe('Enter a command.');
  expect(await page.getByTestId('schedule-error-probe-timeoutSecs').innerText()).toBe(
    'A whole number of seconds from 1 to 3600.',
  );
  expect(await stored()).toEqual([]);
  await screenshot(page, 'schedules-errors');

  await page.getByTestId('schedule-probe-on').uncheck();
  await page.getByTestId('schedule-message').fill('check the build');
  await page.getByTestId('schedule-save').click();
  await row().waitFor();
  // Ken is not running: the list says his runs are skipped.
  expect(await cell('target')).toBe('Ken\nstopped: its runs are skipped');
  expect(await cell('message')).toBe('check the build');
  expect(await cell('recurrence')).toBe('every Monday at 09:00');
  expect(await cell('next')).toMatch(/^\d\d\/\d\d 09:00$/);
  expect(await cell('probe')).toBe('no probe');
  expect(await cell('firing')).toBe('not yet');
  expect(await cell('acceptance')).toBe('no check');
  const [schedule] = await stored();
  expect(schedule).toMatchObject({
    to: 'ken',
    message: 'check the build',
    recurrence: { kind: 'weekly', weekday: 'mon', hour: 9, minute: 0 },
    enabled: true,
  });
});

it('edits it into a 1-minute interval with an approved probe, and its firing arrives in the conversation', async () => {
  await page.getByTestId('schedule-edit').click();
  await page.getByTestId('schedule-target').selectOption('zari');
  await page.getByTestId('schedule-message').fill('report the build');
  await page.getByTestId('schedule-kind-interval').check();
  await page.getByTestId('schedule-every').fill('1');
  expect(await page.getByTestId('schedule-preview').innerText()).toBe('Runs every minute.');
  await page.getByTestId('schedule-probe-on').check();
  expect(await page.getByTestId('schedule-probe-approval').innerText()).toContain(
    'Saving approves this command on this device only',
  );
  // A probe that always matches: no shell, so node itself prints line 1 (and a line 2 for the request).
  await page.getByTestId('schedule-probe-command').fill(process.execPath);
  await page.getByTestId('schedule-probe-args').fill("-e\nconsole.log('go\\nbuild is green')");
  await page.getByTestId('schedule-probe-expect').fill('go');
  await page.getByTestId('schedule-save').click();
  await expect.poll(() => cell('recurrence')).toBe('every minute');
  expect(await cell('target')).toBe('Zari');
  const [schedule] = await stored();
  expect(schedule).toMatchObject({
    to: 'zari',
    message: 'report the build',
    recurrence: { kind: 'interval', everyMinutes: 1 },
    probe: { command: process.execPath, expect: 'go' },
    probeApproved: true,
  });
  await page.getByTestId('schedule-edit').click();
  expect(await page.getByTestId('schedule-probe-approved').innerText()).toContain('approved on this device');
  await page.getByTestId('schedule-cancel').click();
  await page.getByTestId('schedules-close').click();

  await page.locator('[data-testid="agent-card"][data-agent-id="zari"]').click();
  fake.enqueue({ body: textReply('openai', 'the build is green, boss') });
  const firing = page.getByTestId('chat-message').filter({ hasText: 'Scheduled run' });
  await firing.first().waitFor({ timeout: 150_000 });
  expect(await firing.first().innerText()).toContain('report the build');
  await page
    .getByTestId('chat-message')
    .filter({ hasText: 'the build is green, boss' })
    .waitFor({ timeout: 30_000 });
  // The probe's line 2 went with the request to the model.
  expect(JSON.stringify(fake.requests.at(-1)!.body)).toContain('build is green');
  await screenshot(page, 'schedules-firing');

  await page.getByTestId('open-schedules').click();
  await expect.poll(() => cell('firing')).not.toBe('not yet');
  expect(await cell('probe')).toMatch(/^matched · /);
}, 200_000);

it('disables and then deletes it, asking first', async () => {
  await row().getByTestId('schedule-enabled').uncheck();
  await expect.poll(() => cell('next')).toBe('off');
  expect((await stored())[0]!.enabled).toBe(false);

  await row().getByTestId('schedule-delete').click();
  await page.getByTestId('confirm-dialog').waitFor();
  await page.getByTestId('confirm-cancel').click();
  expect(await stored()).toHaveLength(1);
  await row().getByTestId('schedule-delete').click();
  await page.getByTestId('confirm-ok').click();
  await page.getByTestId('schedules-empty').waitFor();
  expect(await stored()).toEqual([]);
});
