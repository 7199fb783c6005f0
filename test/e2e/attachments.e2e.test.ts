/**
 * Attachments as a person meets them, in Chromium against `fuseforks serve` and the fake provider:
 * an image pasted into the chat box (a real paste event carrying a PNG made in the page) reaches the
 * OpenAI-compatible wire as its image part and the Anthropic wire as its image block, the sent message
 * shows it as a thumbnail that opens full size, a kind the servant's wire cannot carry is refused on
 * the spot with nothing sent, the Meta chip warns that Meta keeps files, and a file the GC removed
 * shows its frame. English first, then Japanese. Steps share one village, in order.
 */
import { readdir, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeProvider, textReply } from '../fakes/fake-provider.ts';
import { animatedGifBytes } from '../helpers/attachment-files.ts';
import { pngBytes } from './png.ts';
import {
  closeBrowser,
  openUi,
  screenshot,
  screenshotFailures,
  startUiVillage,
  type UiSession,
  type UiVillage,
  until,
} from './ui-harness.ts';

interface Message {
  from: { kind: string; id?: string };
  content: string;
  attachments?: { id: string; kind: string; fileName: string; width?: number; height?: number }[];
}

let fake: FakeProvider;
let village: UiVillage;
let ui: UiSession;
let page: Page;

beforeAll(async () => {
  fake = await new FakeProvider().start();
  village = await startUiVillage('en');
  const template = async (name: string, provider: string) =>
    (
      await village.api<{ id: string }>('upsert_template', {
        template: { name, baseUrl: fake.baseUrl, model: 'fake-1', provider, credential: 'not_required' },
      })
    ).id;
  const compat = await template('Compat', 'open_ai_compat');
  const claude = await template('Claude', 'anthropic');
  const meta = await template('Muse', 'meta_responses');
  await village.api('create_agent', { spec: { id: 'cora', name: 'Cora', modelTemplateId: compat } });
  await village.api('create_agent', { spec: { id: 'ansel', name: 'Ansel', modelTemplateId: claude } });
  await village.api('create_agent', { spec: { id: 'mia', name: 'Mia', modelTemplateId: meta } });
  for (const agentId of ['cora', 'ansel']) await village.api('start_agent', { agentId });
  ui = await openUi(village, { locale: 'en-US' });
  page = ui.page;
  // A listener from the start keeps Playwright's file-chooser interception on: enabled only when a
  // step waits, it can come after the page already opened the chooser (a race seen as a missed event).
  page.on('filechooser', () => undefined);
}, 60_000);

afterAll(async () => {
  await ui?.context.close();
  await closeBrowser();
  await village?.stop();
  await fake?.stop();
});

screenshotFailures('attachments', () => page);

const messages = () => village.api<Message[]>('list_messages');
const userMessages = async () => (await messages()).filter((m) => m.from.kind === 'user');

/** Page code (an expression) for a PNG Blob drawn in the page: the left half red, the right blue. */
function redBluePngInPage(width: number, height: number): string {
  return `(() => {
    const canvas = document.createElement('canvas');
    canvas.width = ${width};
    canvas.height = ${height};
    const context = canvas.getContext('2d');
    context.fillStyle = '#ff0000';
    context.fillRect(0, 0, ${width / 2}, ${height});
    context.fillStyle = '#0000ff';
    context.fillRect(${width / 2}, 0, ${width / 2}, ${height});
    return new Promise((resolve) => canvas.toBlob(resolve, 'image/png'));
  })()`;
}

/**
 * Pastes a PNG drawn in the page (left red, right blue), as a screenshot paste does: a real paste
 * event whose DataTransfer holds the File. Page code is a string: the test's own types are Node's.
 */
async function pastePng(width: number, height: number, name = 'photo.png') {
  await page.evaluate(`(async () => {
    const blob = await ${redBluePngInPage(width, height)};
    const data = new DataTransfer();
    data.items.add(new File([blob], ${JSON.stringify(name)}, { type: 'image/png' }));
    const box = document.querySelector('[data-testid="chat-input"]');
    box.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  })()`);
  await page.getByTestId('attachment-chip-thumb').waitFor();
}

