/**
 * The 黒板 / Blackboard tab as a person meets it, in Chromium against `fuseforks serve` and the fake
 * provider: a servant with a work folder is asked something and writes a note with the `blackboard`
 * tool; the note shows in the doing lane, headed with the servant's display name, its body as plain
 * text, collapsible across a reload; deleting it (no confirm) takes it out of the tab and the folder
 * into the trash. Notes put in the folder show up by themselves (the tab re-reads while shown); "Delete
 * done" and "Clear all" each go after a confirm that states the count. The trash is a temp XDG_DATA_HOME. Steps share one village, in order.
 */
import { existsSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { FakeProvider, openAiToolCall, textReply } from '../fakes/fake-provider.ts';
import { contrastOf } from './contrast.ts';
import {
  closeBrowser,
  fakeTemplate,
  openUi,
  screenshot,
  SCREENSHOTS,
  screenshotFailures,
  startUiVillage,
  type UiSession,
  type UiVillage,
  until,
} from './ui-harness.ts';

let fake: FakeProvider;
let village: UiVillage;
let ui: UiSession;
let page: Page;
let outside: string;
let work: string;
let trashInfo: string;

beforeAll(async () => {
  outside = await mkdtemp(join(tmpdir(), 'fuseforks-bb-e2e-'));
  work = join(outside, 'work');
  mkdirSync(work);
  // The server's OS trash is this folder's, never the real home's.
  const dataHome = join(outside, 'xdg');
  trashInfo = join(dataHome, 'Trash', 'info');
  fake = await new FakeProvider().start();
  village = await startUiVillage({ language: 'en', env: { XDG_DATA_HOME: dataHome } });
  const template = await fakeTemplate(village, fake.baseUrl);
  await village.api('create_agent', {
    spec: { id: 'dev', name: 'Dev Servant', modelTemplateId: template, workDir: work },
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
  if (outside) await rm(outside, { recursive: true, force: true });
});

screenshotFailures('blackboard', () => page);

/** A path under the work folder's blackboard/. */
const onBoard = (...parts: string[]) => join(work, 'blackboard', ...parts);
/** Where each file in the trash came from, relative to blackboard/ (the trash renames the files). */
const trashed = () =>
  (existsSync(trashInfo) ? readdirSync(trashInfo) : []).map((info) => {
    const path = decodeURIComponent(/^Path=(.*)$/m.exec(readFileSync(join(trashInfo, info), 'utf8'))![1]!);
    return path.startsWith(onBoard()) ? path.slice(onBoard().length + 1) : path;
  });
const notesIn = (lane: string) => page.getByTestId(`blackboard-lane-${lane}`).getByTestId('blackboard-note');
const headings = (lane: string) => notesIn(lane).getByTestId('blackboard-note-heading').allTextContents();

async function openTab() {
  await page.getByTestId('tab-blackboard').click();
  await page.getByTestId('blackboard-tab').waitFor();
}

it('explains an empty blackboard and still shows its three lanes', async () => {
  await openTab();
  const empty = page.getByTestId('blackboard-empty');
  await empty.waitFor();
  const text = (await empty.textContent()) ?? '';
  expect(text).toContain('blackboard tool');
  expect(text).toContain('“Uses the blackboard”');
  expect(text).toContain('work folder');
  for (const lane of ['doing', 'on-hold', 'done'])
    await page.getByTestId(`blackboard-lane-${lane}`).waitFor();
  expect(await page.getByTestId('blackboard-lane-unfiled').count()).toBe(0);
  expect(await page.getByTestId('blackboard-clear').isDisabled()).toBe(true);
  // A labelled group: a toolbar role would promise arrow-key movement the header does not have.
  expect(await page.getByRole('group', { name: 'Blackboard actions' }).count()).toBe(1);
  expect(await page.getByTestId('blackboard-tab').getByRole('toolbar').count()).toBe(0);
});

it('shows the note a servant writes with the blackboard tool in doing, headed with its display name, as plain text', async () => {
  fake.enqueue(
    {
      body: openAiToolCall('blackboard', {
        op: 'write',
        name: 'Survey',
        body: 'step 1 <b>not bold</b>\n  indented\n',
        reason: 'start the job',
      }),
    },
    { body: textReply('openai', 'noted') },
  );
  await page.getByTestId('tab-chat').click();
  await page.getByTestId('chat-target').selectOption('dev');
  await page.getByTestId('chat-input').fill('survey the folder');
  await page.getByTestId('chat-send').click();
  await until(
    () => village.api<{ content: string }[]>('list_messages'),
    (list) => list.some((m) => m.content === 'noted'),
    'the reply noted',
  );
  expect(existsSync(onBoard('doing', 'dev - Survey.md'))).toBe(true);

  await openTab();
  const note = notesIn('doing').first();
  await note.waitFor({ timeout: 15_000 });
  expect(await headings('doing')).toEqual(['Dev Servant - Survey']);
  expect(await note.getByTestId('blackboard-note-toggle').getAttribute('title')).toBe('dev - Survey');
  const body = note.getByTestId('blackboard-note-body');
  expect(await body.textContent()).toBe('step 1 <b>not bold</b>\n  indented\n');
  expect(await body.locator('b').count()).toBe(0);
  expect(
    await page.evaluate(
      `getComputedStyle(document.querySelector('[data-testid="blackboard-note-body"]')).whiteSpace`,
    ),
  ).toBe('pre-wrap');
  expect(await note.getByTestId('blackboard-badge').getAttribute('data-badge')).toBe('waiting');
  expect(await page.getByTestId('blackboard-empty').count()).toBe(0);
  await screenshot(page, 'blackboard-note');
});

it('says Active while the owner is answering (the live typing set), and not once the reply is in', async () => {
  fake.enqueue({ body: textReply('openai', 'thought it over'), hold: true });
  await page.getByTestId('tab-chat').click();
  await page.getByTestId('chat-target').selectOption('dev');
  await page.getByTestId('chat-input').fill('think about the survey');
  await page.getByTestId('chat-send').click();
  await until(
    async () => fake.heldCount,
    (held) => held === 1,
    'the held request',
  );
  await openTab();
  const badge = notesIn('doing').first().getByTestId('blackboard-badge');
  await until(
    () => badge.getAttribute('data-badge'),
    (kind) => kind === 'active',
    'the Active badge',
  );
  expect(await badge.textContent()).toContain('Active');
  fake.releaseHeld();
  await until(
    () => village.api<{ content: string }[]>('list_messages'),
    (list) => list.some((m) => m.content === 'thought it over'),
    'the reply',
  );
  await until(
    () => badge.getAttribute('data-badge'),
    (kind) => kind === 'waiting',
    'the badge after the reply',
  );
});

it('collapses a note by its heading, keeps it collapsed across a reload, and opens it again', async () => {
  const toggle = notesIn('doing').first().getByTestId('blackboard-note-toggle');
  await toggle.press('Enter');
  expect(await toggle.getAttribute('aria-expanded')).toBe('false');
  expect(await notesIn('doing').first().getByTestId('blackboard-note-body').isVisible()).toBe(false);
  const stored = await page.evaluate(`localStorage.getItem('fuseforks.blackboardCollapsed.v1')`);
  expect(JSON.parse(stored as string)).toEqual([`${work}:doing/dev - Survey.md`]);

  await page.reload();
  await openTab();
  await notesIn('doing').first().waitFor();
  expect(
    await notesIn('doing').first().getByTestId('blackboard-note-toggle').getAttribute('aria-expanded'),
  ).toBe('false');

  // A note whose state changed opens again (as the tool's move would do it, here by hand).
  mkdirSync(onBoard('on-hold'), { recursive: true });
  renameSync(onBoard('doing', 'dev - Survey.md'), onBoard('on-hold', 'dev - Survey.md'));
  await page.getByTestId('blackboard-refresh').click();
  await notesIn('on-hold').first().waitFor();
  expect(
    await notesIn('on-hold').first().getByTestId('blackboard-note-toggle').getAttribute('aria-expanded'),
  ).toBe('true');
  expect(await notesIn('on-hold').first().getByTestId('blackboard-note-body').isVisible()).toBe(true);
  // Back in doing it stays open: the key of a note no longer there was dropped.
  renameSync(onBoard('on-hold', 'dev - Survey.md'), onBoard('doing', 'dev - Survey.md'));
  await page.getByTestId('blackboard-refresh').click();
  await notesIn('doing').first().waitFor();
  expect(
    await notesIn('doing').first().getByTestId('blackboard-note-toggle').getAttribute('aria-expanded'),
  ).toBe('true');
  expect(
    JSON.parse((await page.evaluate(`localStorage.getItem('fuseforks.blackboardCollapsed.v1')`)) as string),
  ).toEqual([]);
});

it('deletes one note without a confirm: gone from the tab and the folder, into the trash', async () => {
  const remove = notesIn('doing').first().getByTestId('blackboard-note-delete');
  // The accessible name starts with the visible word (a voice user says "click Delete").
  expect(await remove.textContent()).toMatch(/^\s*Delete\s*$/);
  expect(await remove.getAttribute('aria-label')).toBe('Delete “Dev Servant - Survey” (to the trash)');
  await remove.click();
  await page.getByTestId('blackboard-empty').waitFor();
  expect(await notesIn('doing').count()).toBe(0);
  expect(await page.getByTestId('confirm-dialog').count()).toBe(0);
  expect(existsSync(onBoard('doing', 'dev - Survey.md'))).toBe(false);
  expect(trashed()).toEqual(['doing/dev - Survey.md']);
});

it('deletes the done lane after a confirm with its count, leaving the other lanes', async () => {
  mkdirSync(onBoard('done'), { recursive: true });
  mkdirSync(onBoard('doing'), { recursive: true });
  writeFileSync(onBoard('done', 'dev - Old one.md'), 'old\n');
  writeFileSync(onBoard('done', 'dev - Old two.md'), 'older\n');
  writeFileSync(onBoard('doing', 'dev - Current.md'), 'now\n');
  // No refresh: the tab re-reads by itself every 10 s while it is shown.
  await notesIn('done').nth(1).waitFor({ timeout: 15_000 });
  expect(await notesIn('done').count()).toBe(2);

  await page.getByTestId('blackboard-delete-done').click();
  const dialog = page.getByTestId('confirm-dialog');
  await dialog.waitFor();
  expect(await dialog.locator('h2').textContent()).toBe('Move the 2 done notes to the trash?');
  await page.getByTestId('confirm-ok').click();
  await until(
    () => notesIn('done').count(),
    (n) => n === 0,
    'the done lane emptied',
  );
  expect(await headings('doing')).toEqual(['Dev Servant - Current']);
  expect(existsSync(onBoard('done', 'dev - Old one.md'))).toBe(false);
  expect(existsSync(onBoard('done', 'dev - Old two.md'))).toBe(false);
  expect(trashed()).toEqual(expect.arrayContaining(['done/dev - Old one.md', 'done/dev - Old two.md']));
});

it('shows the server’s message when a delete fails, stops “Delete done” at it, and re-reads', async () => {
  writeFileSync(onBoard('done', 'dev - F1.md'), 'one\n');
  writeFileSync(onBoard('done', 'dev - F2.md'), 'two\n');
  await page.getByTestId('blackboard-refresh').click();
  await until(
    () => notesIn('done').count(),
    (n) => n === 2,
    'two done notes',
  );
  // The first goes behind the tab's back: its delete fails, and the second is not tried.
  rmSync(onBoard('done', 'dev - F1.md'));
  await page.getByTestId('blackboard-delete-done').click();
  await page.getByTestId('confirm-ok').click();
  const error = page.getByTestId('blackboard-error');
  await error.waitFor();
  const stopped = (await error.textContent()) ?? '';
  expect(stopped).toMatch(/^Stopped before deleting any note: The blackboard note could not be deleted \(/);
  expect(stopped).toContain('dev - F1.md is no longer there');
  await until(
    () => headings('done'),
    (h) => h.join() === 'Dev Servant - F2',
    'the re-read done lane',
  );
  expect(existsSync(onBoard('done', 'dev - F2.md'))).toBe(true);

  // One note's failure shows the same way, and the re-read drops it.
  rmSync(onBoard('done', 'dev - F2.md'));
  await notesIn('done').first().getByTestId('blackboard-note-delete').click();
  await until(
    () => error.textContent(),
    (text) => !!text?.includes('dev - F2.md is no longer there'),
    'the error',
  );
  await until(
    () => notesIn('done').count(),
    (n) => n === 0,
    'the done lane re-read',
  );
});

it('clears the whole board after a confirm that states the count; cancel keeps everything', async () => {
  // An unfiled orphan (the retired まとめ.md) and an old display-name note join the current one.
  writeFileSync(onBoard('まとめ.md'), 'summary\n');
  writeFileSync(onBoard('doing', 'Dev Servant - Legacy.md'), 'legacy\n');
  await page.getByTestId('blackboard-refresh').click();
  await until(
    () => page.getByTestId('blackboard-note').count(),
    (n) => n === 3,
    'three notes',
  );
  expect(await headings('unfiled')).toEqual(['まとめ.md']);
  expect(await page.getByTestId('blackboard-count').textContent()).toBe('3 notes');
  // Orphans first in a lane, then the core's name order.
  expect(await headings('doing')).toEqual(['Dev Servant - Legacy.md', 'Dev Servant - Current']);
  expect(await notesIn('doing').first().getByTestId('blackboard-badge').getAttribute('data-badge')).toBe(
    'orphanUnknown',
  );

  // Both themes, for the person reviewing the artefacts (the colours are the theme's variables).
  await page.emulateMedia({ colorScheme: 'dark' });
  await screenshot(page, 'blackboard-board-dark');
  await page.emulateMedia({ colorScheme: 'light' });
  await screenshot(page, 'blackboard-board-light');

  await page.getByTestId('blackboard-clear').click();
  const dialog = page.getByTestId('confirm-dialog');
  await dialog.waitFor();
  expect(await dialog.locator('h2').textContent()).toBe('Move all 3 notes on the blackboard to the trash?');
  await page.getByTestId('confirm-cancel').click();
  expect(await page.getByTestId('blackboard-note').count()).toBe(3);
  expect(existsSync(onBoard('まとめ.md'))).toBe(true);

  await page.getByTestId('blackboard-clear').click();
  await dialog.waitFor();
  await page.getByTestId('confirm-ok').click();
  await page.getByTestId('blackboard-empty').waitFor();
  expect(await page.getByTestId('blackboard-note').count()).toBe(0);
  expect(existsSync(onBoard('まとめ.md'))).toBe(false);
  expect(existsSync(onBoard('doing', 'dev - Current.md'))).toBe(false);
  // Folders stay; the notes are in the trash.
  expect(existsSync(onBoard('doing'))).toBe(true);
  expect(trashed()).toEqual(
    expect.arrayContaining(['まとめ.md', 'doing/dev - Current.md', 'doing/Dev Servant - Legacy.md']),
  );
  // Only the two refusals the failure step caused on purpose reached the console.
  expect(ui.errors.filter((e) => !e.includes('status of 409'))).toEqual([]);
});

it('gives a long heading its own row with the badges below it, and its badges read in both themes', async () => {
  const task = 'Compare every supplier quote against the budget sheet and flag the outliers';
  writeFileSync(onBoard('doing', `dev - ${task}.md`), 'working\n');
  writeFileSync(onBoard('done', `dev - ${task}.md`), 'finished\n');
  await page.getByTestId('blackboard-refresh').click();
  await until(
    () => page.getByTestId('blackboard-duplicate').count(),
    (n) => n === 2,
    'both copies marked duplicate',
  );
  // Desktop and a 390 px phone: the heading is not squeezed into a column beside the badges.
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: 900 });
    for (const lane of ['doing', 'done']) {
      const note = notesIn(lane).first();
      const head = await note.locator('header').boundingBox();
      const toggle = await note.getByTestId('blackboard-note-toggle').boundingBox();
      expect(toggle!.width / head!.width, `${lane} at ${width} px`).toBeGreaterThan(0.9);
      // The badges and the delete button still sit inside the card (no sideways overflow).
      const remove = await note.getByTestId('blackboard-note-delete').boundingBox();
      expect(remove!.x + remove!.width).toBeLessThanOrEqual(head!.x + head!.width + 1);
    }
    // The tab alone, as a person at that width sees it (the page around it has its own narrow-layout test).
    await page
      .getByTestId('blackboard-tab')
      .screenshot({ path: join(SCREENSHOTS, `blackboard-${width}px.png`) });
  }
  await page.setViewportSize({ width: 1440, height: 900 });

  const badges = '[data-testid="blackboard-badge"], [data-testid="blackboard-duplicate"]';
  for (const theme of ['light', 'dark'] as const) {
    const readings = await contrastOf(page, badges, theme);
    expect(readings.length).toBe(4);
    for (const { text, ratio } of readings) expect(ratio, `${text} (${theme})`).toBeGreaterThanOrEqual(4.5);
  }
});

/** The focused element: its test id, the note it sits in (by key), and the lane. */
const focused = () =>
  page.evaluate<{ testid: string | null; tag: string; note: string | null; lane: string | null }>(`(() => {
    const el = document.activeElement;
    return {
      testid: el.getAttribute('data-testid'),
      tag: el.tagName,
      note: el.closest('[data-testid="blackboard-note"]')?.dataset.key ?? null,
      lane: el.closest('[data-testid^="blackboard-lane-"]')?.dataset.testid ?? null,
    };
  })()`);

it('keeps the keyboard on the board when a delete takes the focused button away', async () => {
  writeFileSync(onBoard('doing', 'dev - Second.md'), 'two\n');
  await page.getByTestId('blackboard-refresh').click();
  await until(
    () => notesIn('doing').count(),
    (n) => n === 2,
    'two doing notes',
  );
  await notesIn('doing').first().getByTestId('blackboard-note-delete').focus();
  await page.keyboard.press('Enter');
  await until(
    () => notesIn('doing').count(),
    (n) => n === 1,
    'one doing note left',
  );
  // On the delete button of the note that took its place, so Enter deletes the next one.
  await expect.poll(focused).toEqual({
    testid: 'blackboard-note-delete',
    tag: 'BUTTON',
    note: `${work}:doing/dev - Second.md`,
    lane: 'blackboard-lane-doing',
  });
  await page.keyboard.press('Enter');
  await until(
    () => notesIn('doing').count(),
    (n) => n === 0,
    'the doing lane emptied',
  );
  // The lane's last note went: its heading holds the place.
  await expect.poll(focused).toMatchObject({ tag: 'H3', note: null, lane: 'blackboard-lane-doing' });

  // After a bulk delete through the confirm, the focus comes back to the lane, not the page's start.
  await page.getByTestId('blackboard-delete-done').click();
  await page.getByTestId('confirm-ok').click();
  await until(
    () => notesIn('done').count(),
    (n) => n === 0,
    'the done lane emptied',
  );
  await expect.poll(focused).toMatchObject({ tag: 'H3', lane: 'blackboard-lane-done' });
});

it('deletes a note once when its button is pressed twice quickly, with no error', async () => {
  writeFileSync(onBoard('doing', 'dev - Twice.md'), 'once\n');
  await page.getByTestId('blackboard-refresh').click();
  await notesIn('doing').first().waitFor();
  const deletes: string[] = [];
  const count = (request: { url(): string }) => {
    if (request.url().endsWith('/api/delete_blackboard_note')) deletes.push(request.url());
  };
  page.on('request', count);
  // Both clicks are dispatched before dblclick returns, so every request they make is sent by then.
  await notesIn('doing').first().getByTestId('blackboard-note-delete').dblclick();
  await until(
    () => notesIn('doing').count(),
    (n) => n === 0,
    'the note gone',
  );
  page.off('request', count);
  expect(deletes).toHaveLength(1);
  expect(await page.getByTestId('blackboard-error').count()).toBe(0);
});
