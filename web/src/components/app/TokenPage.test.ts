/**
 * The token page against a real server: the printed address or the bare token is tried with the
 * server and handed on only when the server takes it; a wrong token, an address without one and an
 * address for another server each say what to do, and the page stays.
 */
import '../../test-dom.ts';
import { createApp, h, nextTick, type App } from 'vue';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startTestVillage, type TestVillage } from '../../../../test/helpers/village-server.ts';
import { i18n } from '../../i18n.ts';
import TokenPage from './TokenPage.vue';

let v: TestVillage;
const mounted: { app: App; root: HTMLElement }[] = [];

beforeAll(async () => {
  v = await startTestVillage();
}, 30_000);
afterEach(() => {
  for (const { app, root } of mounted.splice(0)) {
    app.unmount();
    root.remove();
  }
  i18n.global.locale.value = 'en';
});
afterAll(async () => {
  await v?.close();
});

function mount(language: 'en' | 'ja' = 'en', rejected = false) {
  i18n.global.locale.value = language;
  const accepted: string[] = [];
  const root = document.createElement('div');
  document.body.append(root);
  const app = createApp({
    render: () =>
      h(TokenPage, {
        rejected,
        base: v.server.url,
        here: new URL(v.server.url).origin,
        onAccepted: (token: string) => accepted.push(token),
      }),
  });
  app.use(i18n).mount(root);
  mounted.push({ app, root });
  const input = root.querySelector<HTMLInputElement>('[data-testid="token-input"]')!;
  const error = () => root.querySelector('[data-testid="token-error"]')!.textContent!.trim();
  const submit = async (text: string) => {
    input.value = text;
    input.dispatchEvent(new Event('input'));
    root.querySelector('form')!.dispatchEvent(new Event('submit', { cancelable: true }));
  };
  return { root, accepted, error, submit };
}

async function until(check: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 400; i += 1) {
    await nextTick();
    if (check()) return;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error(`timed out waiting for ${what}`);
}

describe('TokenPage', () => {
  it('hands on the token of the printed address once the server takes it', async () => {
    const page = mount();
    await page.submit(`Fuseforks 0.1.0 is running.\n  UI:        ${v.server.uiUrl}\n`);
    await until(() => page.accepted.length > 0, 'the token accepted');
    expect(page.accepted).toEqual([v.server.token]);
    expect(page.error()).toBe('');
  });

  it('takes the bare token too (the api_token file)', async () => {
    const page = mount();
    await page.submit(`${v.server.token}\n`);
    await until(() => page.accepted.length > 0, 'the token accepted');
    expect(page.accepted).toEqual([v.server.token]);
  });

  it('says the server refused a wrong token, and stays', async () => {
    const page = mount();
    await page.submit(`${new URL(v.server.url).origin}/?token=${'0'.repeat(48)}`);
    await until(() => page.error() !== '', 'an error');
    expect(page.error()).toBe(i18n.global.t('token.errors.wrong'));
    expect(page.accepted).toEqual([]);
    expect(page.root.querySelector('[data-testid="token-page"]')).not.toBeNull();
  });

  it('tells an address for another server from a wrong token', async () => {
    const page = mount('ja');
    await page.submit(`http://127.0.0.1:1/?token=${'0'.repeat(48)}`);
    await until(() => page.error() !== '', 'an error');
    expect(page.error()).toContain('http://127.0.0.1:1');
    expect(page.error()).toContain('直接開いてください');
    expect(page.accepted).toEqual([]);
  });

  it('asks for the token when the address has none, without asking the server', async () => {
    // Every request the page makes goes through fetch: count them.
    const realFetch = globalThis.fetch;
    let asked = 0;
    globalThis.fetch = (...args: Parameters<typeof fetch>) => {
      asked++;
      return realFetch(...args);
    };
    try {
      const page = mount();
      await page.submit(`${new URL(v.server.url).origin}/`);
      await nextTick();
      expect(page.error()).toContain('no token in it');
      expect(page.accepted).toEqual([]);
      expect(asked).toBe(0);
    } finally {
      globalThis.fetch = realFetch;
    }
  });

  it('says a refused stored token was refused', async () => {
    const page = mount('en', true);
    await nextTick();
    expect(page.root.querySelector('[data-testid="token-intro"]')!.textContent).toContain('refused');
  });
});
