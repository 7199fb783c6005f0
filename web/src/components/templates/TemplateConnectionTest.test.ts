/**
 * The "Test connection" button against a real `fuseforks serve` and the fake provider over real
 * HTTP: the busy state while the request is out, the answer, a failure with its advice, Cancel, and
 * the form's own checks before anything is sent.
 */
import '../../test-dom.ts';
import { computed, createApp, defineComponent, h, nextTick, provide, reactive, type App } from 'vue';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FakeProvider } from '../../../../test/fakes/fake-provider.ts';
import { removeRoot, startTestVillage, type TestVillage } from '../../../../test/helpers/village-server.ts';
import { STORE_KEY } from '../../composables/useVillage.ts';
import { i18n } from '../../i18n.ts';
import { createApi } from '../../lib/api.ts';
import { emptyUrlField } from '../../lib/price-table-url.ts';
import { formFromTemplate, type TemplateForm } from '../../lib/template-form.ts';
import type { ModelTemplate } from '../../lib/types.ts';
import { VillageStore } from '../../state/village.ts';
import TemplateConnectionTest from './TemplateConnectionTest.vue';
import { EDITOR_KEY } from './editor-state.ts';

const KEY = 'sk-component-probe-77';
let fake: FakeProvider;
let v: TestVillage;
let store: VillageStore;
let template: ModelTemplate;
const mounted: { app: App; root: HTMLElement }[] = [];

beforeAll(async () => {
  fake = await new FakeProvider().start();
  v = await startTestVillage();
  await v.ready();
  template = await v.ok<ModelTemplate>('upsert_template', {
    template: { name: 'Probe', baseUrl: fake.baseUrl, model: 'gpt-4o-mini', provider: 'open_ai_compat' },
  });
  await v.ok('set_credential', { templateId: template.id, secret: KEY });
  template = { ...template, credential: 'keyring' };
  store = new VillageStore(createApi(v.server.token, v.server.url));
  await store.refetch('world');
}, 30_000);
beforeEach(() => {
  i18n.global.locale.value = 'en';
});
afterEach(() => {
  for (const { app, root } of mounted.splice(0)) {
    app.unmount();
    root.remove();
  }
  i18n.global.locale.value = 'en';
});
afterAll(async () => {
  await v?.close();
  await removeRoot(v.root);
  await fake?.stop();
});

/** The button inside an editor that holds `form` (as the templates dialog provides it). */
function mount(form: TemplateForm) {
  const root = document.createElement('div');
  document.body.append(root);
  const Host = defineComponent({
    setup() {
      provide(EDITOR_KEY, {
        form: reactive(form),
        errors: reactive({}),
        saved: computed(() => template),
        priceTableUrl: reactive(emptyUrlField()),
      });
      return () => h(TemplateConnectionTest);
    },
  });
  const app = createApp(Host);
  app.use(i18n).provide(STORE_KEY, store).mount(root);
  mounted.push({ app, root });
  return root;
}

async function until(check: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 400; i += 1) {
    await nextTick();
    if (check()) return;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error(`timed out waiting for ${what}`);
}

const byId = (root: HTMLElement, id: string) => root.querySelector<HTMLElement>(`[data-testid="${id}"]`);
const text = (root: HTMLElement, id: string) =>
  byId(root, id)?.textContent?.replace(/\s+/g, ' ').trim() ?? '';

describe('TemplateConnectionTest', () => {
  it('shows the busy state while the request is out, then the model, the time and the reply', async () => {
    const root = mount(formFromTemplate(template));
    const arrived = fake.requests.length;
    fake.enqueue({ hold: true });
    byId(root, 'template-test-connection')!.click();
    await fake.waitForRequests(arrived + 1);
    await until(() => byId(root, 'template-test-cancel') !== null, 'the cancel button');
    const button = byId(root, 'template-test-connection') as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    expect(button.getAttribute('aria-busy')).toBe('true');
    expect(button.textContent).toContain('Testing');
    // The held request gets the fake's plain "ok" answer once released.
    fake.releaseHeld();
    await until(() => byId(root, 'template-test-ok') !== null, 'the success line');
    expect(text(root, 'template-test-ok')).toMatch(
      /Connected: gpt-4o-mini answered in \d+ ms\.\s*Reply: “ok”/,
    );
    expect(button.disabled).toBe(false);
    expect(byId(root, 'template-test-cancel')).toBeNull();
  });

  it('a refused key: the frame in the UI language, the code, the advice in the village language, never the key', async () => {
    i18n.global.locale.value = 'ja';
    const root = mount(formFromTemplate(template));
    fake.enqueue({
      status: 401,
      body: { error: { message: `bad key ${KEY}`, type: 'invalid_request_error' } },
    });
    byId(root, 'template-test-connection')!.click();
    await until(() => byId(root, 'template-test-error') !== null, 'the error line');
    expect(text(root, 'template-test-error')).toContain('テストに失敗しました（LLM_API）');
    expect(text(root, 'template-test-advice')).toMatch(/API key/);
    expect(root.textContent).not.toContain(KEY);
  });

  it('Cancel stops the test and says so', async () => {
    const root = mount(formFromTemplate(template));
    const arrived = fake.requests.length;
    fake.enqueue({ hold: true });
    byId(root, 'template-test-connection')!.click();
    await fake.waitForRequests(arrived + 1);
    await until(() => byId(root, 'template-test-cancel') !== null, 'the cancel button');
    byId(root, 'template-test-cancel')!.click();
    await until(() => byId(root, 'template-test-error') !== null, 'the cancelled line');
    expect(text(root, 'template-test-advice')).toBe('The test was cancelled.');
  });

  it('an edit to the form clears the answer, which was about the form as it was', async () => {
    const form = reactive(formFromTemplate(template));
    const root = mount(form);
    byId(root, 'template-test-connection')!.click();
    await until(() => byId(root, 'template-test-ok') !== null, 'the success line');
    form.model = 'gpt-4o';
    await nextTick();
    await nextTick();
    expect(byId(root, 'template-test-ok')).toBeNull();
    expect(byId(root, 'template-test-error')).toBeNull();
  });

  it('a form that fails its own checks sends nothing', async () => {
    const root = mount({ ...formFromTemplate(template), model: ' ' });
    const before = fake.requests.length;
    byId(root, 'template-test-connection')!.click();
    await until(() => byId(root, 'template-test-fix-first') !== null, 'the fix-first line');
    expect(fake.requests.length).toBe(before);
  });
});
