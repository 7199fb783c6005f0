/**
 * A reply streaming into the real UI (issue 23): the growing reply drawn with the chat's Markdown
 * renderer in place of the "typing…" line, an XSS payload streamed in pieces that does nothing, a pinned
 * view that follows while a scrolled-up reader stays put, Stop that really interrupts the servant, the
 * stopped reply kept and marked, and a final message that takes the reply's place without a jump.
 *
 * The village is real (`fuseforks serve`, a servant mid-call on a held fake provider). Until the
 * core's streaming turn lands, the `messageDelta` / `messageStreamStopped` frames are put on the
 * page's real events socket here (Playwright's WebSocket route passes the server's frames through).
 */
import type { BrowserContext, Page, WebSocketRoute } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { FakeProvider } from '../fakes/fake-provider.ts';
import {
  closeBrowser,
  fakeTemplate,
  launchBrowser,
  screenshot,
  screenshotFailures,
  startUiVillage,
  type UiVillage,
} from './ui-harness.ts';

let fake: FakeProvider;
let village: UiVillage;
let context: BrowserContext;
let page: Page;
let socket: WebSocketRoute | null = null;
const errors: string[] = [];

beforeAll(async () => {
  fake = await new FakeProvider().start();
  village = await startUiVillage('ja');
  const id = await fakeTemplate(village, fake.baseUrl);
  await village.api('create_agent', { spec: { name: 'Zari', modelTemplateId: id } });
  await village.api('start_agent', { agentId: 'agent_1' });
  context = await (await launchBrowser()).newContext({ viewport: { width: 1440, height: 900 } });
  await context.routeWebSocket(/\/api\/events$/, (ws) => {
    ws.connectToServer();
    socket = ws;
  });
  page = await context.newPage();
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  await page.goto(village.url);
  await page.getByTestId('agent-card').first().waitFor();
}, 60_000);
screenshotFailures('chat-streaming', () => page);
afterAll(async () => {
  fake?.releaseHeld();
  await context?.close();
  await closeBrowser();
  await village?.stop();
  await fake?.stop();
});

function send(event: Record<string, unknown>): void {
  if (!socket) throw new Error('the events socket is not open');
  socket.send(JSON.stringify(event));
}
const delta = (messageId: string, text: string, thinking?: string) =>
  send({ type: 'messageDelta', agentId: 'agent_1', messageId, text, ...(thinking ? { thinking } : {}) });

const stream = (messageId: string) =>
  page.locator(`[data-testid="chat-stream"][data-message-id="${messageId}"]`);
const flow = () => page.getByTestId('chat-flow');
const scroll = () =>
  flow().evaluate((el) => ({ top: el.scrollTop, height: el.scrollHeight, client: el.clientHeight }));
const fromBottom = async () => {
  const s = await scroll();
  return s.height - s.top - s.client;
};

it('shows the growing reply instead of "typing…", with Markdown, thinking, and no script running', async () => {
  fake.enqueue({ hold: true });
  await page.getByTestId('chat-input').fill('長い答えを書いて');
  await page.getByTestId('chat-send').click();
  await page.getByTestId('chat-typing').waitFor();
  await fake.waitForRequests(1);

  delta('live-1', '## 結果\n\nまず **太字** と <img src=x oner', '調べています');
  await stream('live-1').waitFor();
  expect(await page.getByTestId('chat-typing').count()).toBe(0);
  delta('live-1', 'ror="window.__pwned=1"> と <scr');
  delta('live-1', 'ipt>window.__pwned=2</script> と [悪い](javascript:window.__pwned=3)\n\n');
  const body = stream('live-1').getByTestId('chat-content');
  await expect.poll(() => body.textContent()).toContain('window.__pwned=3');
  expect(await body.locator('h2').textContent()).toBe('結果');
  expect(await body.locator('strong').textContent()).toBe('太字');
  expect(await body.locator('img, script').count()).toBe(0);
  expect(await stream('live-1').getByTestId('thinking').textContent()).toContain('調べています');
  expect(await stream('live-1').getByTestId('chat-stream-stop').textContent()).toContain('停止');
  expect(await page.evaluate<string>('typeof window.__pwned')).toBe('undefined');
});

