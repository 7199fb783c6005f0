/**
 * Message bodies as Markdown in the real UI (issue 22): a table, a code block coloured by the lazily
 * loaded highlight.js, copy buttons that put the raw text on the clipboard, an XSS payload that does
 * nothing, and a budget stop shown as its own row with its figures, in Japanese and English.
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

let fake: FakeProvider;
let village: UiVillage;
let ui: UiSession;
let page: Page;

const CODE = 'const answer: number = 42;\nconsole.log(answer);';
const REPLY = [
  '## Result',
  '',
  '| name | value |',
  '|:-----|------:|',
  '| alpha | 1 |',
  '| <img src=x onerror="window.__pwned=1"> | 2 |',
  '',
  '```ts',
  CODE,
  '```',
  '',
  '<img src=x onerror="window.__pwned=1">',
  '',
  '`<img src=x onerror="window.__pwned=1">` and [docs](https://example.org/docs) and [bad](javascript:window.__pwned=1)',
  '',
  '![pixel](https://tracker.invalid/p.gif)',
].join('\n');

beforeAll(async () => {
  fake = await new FakeProvider().start();
  village = await startUiVillage('ja');
  const id = await fakeTemplate(village, fake.baseUrl);
  await village.api('create_agent', { spec: { name: 'Zari', modelTemplateId: id } });
  // A second servant that has never called its model: its first call reserves the 1,000 floor.
  await village.api('create_agent', { spec: { name: 'Budo', modelTemplateId: id } });
  for (const agentId of ['agent_1', 'agent_2']) await village.api('start_agent', { agentId });
  ui = await openUi(village);
  page = ui.page;
  await ui.context.grantPermissions(['clipboard-read', 'clipboard-write'], {
    origin: new URL(village.url).origin,
  });
  await page.getByTestId('agent-card').first().waitFor();
}, 60_000);
screenshotFailures('chat-markdown', () => page);
afterAll(async () => {
  await ui?.context.close();
  await closeBrowser();
  await village?.stop();
  await fake?.stop();
});

async function ask(text: string) {
  await page.getByTestId('chat-input').fill(text);
  await page.getByTestId('chat-send').click();
}

const reply = () => page.locator('[data-testid="chat-message"][data-from="agent_1"]').last();
const clipboard = () => page.evaluate<string>('navigator.clipboard.readText()');

it('renders a Markdown reply: heading, table, highlighted code; the XSS payload does nothing', async () => {
  fake.enqueue({ body: textReply('openai', REPLY) });
  await page.getByTestId('chat-target').selectOption('agent_1');
  await ask('show me **the table**');
  const body = reply().getByTestId('chat-content');
  await body.locator('table').waitFor({ timeout: 30_000 });
  expect(await body.locator('h2').textContent()).toBe('Result');
  expect(await body.locator('th').allTextContents()).toEqual(['name', 'value']);
  expect(await body.locator('td').nth(2).textContent()).toBe('<img src=x onerror="window.__pwned=1">');
  // highlight.js arrives after the text is shown, then colours the block.
  await body.locator('pre > code.hljs .hljs-keyword').first().waitFor({ timeout: 10_000 });
  expect(await body.locator('pre > code').textContent()).toBe(`${CODE}\n`);
  // No image element anywhere in the body: neither the payloads nor the model's picture (a link instead).
  expect(await body.locator('img').count()).toBe(0);
  const pixel = body.locator('a.md-image-link');
  expect(await pixel.getAttribute('href')).toBe('https://tracker.invalid/p.gif');
  const docs = body.locator('a', { hasText: 'docs' });
  expect(await docs.getAttribute('target')).toBe('_blank');
  expect(await docs.getAttribute('rel')).toBe('noopener noreferrer');
  expect(await body.locator('a', { hasText: 'bad' }).count()).toBe(0);
  expect(await body.textContent()).toContain('[bad](javascript:window.__pwned=1)');
  // The person's own message is Markdown too.
  const mine = page.locator('[data-testid="chat-message"][data-from="user"]').last();
  expect(await mine.getByTestId('chat-content').locator('strong').textContent()).toBe('the table');
  // A broken image's onerror would have fired by now, the page having painted and highlighted since.
  await page.waitForFunction(`document.fonts.status === 'loaded'`);
  expect(await page.evaluate<string>('typeof window.__pwned')).toBe('undefined');
  await screenshot(page, '22-chat-markdown');
  expect(ui.errors).toEqual([]);
});

it('copies a code block and a whole message, from the mouse and from the keyboard', async () => {
  const copyCode = reply().getByTestId('code-copy');
  expect(await copyCode.getAttribute('aria-label')).toBe('このコードをコピー');
  await copyCode.click();
  await expect.poll(() => copyCode.textContent()).toBe('コピーしました');
  expect(await clipboard()).toBe(`${CODE}\n`);
  await expect.poll(() => copyCode.textContent(), { timeout: 5000 }).toBe('コピー');

  const copyMessage = reply().getByTestId('message-copy');
  expect(await copyMessage.getAttribute('aria-label')).toBe('このメッセージを Markdown のままコピー');
  await copyMessage.focus();
  await page.keyboard.press('Enter');
  await expect.poll(() => copyMessage.textContent()).toBe('コピーしました');
  expect(await clipboard()).toBe(REPLY);
});

const COLUMNS = Array.from({ length: 18 }, (_, i) => `column${i + 1}`);
const WIDE_REPLY = [
  `| ${COLUMNS.join(' | ')} |`,
  `|${COLUMNS.map(() => '---').join('|')}|`,
  `| ${COLUMNS.map((c) => `value of ${c}`).join(' | ')} |`,
  '',
  '- [ ] open task',
  '- [x] done task',
  '',
  'A claim[^1].',
  '',
  '[^1]: The source.',
  '',
  '```',
  `const line = '${'x'.repeat(400)}';`,
  '```',
].join('\n');

it('a wide table scrolls in its box, task lists and footnotes render, Copy never covers code', async () => {
  fake.enqueue({ body: textReply('openai', WIDE_REPLY) });
  await page.getByTestId('chat-target').selectOption('agent_1');
  await ask('wide');
  // This reply's own row: the last one may still be the earlier test's, which has a table too.
  const row = page
    .locator('[data-testid="chat-message"][data-from="agent_1"]', { hasText: 'open task' })
    .last();
  const body = row.getByTestId('chat-content');
  await body.locator('.md-table table').waitFor({ timeout: 30_000 });
  const layout = await body.evaluate((el) => {
    const box = el.querySelector('.md-table')!;
    /** How many line boxes a cell's text takes: 1 when it is not wrapped. */
    // The page's own document; the Node type check has no DOM library, so its shape is named here.
    const pageDocument = (
      globalThis as unknown as {
        document: {
          createRange(): {
            selectNodeContents(node: unknown): void;
            getClientRects(): Iterable<{ top: number }>;
          };
        };
      }
    ).document;
    const lines = (cell: unknown) => {
      const range = pageDocument.createRange();
      range.selectNodeContents(cell);
      return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
    };
    const bubble = el.getBoundingClientRect();
    const boxRect = box.getBoundingClientRect();
    const pre = el.querySelector('.md-code pre')!.getBoundingClientRect();
    const copy = el.querySelector('.md-code button')!.getBoundingClientRect();
    const firstLine = el.querySelector('.md-code pre code')!.getClientRects()[0]!;
    return {
      scrolls: box.scrollWidth > box.clientWidth,
      boxInside: boxRect.right <= bubble.right + 1,
      headLines: Math.max(...[...el.querySelectorAll('th')].map(lines)),
      cellLines: Math.max(...[...el.querySelectorAll('td')].map(lines)),
      copyAboveText: copy.bottom <= firstLine.top,
      copyInsidePre: copy.right <= pre.right,
    };
  });
  // 18 columns do not fit: the box scrolls, every header keeps its word on one line and a cell
  // wraps at its spaces only ("value of columnN": at most three lines), never a letter per line.
  expect(layout.scrolls).toBe(true);
  expect(layout.boxInside).toBe(true);
  expect(layout.headLines).toBe(1);
  expect(layout.cellLines).toBeLessThanOrEqual(3);
  expect(layout.copyAboveText).toBe(true);
  expect(layout.copyInsidePre).toBe(true);
  const boxes = body.locator('input[type="checkbox"]');
  expect(await boxes.count()).toBe(2);
  expect(await boxes.nth(0).isChecked()).toBe(false);
  expect(await boxes.nth(1).isChecked()).toBe(true);
  expect(await boxes.nth(0).isDisabled()).toBe(true);
  const ref = body.locator('sup.footnote-ref a');
  const href = (await ref.getAttribute('href'))!;
  expect(href).toMatch(/^#fn-.+-1$/);
  expect(await body.locator(`[id="${href.slice(1)}"]`).textContent()).toContain('The source.');
  expect(await body.textContent()).not.toContain('[^1]');
  await screenshot(page, '22-chat-wide-table');
  expect(ui.errors).toEqual([]);
});

