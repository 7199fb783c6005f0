/**
 * A reply streaming in (issue 23), mounted as the chat mounts it, against a real `fuseforks serve`
 * whose servant is mid-call on a held fake provider: hostile Markdown streamed in pieces never runs,
 * the text grows through the same renderer, Stop really interrupts the servant, and a stopped reply
 * says so in the village language. The deltas are applied as the socket would (the core sends them
 * once issue 23's turn step lands).
 */
import '../../test-dom.ts';
import { createApp, h, nextTick, type App } from 'vue';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { FakeProvider } from '../../../../test/fakes/fake-provider.ts';
import {
  startFakeServant,
  startTestVillage,
  type TestVillage,
} from '../../../../test/helpers/village-server.ts';
import { STORE_KEY } from '../../composables/useVillage.ts';
import { i18n } from '../../i18n.ts';
import { createApi } from '../../lib/api.ts';
import type { CoreEvent } from '../../lib/types.ts';
import { VillageStore } from '../../state/village.ts';
import StreamingRow from './StreamingRow.vue';

// The test DOM has no frames of its own: a frame is a 16 ms timer, as a visible page's would be.
globalThis.requestAnimationFrame ??= (run) => setTimeout(() => run(performance.now()), 16) as never;
globalThis.cancelAnimationFrame ??= (handle) => clearTimeout(handle);

let fake: FakeProvider;
let v: TestVillage;
let store: VillageStore;
const mounted: { app: App; root: HTMLElement }[] = [];

beforeAll(async () => {
  i18n.global.locale.value = 'en';
  fake = await new FakeProvider().start();
  v = await startTestVillage();
  await v.ready();
  await startFakeServant(v, fake.baseUrl, { id: 'dev', name: 'Dev' });
  store = new VillageStore(createApi(v.server.token, v.server.url));
  await store.refetch('world');
}, 30_000);
afterEach(() => {
  for (const { app, root } of mounted.splice(0)) {
    app.unmount();
    root.remove();
  }
  store.state.streams.splice(0);
  i18n.global.locale.value = 'en';
});
afterAll(async () => {
  fake?.releaseHeld();
  await v?.close();
  await fake?.stop();
});

/** The row for `messageId` as ChatPane draws it, following the store's entry. */
function mount(messageId: string): HTMLElement {
  const root = document.createElement('div');
  document.body.append(root);
  const reply = () => store.state.streams.find((r) => r.messageId === messageId)!;
  const app = createApp({ render: () => (reply() ? h(StreamingRow, { reply: reply() }) : null) });
  app.use(i18n).provide(STORE_KEY, store).mount(root);
  mounted.push({ app, root });
  return root;
}

const delta = (messageId: string, text: string, thinking?: string): CoreEvent => ({
  type: 'messageDelta',
  agentId: 'dev',
  messageId,
  text,
  ...(thinking === undefined ? {} : { thinking }),
});

async function frames(n = 3): Promise<void> {
  for (let i = 0; i < n; i += 1) {
    await new Promise((r) => setTimeout(r, 20));
    await nextTick();
  }
}

async function until(check: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 400; i += 1) {
    await nextTick();
    if (check()) return;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error(`timed out waiting for ${what}`);
}

const part = (root: HTMLElement, id: string) => root.querySelector<HTMLElement>(`[data-testid="${id}"]`);

/** Nothing that runs: no script, no handler attribute, no script URL, anywhere in the row. */
function expectInert(root: HTMLElement): void {
  expect(root.querySelector('script, iframe, object, embed')).toBeNull();
  for (const el of root.querySelectorAll('*')) {
    for (const attr of el.attributes) {
      expect(attr.name.startsWith('on'), `${el.tagName} ${attr.name}`).toBe(false);
      expect(/^\s*javascript:/i.test(attr.value), `${el.tagName} ${attr.name}=${attr.value}`).toBe(false);
    }
  }
  expect((window as unknown as { pwned?: number }).pwned).toBeUndefined();
}

