/**
 * Forking at a request that carried only an image, in Chromium against `fuseforks serve` and the
 * fake provider: the fork-point row names the file and its kind, and after "Fork here" the file is
 * back in the chat input as a chip (the text box empty, nothing sent). When the stored file was
 * removed meanwhile, the toast says it was not kept.
 */
import { readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeProvider, textReply } from '../fakes/fake-provider.ts';
import { pngBytes } from './png.ts';
import {
  closeBrowser,
  openUi,
  screenshotFailures,
  startUiVillage,
  type UiSession,
  type UiVillage,
} from './ui-harness.ts';

interface Message {
  from: { kind: string };
}

let fake: FakeProvider;
let village: UiVillage;
let ui: UiSession;
let page: Page;

beforeAll(async () => {
  fake = await new FakeProvider().start();
  village = await startUiVillage('en');
  const template = await village.api<{ id: string }>('upsert_template', {
    template: {
      name: 'Compat',
      baseUrl: fake.baseUrl,
      model: 'fake-1',
      provider: 'open_ai_compat',
      credential: 'not_required',
    },
  });
  await village.api('create_agent', { spec: { id: 'cora', name: 'Cora', modelTemplateId: template.id } });
  await village.api('start_agent', { agentId: 'cora' });
  ui = await openUi(village, { locale: 'en-US' });
  page = ui.page;
}, 60_000);

afterAll(async () => {
  await ui?.context.close();
  await closeBrowser();
  await village?.stop();
  await fake?.stop();
});

screenshotFailures('attachments-fork', () => page);

const agentReplies = async () =>
  (await village.api<Message[]>('list_messages')).filter((m) => m.from.kind === 'agent').length;

/** A first request, then one that carries only an image (no text), each answered. */
async function converse(): Promise<void> {
  const before = await agentReplies();
  fake.enqueue({ body: textReply('openai', 'Hello.') });
  await village.api('send_user_message', { to: 'cora', content: 'hello' });
  await expect.poll(agentReplies, { timeout: 15_000 }).toBe(before + 1);
  fake.enqueue({ body: textReply('openai', 'A picture.') });
  await village.api('send_user_message', {
    to: 'cora',
    content: '',
    attachment: { fileName: 'photo.png', bytes: pngBytes(40, 30).toString('base64') },
  });
  await expect.poll(agentReplies, { timeout: 15_000 }).toBe(before + 2);
}

/** Conversations -> Fork on the open conversation -> "Fork here" on the image request. */
async function forkAtTheImage(): Promise<void> {
  const current = await village.api<{ id: string }>('current_session');
  await page.getByTestId('open-sessions').click();
  await page.getByTestId('sessions-dialog').waitFor();
  await page
    .locator(`[data-testid="session-row"][data-session-id="${current.id}"]`)
    .getByTestId('session-fork')
    .click();
  const point = page
    .getByTestId('fork-point')
    .filter({ has: page.getByTestId('fork-point-file') })
    .last();
  expect(await point.getByTestId('fork-point-file').textContent()).toBe('📎 photo.png · image');
  await point.locator('button').first().click();
  await page.getByTestId('sessions-dialog').waitFor({ state: 'detached' });
}

describe.sequential('forking at a request with an image', () => {
  it('names the file on the row and puts it back as a chip after the fork', async () => {
    await converse();
    await forkAtTheImage();
    const chip = page.getByTestId('attachment-chip');
    await chip.waitFor();
    expect(await chip.getByTestId('attachment-chip-name').textContent()).toBe('photo.png');
    expect(await chip.getByTestId('attachment-chip-facts').textContent()).toMatch(/ · image$/);
    await page.getByTestId('toast').filter({ hasText: 'its file are back in the input box' }).waitFor();
    expect(await page.getByTestId('chat-input').inputValue()).toBe('');
    expect(await agentReplies()).toBe(1); // the fork copied the first exchange only; nothing was sent
    expect(ui.errors).toEqual([]);
  });

  it('says the file was not kept when it is gone', async () => {
    await page.getByTestId('attachment-remove').click();
    await converse();
    const folder = join(village.workspace, 'attachments');
    for (const name of await readdir(folder)) await rm(join(folder, name));
    await forkAtTheImage();
    await page.getByTestId('toast').filter({ hasText: 'its file "photo.png" was not kept' }).waitFor();
    expect(await page.getByTestId('attachment-chip').count()).toBe(0);
  });
});