/**
 * A real Ctrl+V: the PNG (red left, blue right) is put on the system clipboard with the async
 * clipboard API, then the keyboard pastes it into the chat box, as a person pasting a screenshot does.
 */
async function clipboardPastePng(width: number, height: number) {
  await ui.context.grantPermissions(['clipboard-read', 'clipboard-write'], {
    origin: new URL(page.url()).origin,
  });
  await page.evaluate(`(async () => {
    const blob = await ${redBluePngInPage(width, height)};
    await navigator.clipboard.write([new ClipboardItem({ 'image/png': blob })]);
  })()`);
  await page.getByTestId('chat-input').focus();
  await page.keyboard.press('Control+V');
  await page.getByTestId('attachment-chip-thumb').waitFor({ timeout: 10_000 });
}

/** Drops a file made in the page onto the chat's input area (or another part), as a drag from the desktop does. */
async function dropFile(name: string, mimeType: string, base64: string, on = 'chat-input-area') {
  await page.evaluate(`(() => {
    const bytes = Uint8Array.from(atob(${JSON.stringify(base64)}), (c) => c.charCodeAt(0));
    const data = new DataTransfer();
    data.items.add(new File([bytes], ${JSON.stringify(name)}, { type: ${JSON.stringify(mimeType)} }));
    const area = document.querySelector('[data-testid="${on}"]');
    for (const type of ['dragenter', 'dragover', 'drop']) {
      area.dispatchEvent(new DragEvent(type, { dataTransfer: data, bubbles: true, cancelable: true }));
    }
  })()`);
}

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

const focusedTestId = () =>
  page.evaluate<string | null>(
    `document.activeElement && document.activeElement.getAttribute('data-testid')`,
  );

/** The last user turn of a recorded request, whatever the wire. */
function lastUserContent(body: unknown): unknown[] {
  const list = (body as { messages: { role: string; content: unknown }[] }).messages;
  const user = list.filter((m) => m.role === 'user').at(-1)!;
  return Array.isArray(user.content) ? user.content : [user.content];
}

async function decodedSize(base64: string) {
  const meta = await sharp(Buffer.from(base64, 'base64')).metadata();
  return { format: meta.format, width: meta.width, height: meta.height };
}

/** The colour a quarter in from each side, half way down (the pasted PNG is red left, blue right). */
async function sideColours(base64: string) {
  const { data, info } = await sharp(Buffer.from(base64, 'base64'))
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const at = (x: number) => {
    const i = (Math.floor(info.height / 2) * info.width + x) * info.channels;
    return [data[i]!, data[i + 1]!, data[i + 2]!];
  };
  return { left: at(Math.floor(info.width / 4)), right: at(Math.floor((info.width * 3) / 4)) };
}

/** Within the lossy WebP's error of #ff0000 on the left and #0000ff on the right. */
function expectRedThenBlue(colours: { left: number[]; right: number[] }) {
  const near = (got: number[], want: number[]) => got.every((v, i) => Math.abs(v - want[i]!) <= 40);
  expect(near(colours.left, [255, 0, 0]), `left ${colours.left.join(',')}`).toBe(true);
  expect(near(colours.right, [0, 0, 255]), `right ${colours.right.join(',')}`).toBe(true);
}

/** A small file that starts like an MP4 (ftyp, brand isom): a video by its bytes. */
const MP4 = Buffer.concat([
  Buffer.from([0, 0, 0, 0x18]),
  Buffer.from('ftypisom', 'latin1'),
  Buffer.from([0, 0, 2, 0]),
  Buffer.from('isommp41', 'latin1'),
  Buffer.from([0, 0, 0, 8]),
  Buffer.from('mdat', 'latin1'),
]);