describe('StreamingRow', () => {
  it('grows through the Markdown renderer, and a <script>/onerror payload streamed in pieces does nothing', async () => {
    const pieces = [
      'Here is **bo',
      'ld** text <scr',
      'ipt>window.pwned = 1</scr',
      'ipt> and <img src=x oner',
      'ror="window.pwned = 2"> and [a link](javas',
      'cript:window.pwned=3) and <svg onload="window.pwned=4">',
      '\n\n```html\n<script>window.pwned = 5</script>\n```\n',
    ];
    store.apply(delta('m-x', pieces[0]!, 'Reading <b onmouseover="window.pwned=6">'));
    const root = mount('m-x');
    await nextTick();
    // The first paint has the text at once, before any frame.
    expect(part(root, 'chat-content')!.textContent).toContain('Here is');
    for (const piece of pieces.slice(1)) {
      store.apply(delta('m-x', piece));
      await frames(1);
      expectInert(root);
    }
    // A slow render (a loaded machine) spaces the next one out: wait for the last piece, not a count of frames.
    await until(
      () =>
        part(root, 'chat-content')?.querySelector('pre code')?.textContent?.includes('pwned = 5') ?? false,
      'the whole reply rendered',
    );
    const content = part(root, 'chat-content')!;
    expect(content.querySelector('strong')?.textContent).toBe('bold');
    // Raw HTML is shown as the text it is; the code block keeps its script as text.
    expect(content.textContent).toContain('<script>window.pwned = 1</script>');
    expect(content.querySelector('pre code')?.textContent).toContain('<script>window.pwned = 5</script>');
    expect(part(root, 'thinking')!.textContent).toContain('Reading <b onmouseover="window.pwned=6">');
    expectInert(root);
    expect(part(root, 'chat-stream-stop')!.textContent!.trim()).toBe('Stop');
    expect(part(root, 'chat-stream-stopped')).toBeNull();
  });

  it('renders at most once per frame: a burst of deltas shows the newest text', async () => {
    store.apply(delta('m-burst', 'a'));
    const root = mount('m-burst');
    await nextTick();
    for (let i = 0; i < 50; i += 1) store.apply(delta('m-burst', ` w${i}`));
    await nextTick();
    // No frame yet: the burst has not been rendered 50 times, nor at all.
    expect(part(root, 'chat-content')!.textContent).toBe('a');
    await until(() => part(root, 'chat-content')!.textContent!.includes('w49'), 'the newest text');
  });

  it('Stop interrupts the servant: its call in flight is cancelled', async () => {
    fake.enqueue({ hold: true });
    await v.ok('send_user_message', { to: 'dev', content: 'write a long answer' });
    await fake.waitForRequests(1);
    store.apply({ type: 'agentTyping', agentId: 'dev', active: true });
    store.apply(delta('m-stop', 'The first part of a long'));
    const root = mount('m-stop');
    await nextTick();
    part(root, 'chat-stream-stop')!.click();
    await nextTick();
    expect(part(root, 'chat-stream-stop')!.textContent!.trim()).toBe('Stopping…');
    expect((part(root, 'chat-stream-stop') as HTMLButtonElement).disabled).toBe(true);
    await until(() => fake.abortedByClient === 1, 'the held call to be cancelled');
  });

  it('a stopped reply stays, marked in the village language, without a Stop button', async () => {
    i18n.global.locale.value = 'ja';
    store.apply(delta('m-int', '途中まで'));
    store.apply(delta('m-cut', 'Half'));
    const interrupted = mount('m-int');
    const cut = mount('m-cut');
    store.apply({ type: 'messageStreamStopped', agentId: 'dev', messageId: 'm-int', reason: 'interrupted' });
    store.apply({ type: 'messageStreamStopped', agentId: 'dev', messageId: 'm-cut', reason: 'cut' });
    await frames();
    expect(part(interrupted, 'chat-stream-stopped')!.textContent).toBe('停止しました — 会話には残りません');
    expect(part(interrupted, 'chat-content')!.textContent).toBe('途中まで');
    expect(part(interrupted, 'chat-stream-stop')).toBeNull();
    expect(part(cut, 'chat-stream')!.dataset.stopped).toBe('cut');
    expect(part(cut, 'chat-stream-stopped')!.textContent).toBe(
      '途中で切れました — 返信は最後まで届いていません',
    );
    i18n.global.locale.value = 'en';
    await nextTick();
    expect(part(interrupted, 'chat-stream-stopped')!.textContent).toBe(
      'Stopped — not kept in the conversation',
    );
  });

  it('a reply handed on to another servant says so, not that it was cut (en, ja)', async () => {
    store.apply(delta('m-hand', 'B knows better'));
    const handed = mount('m-hand');
    store.apply({ type: 'messageStreamStopped', agentId: 'dev', messageId: 'm-hand', reason: 'handed_off' });
    await frames();
    expect(part(handed, 'chat-stream')!.dataset.stopped).toBe('handed_off');
    expect(part(handed, 'chat-stream-stopped')!.textContent).toBe(
      'Handed on to another servant — this text is not kept in the conversation',
    );
    expect(part(handed, 'chat-stream-stop')).toBeNull();
    i18n.global.locale.value = 'ja';
    await nextTick();
    expect(part(handed, 'chat-stream-stopped')!.textContent).toBe(
      '別のサーヴァントへ引き継ぎました — この文章は会話には残りません',
    );
    i18n.global.locale.value = 'en';
  });
});