it('a pinned view follows the growing reply; a reader scrolled up is not pulled down', async () => {
  for (let i = 1; i <= 60; i += 1) delta('live-1', `行${i}。\n`);
  await expect.poll(() => stream('live-1').getByTestId('chat-content').textContent()).toContain('行60。');
  await expect
    .poll(async () => {
      const s = await scroll();
      return s.height > s.client * 1.5 && s.height - s.top - s.client < 80;
    })
    .toBe(true);

  await flow().evaluate((el) => el.scrollTo({ top: 0 }));
  await page.getByTestId('chat-jump-latest').waitFor();
  for (let i = 61; i <= 90; i += 1) delta('live-1', `行${i}。\n`);
  await expect.poll(() => stream('live-1').getByTestId('chat-content').textContent()).toContain('行90。');
  await page.waitForTimeout(300);
  expect((await scroll()).top).toBe(0);
  await page.getByTestId('chat-jump-latest').click();
  await expect.poll(async () => (await scroll()).top).toBeGreaterThan(0);
});

it('Stop interrupts the servant; the partial reply stays, marked as not kept', async () => {
  await stream('live-1').getByTestId('chat-stream-stop').click();
  await expect.poll(() => fake.abortedByClient).toBe(1);
  send({ type: 'messageStreamStopped', agentId: 'agent_1', messageId: 'live-1', reason: 'interrupted' });
  const note = stream('live-1').getByTestId('chat-stream-stopped');
  await expect.poll(() => note.textContent()).toBe('停止しました — 会話には残りません');
  await note.scrollIntoViewIfNeeded();
  expect(await stream('live-1').getByTestId('chat-stream-stop').count()).toBe(0);
  expect(await stream('live-1').getByTestId('chat-content').textContent()).toContain('行90。');
  await screenshot(page, '23-chat-stream-stopped');
});

it('the final message takes the streamed reply’s place, where it was', async () => {
  // At the bottom (pinned): the new reply's row is followed as it comes.
  await flow().evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
  await expect.poll(() => page.getByTestId('chat-jump-latest').count()).toBe(0);
  delta('live-2', 'Short **answer**');
  await stream('live-2').waitFor();
  await expect.poll(fromBottom).toBeLessThan(80);
  const before = await stream('live-2').boundingBox();
  send({
    type: 'messageSent',
    message: {
      id: 'live-2',
      from: { kind: 'agent', id: 'agent_1' },
      to: { kind: 'user' },
      content: 'Short **answer**',
      tokens: 3,
      tsMs: Date.now(),
      hop: 0,
    },
  });
  const final = page.locator('[data-testid="chat-message"][data-message-id="live-2"]');
  await final.waitFor();
  expect(await stream('live-2').count()).toBe(0);
  expect(await final.getByTestId('chat-content').locator('strong').textContent()).toBe('answer');
  const after = await final.boundingBox();
  expect(Math.abs(after!.y - before!.y)).toBeLessThan(2);
  expect(errors).toEqual([]);
});

it('a reply open when the socket dropped is marked possibly incomplete; it is cut once its run is over', async () => {
  fake.enqueue({ hold: true });
  await page.getByTestId('chat-input').fill('もう一度');
  await page.getByTestId('chat-send').click();
  await fake.waitForRequests(2);
  delta('live-3', 'Before the drop');
  await stream('live-3').waitFor();
  const first = socket!;
  // The page's socket drops (the server stays up); the page reconnects through the same route.
  await first.close({ code: 4000, reason: 'dropped' });
  await expect.poll(() => socket !== first, { timeout: 20_000 }).toBe(true);
  await stream('live-3').getByTestId('chat-stream-gap').waitFor();
  expect(await stream('live-3').getByTestId('chat-stream-gap').textContent()).toContain(
    'この返信の途中で接続が切れました',
  );
  // The servant is still at it: the reply stays open, with its Stop button.
  expect(await stream('live-3').getAttribute('data-stopped')).toBe('');
  expect(await stream('live-3').getByTestId('chat-stream-stop').count()).toBe(1);
  // Its call ends without a final message of this id (the core's own whole reply): the run is over.
  fake.releaseHeld();
  await expect.poll(() => stream('live-3').getAttribute('data-stopped')).toBe('cut');
  expect(await stream('live-3').getByTestId('chat-stream-stopped').textContent()).toBe(
    '途中で切れました — 返信は最後まで届いていません',
  );
  expect(errors).toEqual([]);
});