/** WCAG relative luminance of a computed `rgb(…)` colour. */
function luminance(css: string): number {
  const [r, g, b] = css
    .match(/\d+(\.\d+)?/g)!
    .slice(0, 3)
    .map((v) => {
      const c = Number(v) / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

/** WCAG contrast ratio of the stop row's text on its background in a theme, from the computed styles. */
async function stopContrast(theme: 'dark' | 'light'): Promise<number> {
  const { color, background } = await page.evaluate<{ color: string; background: string }>(`(() => {
    document.documentElement.dataset.theme = ${JSON.stringify(theme)};
    const style = getComputedStyle(document.querySelector('[data-testid="budget-stop"]'));
    return { color: style.color, background: style.backgroundColor };
  })()`);
  const [light, dark] = [luminance(color), luminance(background)].sort((x, y) => y - x);
  return (light! + 0.05) / (dark! + 0.05);
}

it('shows a budget stop as a stop with its figures and the way to raise the limit, in ja and en', async () => {
  await village.api('set_token_budget', { tokenBudget: 500 });
  const calls = fake.requests.length;
  await page.getByTestId('chat-target').selectOption('agent_2');
  await ask('one more');
  const stop = page.getByTestId('budget-stop');
  await stop.waitFor({ timeout: 30_000 });
  // Budo's first call reserves the 1,000 floor: 500 cannot cover it, so nothing reached the model.
  expect(fake.requests.length).toBe(calls);
  expect(await stop.getAttribute('data-reason')).toBe('reserve_short');
  expect(await stop.getByTestId('budget-stop-title').textContent()).toBe('トークン予算の上限で停止しました');
  expect(await stop.getByTestId('budget-stop-figures').textContent()).toBe(
    '上限は依頼ごとに実効 500 トークンです。使用・確保済みが 0、残りが 500 で、次の呼び出しに必要な約 1,000 を確保できませんでした。',
  );
  expect(await stop.getByTestId('budget-stop-next').textContent()).toContain('トークン予算を引き上げて');
  // Not the grey notice: the System line's text is not shown as a message bubble.
  expect(await page.getByTestId('chat-message').filter({ hasText: '次の呼び出しぶんの予算' }).count()).toBe(
    0,
  );
  for (const theme of ['dark', 'light'] as const)
    expect(await stopContrast(theme)).toBeGreaterThanOrEqual(4.5);
  await page.evaluate('delete document.documentElement.dataset.theme');

  await stop.getByTestId('budget-stop-settings').click();
  await page.locator('[data-testid="settings-dialog"] [data-page="tokens"]').waitFor();
  await page.getByTestId('settings-close').click();
  await page.getByTestId('settings-dialog').waitFor({ state: 'detached' });
  await screenshot(page, '22-budget-stop-ja');

  await village.api('set_language', { language: 'en' });
  await expect
    .poll(() => stop.getByTestId('budget-stop-title').textContent())
    .toBe('Stopped at the token budget');
  expect(await stop.getByTestId('budget-stop-figures').textContent()).toBe(
    'The limit is 500 effective tokens per request: 0 were already spent or reserved and 500 left, but the next call needed about 1,000.',
  );
  expect(await stop.getByTestId('budget-stop-settings').textContent()).toContain(
    'Open token budget settings',
  );
  expect(await reply().getByTestId('code-copy').textContent()).toBe('Copy');
  await screenshot(page, '22-budget-stop-en');
  expect(ui.errors).toEqual([]);
});

it('from the stop: the Token limit field takes the focus, a change elsewhere asks nothing, Ask again re-sends', async () => {
  const stop = page.getByTestId('budget-stop').last();
  // Same limit: asking again would stop at the same point, so it is not offered yet.
  expect(await stop.getByTestId('budget-stop-ask-again').count()).toBe(0);
  await stop.getByTestId('budget-stop-settings').click();
  await page.locator('[data-testid="settings-dialog"] [data-page="tokens"]').waitFor();
  await expect
    .poll(() => page.evaluate<string | null>(`document.activeElement?.getAttribute('data-testid') ?? null`))
    .toBe('settings-token-limit');
  // Raised elsewhere (the API, another tab) while the dialog is open: the field follows, and closing
  // asks nothing, the person having changed nothing.
  await village.api('set_token_budget', { tokenBudget: 100_000 });
  await expect.poll(() => page.getByTestId('settings-token-limit').inputValue()).toBe('100000');
  await page.getByTestId('settings-close').click();
  await page.getByTestId('settings-dialog').waitFor({ state: 'detached' });
  expect(await page.getByTestId('confirm-dialog').count()).toBe(0);

  const before = await village.api<{ id: string }>('current_session');
  const askAgain = stop.getByTestId('budget-stop-ask-again');
  expect(await askAgain.textContent()).toContain('Ask again');
  fake.enqueue({ body: textReply('openai', 'asked again, answered') });
  await askAgain.click();
  await page
    .locator('[data-testid="chat-message"][data-from="agent_2"]', { hasText: 'asked again, answered' })
    .waitFor({ timeout: 30_000 });
  const after = await village.api<{ id: string; meta: { parentId?: string } }>('current_session');
  expect(after.id).not.toBe(before.id);
  expect(after.meta.parentId).toBe(before.id);
  expect(ui.errors).toEqual([]);
});