describe.sequential('attachments in the chat', () => {
  it('en: a pasted image shows as a chip with its notices, then reaches the compat wire as an image part', async () => {
    await page.getByTestId('chat-target').selectOption('cora');
    await pastePng(2000, 1000);
    const chip = page.getByTestId('attachment-chip');
    expect(await chip.getByTestId('attachment-chip-name').textContent()).toBe('photo.png');
    expect(await chip.getByTestId('attachment-chip-facts').textContent()).toMatch(/ KB · image$/);
    expect(await chip.getByTestId('attachment-one-turn').textContent()).toBe(
      'This image is passed to the model only this time. In later turns the model no longer sees it (it stays on screen).',
    );
    await chip.getByTestId('attachment-reduced').waitFor();
    expect(await chip.getByTestId('attachment-reduced').textContent()).toContain(
      'reduced to 1568 px on the longest edge (2000 × 1000 px → 1568 × 784 px)',
    );
    expect(await chip.getByTestId('attachment-retention').count()).toBe(0);
    expect(await chip.getByTestId('attachment-remove').getAttribute('aria-label')).toBe(
      'Remove the attachment photo.png',
    );
    await screenshot(page, '40-attachment-chip');

    const before = fake.requests.length;
    fake.enqueue({ body: textReply('openai', 'Red on the left, blue on the right.') });
    await page.getByTestId('chat-input').fill('What colours?');
    await page.getByTestId('chat-send').click();
    await page
      .locator('[data-testid="chat-message"][data-from="cora"]')
      .filter({ hasText: 'Red on the left' })
      .waitFor({ timeout: 30_000 });
    await page.getByTestId('attachment-chip').waitFor({ state: 'detached' });
    expect(await page.getByTestId('chat-input').inputValue()).toBe('');

    const parts = lastUserContent(fake.requests[before]!.body) as {
      type: string;
      text?: string;
      image_url?: { url: string };
    }[];
    const image = parts.find((p) => p.type === 'image_url')!;
    expect(image.image_url!.url).toMatch(/^data:image\/webp;base64,/);
    // Stored as WebP on the server, the longest edge brought down to 1568 px.
    expect(await decodedSize(image.image_url!.url.split(',')[1]!)).toEqual({
      format: 'webp',
      width: 1568,
      height: 784,
    });
    // The picture itself, not only its size: red on the left, blue on the right.
    expectRedThenBlue(await sideColours(image.image_url!.url.split(',')[1]!));
    expect(parts.some((p) => p.type === 'text' && p.text!.includes('What colours?'))).toBe(true);
  });

  it('en: the sent message shows the thumbnail, which opens full size in a dialog Escape closes', async () => {
    const sent = page.locator('[data-testid="chat-message"][data-from="user"]').last();
    const thumb = sent.getByTestId('attachment-thumb');
    await thumb.waitFor();
    expect(await thumb.getAttribute('aria-label')).toBe('View photo.png larger');
    // The thumbnail is an object URL of the stored bytes, never a URL of the server's files.
    expect(await thumb.locator('img').getAttribute('src')).toMatch(/^blob:/);
    await thumb.click();
    const viewer = page.getByTestId('attachment-viewer');
    await viewer.waitFor();
    expect(await viewer.getAttribute('role')).toBe('dialog');
    const natural = await page.evaluate(`(async () => {
      const img = document.querySelector('[data-testid="attachment-viewer-image"]');
      await img.decode();
      return { width: img.naturalWidth, height: img.naturalHeight };
    })()`);
    expect(natural).toEqual({ width: 1568, height: 784 });
    expect(await focusedTestId()).toBe('attachment-viewer-close');
    // It opens fitted: the whole 1568 px picture inside the 1280 px window, nothing to scroll.
    const area = `document.querySelector('[data-testid="attachment-viewer-picture"]')`;
    const shown = await page.evaluate<{ width: number; windowWidth: number; scrolls: boolean }>(`(() => {
      const img = document.querySelector('[data-testid="attachment-viewer-image"]');
      return { width: img.getBoundingClientRect().width, windowWidth: window.innerWidth,
        scrolls: ${area}.scrollWidth > ${area}.clientWidth || ${area}.scrollHeight > ${area}.clientHeight };
    })()`);
    expect(shown.width).toBeLessThan(shown.windowWidth);
    expect(shown.scrolls).toBe(false);
    expect(await page.getByTestId('attachment-viewer-stored').textContent()).toMatch(
      /This is the stored copy \(reduced to at most 1568 px on the longest edge\)/,
    );
    const fit = page.getByTestId('attachment-viewer-fit');
    expect((await fit.textContent())!.trim()).toBe('Actual size');
    await screenshot(page, '41-attachment-viewer');
    // A click on the picture leaves the focus on the body: Tab still stays in the dialog, going
    // between Close and the picture area (which the arrow keys scroll), both ways.
    await page.getByTestId('attachment-viewer-image').click();
    await page.keyboard.press('Tab');
    const first = await focusedTestId();
    expect(['attachment-viewer-fit', 'attachment-viewer-close', 'attachment-viewer-picture']).toContain(
      first,
    );
    const stops = [first];
    for (let i = 0; i < 3; i++) {
      await page.keyboard.press('Tab');
      stops.push(await focusedTestId());
    }
    await page.keyboard.press('Shift+Tab');
    stops.push(await focusedTestId());
    expect(new Set(stops)).toEqual(
      new Set(['attachment-viewer-fit', 'attachment-viewer-close', 'attachment-viewer-picture']),
    );
    expect(stops[4]).toBe(stops[2]);
    // The toggle, from the keyboard: the actual size, 1568 px wide in a 1280 px window.
    await fit.focus();
    await page.keyboard.press('Enter');
    expect((await fit.textContent())!.trim()).toBe('Fit to window');
    await page.getByTestId('attachment-viewer-picture').focus();
    // The picture area scrolls, and the arrow key scrolls it.
    expect(await page.evaluate<boolean>(`${area}.scrollWidth > ${area}.clientWidth`)).toBe(true);
    const before = await page.evaluate<number>(`${area}.scrollLeft`);
    await page.keyboard.press('ArrowRight');
    await until(
      () => page.evaluate<number>(`${area}.scrollLeft`),
      (left) => left > before,
      'the picture scrolled by the arrow key',
    );
    await page.keyboard.press('Escape');
    await viewer.waitFor({ state: 'detached' });
    expect(await focusedTestId()).toBe('attachment-thumb');

    const [last] = (await userMessages()).slice(-1);
    expect(last!.attachments).toEqual([
      expect.objectContaining({ kind: 'image', fileName: 'photo.png', width: 1568, height: 784 }),
    ]);
  });

  it('en: a PDF dropped on the input area replaces a pasted image, and its message offers it as a download', async () => {
    await pastePng(64, 64, 'first.png');
    await dropFile('report.pdf', 'application/pdf', PDF.toString('base64'));
    const chip = page.locator('[data-testid="attachment-chip"][data-kind="pdf"]');
    await chip.waitFor();
    expect(await page.getByTestId('attachment-notice').textContent()).toContain(
      'One file per message: first.png was replaced by report.pdf.',
    );
    expect(await chip.getByTestId('attachment-one-turn').textContent()).toMatch(
      /^This PDF is passed to the model only this time/,
    );
    const before = fake.requests.length;
    fake.enqueue({ body: textReply('openai', 'A one-page PDF.') });
    await page.getByTestId('chat-send').click();
    await page
      .locator('[data-testid="chat-message"][data-from="cora"]')
      .filter({ hasText: 'A one-page PDF.' })
      .waitFor({ timeout: 30_000 });
    const parts = lastUserContent(fake.requests[before]!.body) as {
      type: string;
      file?: { file_data: string };
    }[];
    expect(
      parts.some((p) => p.type === 'file' && p.file!.file_data.startsWith('data:application/pdf;base64,')),
    ).toBe(true);

    const file = page
      .locator('[data-testid="chat-message"][data-from="user"]')
      .last()
      .getByTestId('attachment-file');
    expect(await file.getAttribute('aria-label')).toMatch(/^Download report\.pdf \(PDF, \d+ B\)$/);
    const [download] = await Promise.all([page.waitForEvent('download'), file.click()]);
    expect(download.suggestedFilename()).toBe('report.pdf');
    const path = await download.path();
    expect((await readFile(path)).equals(PDF)).toBe(true);

    // While a file is dragged over the conversation, the input's hint covers the box opaquely.
    const hintBackground = await page.evaluate<string>(`(() => {
      const data = new DataTransfer();
      data.items.add(new File(['x'], 'over.pdf', { type: 'application/pdf' }));
      const flow = document.querySelector('[data-testid="chat-flow"]');
      flow.dispatchEvent(new DragEvent('dragover', { dataTransfer: data, bubbles: true, cancelable: true }));
      return new Promise((resolve) => requestAnimationFrame(() => {
        const hint = document.querySelector('[data-testid="attachment-drop-hint"]');
        resolve(hint ? getComputedStyle(hint).backgroundColor : 'none');
        flow.dispatchEvent(new DragEvent('dragleave', { dataTransfer: data, bubbles: true, relatedTarget: null }));
      }));
    })()`);
    expect(hintBackground).toMatch(/^rgb\(/);
    await page.getByTestId('attachment-drop-hint').waitFor({ state: 'detached' });
    // The conversation is the biggest target: a file dropped on it goes to the input.
    await dropFile('on-the-pane.pdf', 'application/pdf', PDF.toString('base64'), 'chat-flow');
    await chip.waitFor();
    expect(await chip.getByTestId('attachment-chip-name').textContent()).toBe('on-the-pane.pdf');
    await chip.getByTestId('attachment-remove').click();
    await chip.waitFor({ state: 'detached' });
    // A file dropped outside the chat pane is cancelled (the browser would open it in place of the app).
    const cancelled = await page.evaluate<boolean>(`(() => {
      const data = new DataTransfer();
      data.items.add(new File(['x'], 'stray.pdf', { type: 'application/pdf' }));
      return !document.body.dispatchEvent(new DragEvent('drop', { dataTransfer: data, bubbles: true, cancelable: true }));
    })()`);
    expect(cancelled).toBe(true);
    expect(await page.getByTestId('attachment-chip').count()).toBe(0);
  });

  it('en: a video to an Anthropic servant is refused on the spot, naming what it can take; nothing is sent', async () => {
    await page.getByTestId('chat-target').selectOption('ansel');
    const requestsBefore = fake.requests.length;
    const messagesBefore = (await messages()).length;
    await page
      .getByTestId('attachment-input')
      .setInputFiles({ name: 'clip.mp4', mimeType: 'video/mp4', buffer: MP4 });
    const error = page.getByTestId('attachment-error');
    await error.waitFor();
    expect(await error.textContent()).toContain(
      "Ansel's connection, Anthropic, cannot take videos. It can take: images, PDFs.",
    );
    expect(await page.getByTestId('attachment-video-cost').textContent()).toMatch(
      /about 10,000 tokens per minute/,
    );
    await page.getByTestId('chat-input').fill('watch this');
    expect(await page.getByTestId('chat-send').isDisabled()).toBe(true);
    await page.getByTestId('chat-input').press('Enter');
    await screenshot(page, '42-attachment-not-carried');
    // The same file goes to a servant whose wire would take the kind (the error follows the target).
    await page.getByTestId('chat-target').selectOption('mia');
    await error.waitFor({ state: 'detached' });
    // A Meta servant's video chip: the one-turn and Meta lines show, the video cost waits behind Details.
    expect(await page.getByTestId('attachment-retention').isVisible()).toBe(true);
    expect(await page.getByTestId('attachment-video-cost').isVisible()).toBe(false);
    await page.getByTestId('attachment-details').locator('summary').click();
    expect(await page.getByTestId('attachment-video-cost').isVisible()).toBe(true);
    await screenshot(page, '46-attachment-meta-video-chip');
    // The Meta line reads at AA contrast (4.5:1) in both themes.
    const themeBefore = await page.evaluate<string | null>('document.documentElement.dataset.theme ?? null');
    for (const theme of ['light', 'dark']) {
      const ratio = await page.evaluate<number>(`(() => {
        document.documentElement.dataset.theme = ${JSON.stringify(theme)};
        const el = document.querySelector('[data-testid="attachment-retention"]');
        const style = getComputedStyle(el);
        const rgb = (text) => {
          const srgb = /^color\\(srgb ([\\d.]+) ([\\d.]+) ([\\d.]+)/.exec(text);
          if (srgb) return srgb.slice(1, 4).map(Number);
          return text.match(/[\\d.]+/g).slice(0, 3).map((v) => Number(v) / 255);
        };
        const luminance = (c) => {
          const [r, g, b] = c.map((v) => (v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4));
          return 0.2126 * r + 0.7152 * g + 0.0722 * b;
        };
        const [a, b] = [luminance(rgb(style.color)), luminance(rgb(style.backgroundColor))];
        return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
      })()`);
      expect(ratio, theme).toBeGreaterThanOrEqual(4.5);
    }
    await page.evaluate(
      themeBefore === null
        ? 'delete document.documentElement.dataset.theme'
        : `document.documentElement.dataset.theme = ${JSON.stringify(themeBefore)}`,
    );
    await page.getByTestId('chat-target').selectOption('ansel');
    await error.waitFor();
    await page.getByTestId('attachment-remove').click();
    await page.getByTestId('attachment-chip').waitFor({ state: 'detached' });
    expect(fake.requests.length).toBe(requestsBefore);
    expect((await messages()).length).toBe(messagesBefore);
    expect(await page.getByTestId('chat-input').inputValue()).toBe('watch this');
    await page.getByTestId('chat-input').fill('');
  });

  it('en: what was checked is what is sent: the target switched and text typed during the encode do not change the send', async () => {
    await page.getByTestId('chat-target').selectOption('cora');
    // The worker's answer is held back, so the send is seen waiting on the encode.
    await page.evaluate(`(() => {
      window.__heldEncodes = [];
      window.__RealWorker = window.Worker;
      window.Worker = class extends window.__RealWorker {
        set onmessage(handler) {
          super.onmessage = (event) => window.__heldEncodes.push(() => handler.call(this, event));
        }
        get onmessage() {
          return super.onmessage;
        }
      };
    })()`);
    await pastePng(40, 20, 'held.png');
    const chip = page.getByTestId('attachment-chip');
    expect(await chip.getAttribute('data-encoded')).toBe('false');
    const before = (await userMessages()).length;
    fake.enqueue({ body: textReply('openai', 'Got the held picture.') });
    await page.getByTestId('chat-input').fill('for Cora');
    await page.getByTestId('chat-send').click();
    await until(
      () => page.evaluate<number>('window.__heldEncodes.length'),
      (n) => n >= 1,
      'the held encode',
    );
    // While it waits: the chip cannot be taken back, another file is refused with a line, text typed stays.
    expect(await page.getByTestId('attachment-remove').isDisabled()).toBe(true);
    await pastePng(8, 8, 'late.png');
    expect(await page.getByTestId('attachment-error').textContent()).toContain(
      'late.png was not attached: a message is being sent. Attach it again once the send is over.',
    );
    await page.getByTestId('chat-target').selectOption('ansel');
    await page.getByTestId('chat-input').fill('for Cora, and more');
    await page.evaluate(`(() => {
      window.Worker = window.__RealWorker;
      for (const release of window.__heldEncodes.splice(0)) release();
    })()`);
    await until(
      () => userMessages(),
      (list) => list.length > before,
      'the sent message',
    );
    const sent = (await userMessages()).at(-1)! as Message & { to: { kind: string; id?: string } };
    expect(sent.to).toEqual({ kind: 'agent', id: 'cora' });
    expect(sent.content).toContain('for Cora');
    expect(sent.attachments?.[0]?.fileName).toBe('held.png');
    await chip.waitFor({ state: 'detached' });
    // Typed during the send: still in the box.
    expect(await page.getByTestId('chat-input').inputValue()).toBe('for Cora, and more');
    await page.getByTestId('chat-input').fill('');
    await page.getByTestId('chat-target').selectOption('cora');
    await page
      .locator('[data-testid="chat-message"][data-from="cora"]')
      .filter({ hasText: 'Got the held picture.' })
      .waitFor({ timeout: 30_000 });
  });

  it('en: a file that starts like a GIF but is none shows the kind icon on its chip, not a broken thumbnail', async () => {
    await page.getByTestId('chat-target').selectOption('cora');
    await page.getByTestId('attachment-input').setInputFiles({
      name: 'page.html',
      mimeType: 'text/html',
      buffer: Buffer.concat([Buffer.from('GIF89a', 'latin1'), Buffer.from('<script>alert(1)</script>')]),
    });
    const chip = page.getByTestId('attachment-chip');
    await chip.getByTestId('attachment-chip-icon').waitFor();
    expect(await chip.getByTestId('attachment-chip-thumb').count()).toBe(0);
    await page.getByTestId('attachment-remove').click();
    await chip.waitFor({ state: 'detached' });
  });

  it('en: a file that is no kind we take is refused by its bytes, whatever its name says', async () => {
    await page.getByTestId('attachment-input').setInputFiles({
      name: 'notes.png',
      mimeType: 'image/png',
      buffer: Buffer.from('just some text, not a picture'),
    });
    const error = page.getByTestId('attachment-error');
    await error.waitFor();
    expect(await error.textContent()).toMatch(/^notes\.png cannot be attached: it is not an image/);
    expect(await page.getByTestId('attachment-chip').count()).toBe(0);
  });

  it('en: a refusal only the server can make (an animated GIF) shows under the box, keeping the text and the chip', async () => {
    await page.getByTestId('chat-target').selectOption('cora');
    const requestsBefore = fake.requests.length;
    const messagesBefore = (await messages()).length;
    await page
      .getByTestId('attachment-input')
      .setInputFiles({ name: 'spinner.gif', mimeType: 'image/gif', buffer: await animatedGifBytes() });
    await page.getByTestId('attachment-chip-thumb').waitFor();
    await page.getByTestId('chat-input').fill('is this moving?');
    await page.getByTestId('chat-send').click();
    const refused = page.getByTestId('attachment-send-error');
    await refused.waitFor();
    // The dictionary's line; in the en village the core's own words follow, and they are the tooltip.
    expect((await refused.textContent())!.trim()).toBe(
      'Not sent: spinner.gif is an animated image: only still images can be attached (the model would see a single frame). (animated images are not accepted)',
    );
    expect(await refused.getAttribute('title')).toBe('animated images are not accepted');
    expect(await page.getByTestId('chat-input').inputValue()).toBe('is this moving?');
    expect(await page.getByTestId('attachment-chip-name').textContent()).toBe('spinner.gif');
    expect(fake.requests.length).toBe(requestsBefore);
    expect((await messages()).length).toBe(messagesBefore);
    // The same bytes would be refused again: the chip says so and Send stays off until it is removed.
    expect((await page.getByTestId('attachment-refused').textContent())!.trim()).toMatch(
      /^The server refused spinner\.gif: Send stays off for it\..*remove the file first\.$/,
    );
    expect(await page.getByTestId('chat-send').isDisabled()).toBe(true);
    await screenshot(page, '45-attachment-server-refusal');
    await page.getByTestId('attachment-remove').click();
    await refused.waitFor({ state: 'detached' });
    expect(await page.getByTestId('chat-send').isDisabled()).toBe(false);
    await page.getByTestId('chat-input').fill('');
  });

  it('en: the file button is reached and used from the keyboard; a Meta servant’s chip says Meta keeps files', async () => {
    await page.getByTestId('chat-target').selectOption('mia');
    await page.getByTestId('chat-input').focus();
    await page.keyboard.press('Tab');
    expect(await focusedTestId()).toBe('attachment-pick');
    const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.keyboard.press('Enter')]);
    await chooser.setFiles({ name: 'small.png', mimeType: 'image/png', buffer: pngBytes(64, 64) });
    const chip = page.getByTestId('attachment-chip');
    await chip.getByTestId('attachment-chip-thumb').waitFor();
    expect(await chip.getByTestId('attachment-retention').textContent()).toMatch(
      /^Files sent to Meta are kept at Meta with no expiry/,
    );
    expect(await chip.getByTestId('attachment-reduced').count()).toBe(0);
    await chip.getByTestId('attachment-remove').click();
    await chip.waitFor({ state: 'detached' });
  });

  it('ja: the Japanese chip, and the image reaches the Anthropic wire as its image block', async () => {
    await village.api('set_language', { language: 'ja' });
    await page.reload();
    await page.getByTestId('chat-target').selectOption('ansel');
    await clipboardPastePng(320, 200);
    const chip = page.getByTestId('attachment-chip');
    expect(await chip.getByTestId('attachment-one-turn').textContent()).toBe(
      'この画像は今回のみモデルへ渡ります。次のターンからはモデルには見えません（画面には残ります）',
    );
    expect(await chip.getByTestId('attachment-chip-facts').textContent()).toMatch(/ · 画像$/);
    const before = fake.requests.length;
    fake.enqueue({ body: textReply('anthropic', '赤と青です。') });
    // Content may be empty when a file is attached.
    await page.getByTestId('chat-send').click();
    await page
      .locator('[data-testid="chat-message"][data-from="ansel"]')
      .filter({ hasText: '赤と青です。' })
      .waitFor({ timeout: 30_000 });
    const blocks = lastUserContent(fake.requests[before]!.body) as {
      type: string;
      source?: { type: string; media_type: string; data: string };
    }[];
    const image = blocks.find((b) => b.type === 'image')!;
    expect(image.source).toMatchObject({ type: 'base64', media_type: 'image/webp' });
    expect(await decodedSize(image.source!.data)).toEqual({ format: 'webp', width: 320, height: 200 });
    expectRedThenBlue(await sideColours(image.source!.data));
    await screenshot(page, '43-attachment-ja-sent');
  });

  it('ja: a refusal only the server can make is said in Japanese, the core’s English only as the tooltip', async () => {
    await page
      .getByTestId('attachment-input')
      .setInputFiles({ name: 'spinner.gif', mimeType: 'image/gif', buffer: await animatedGifBytes() });
    await page.getByTestId('attachment-chip-thumb').waitFor();
    await page.getByTestId('chat-send').click();
    const refused = page.getByTestId('attachment-send-error');
    await refused.waitFor();
    expect((await refused.textContent())!.trim()).toBe(
      '送信できませんでした: spinner.gif はアニメーション画像です。添付できるのは静止画だけです（モデルには 1 コマしか渡りません）',
    );
    expect(await refused.getAttribute('title')).toBe('animated images are not accepted');
    await page.getByTestId('attachment-remove').click();
    await page.getByTestId('attachment-chip').waitFor({ state: 'detached' });
  });

  it('ja: a file the GC removed shows its frame in the sent message', async () => {
    const folder = join(village.workspace, 'attachments');
    const [last] = (await userMessages()).slice(-1);
    const id = last!.attachments![0]!.id;
    const stored = (await readdir(folder)).filter((name) => name.startsWith(id));
    expect(stored).toHaveLength(1);
    await rm(join(folder, stored[0]!));
    await page.reload();
    const frames = page.getByTestId('attachment-gone');
    await until(
      () => frames.count(),
      (n) => n >= 1,
      'the gone frame',
    );
    expect(await frames.last().textContent()).toContain('画像は保持期間を過ぎて削除されました');
    // The earlier image is still there.
    await page.getByTestId('attachment-thumb').first().waitFor();

    // Another kind is fetched only when asked for: the gone PDF shows its frame on the click.
    const pdf = (await userMessages()).flatMap((m) => m.attachments ?? []).find((a) => a.kind === 'pdf')!;
    const pdfFile = (await readdir(folder)).find((name) => name.startsWith(pdf.id))!;
    await rm(join(folder, pdfFile));
    await page.getByTestId('attachment-file').click();
    await until(
      () => frames.count(),
      (n) => n >= 2,
      'the PDF’s gone frame',
    );
    expect(await page.locator('[data-kind="pdf"] [data-testid="attachment-gone"]').textContent()).toContain(
      'PDF は保持期間を過ぎて削除されました',
    );
    await screenshot(page, '44-attachment-gone');
    // The refused GIF (400) and the gone file (404) are answers the page shows, not failures of the page.
    expect(ui.errors.filter((e) => !/status of (400|404)/.test(e))).toEqual([]);
  });
});
