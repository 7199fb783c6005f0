/**
 * The template editor's "where the key is kept" sentence from a real server's get_world: the file
 * store the test village runs with is named as a file with its path, never as the OS credential
 * store; the keyring wording only when the server reports the keyring.
 */
import '../../test-dom.ts';
import { join } from 'node:path';
import { createApp, h, nextTick, type App } from 'vue';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { displayPath } from '../../../../src/secrets/secret-location.ts';
import { startTestVillage, type TestVillage } from '../../../../test/helpers/village-server.ts';
import { i18n } from '../../i18n.ts';
import { credentialStoreText } from '../../lib/credential-store-text.ts';
import type { CredentialStoreLocation, World } from '../../state/world.ts';
import CredentialStoreNote from './CredentialStoreNote.vue';

let v: TestVillage;
let reported: CredentialStoreLocation;
const mounted: { app: App; root: HTMLElement }[] = [];

beforeAll(async () => {
  v = await startTestVillage();
  await v.ready();
  reported = (await v.ok<World>('get_world')).credentialStore;
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

async function note(location: CredentialStoreLocation | undefined, language: 'en' | 'ja') {
  i18n.global.locale.value = language;
  const root = document.createElement('div');
  document.body.append(root);
  const app = createApp({ render: () => h(CredentialStoreNote, { location }) });
  app.use(i18n).mount(root);
  mounted.push({ app, root });
  await nextTick();
  const p = root.querySelector<HTMLElement>('[data-testid="template-credential-store"]')!;
  return { text: p.textContent!.trim(), store: p.dataset.store };
}

describe('CredentialStoreNote', () => {
  it('names the file and its path when the server keeps keys in its file', async () => {
    // startTestVillage runs on the file store in {home}/secrets.json.
    const path = displayPath(join(v.home, 'secrets.json'));
    expect(reported).toEqual({ kind: 'file', path });
    const en = await note(reported, 'en');
    expect(en.store).toBe('file');
    expect(en.text).toContain(path);
    expect(en.text).not.toContain('is kept in the OS credential store');
    const ja = await note(reported, 'ja');
    expect(ja.text).toContain(path);
    expect(ja.text).not.toContain('OS の資格情報ストアに保存され');
  });

  it('says the OS credential store only for the keyring', async () => {
    const en = await note({ kind: 'keyring' }, 'en');
    expect(en.store).toBe('keyring');
    expect(en.text).toBe('The key is kept in the OS credential store and is never shown again.');
    expect((await note({ kind: 'keyring' }, 'ja')).text).toBe(
      'キーは OS の資格情報ストアに保存され、二度と表示されません。',
    );
  });
});

describe('credentialStoreText', () => {
  it('picks the file sentence, with the path, for each of kept, saved and deleted', () => {
    const file = { kind: 'file' as const, path: '~/.local/share/fuseforks/secrets.json' };
    i18n.global.locale.value = 'en';
    for (const what of ['kept', 'saved', 'deleted'] as const) {
      const { key, params } = credentialStoreText(file, what);
      expect(key.endsWith('File'), what).toBe(true);
      expect(i18n.global.t(key, params), what).toContain(file.path);
      const keyring = credentialStoreText({ kind: 'keyring' }, what);
      expect(i18n.global.t(keyring.key, keyring.params), what).toContain('OS credential store');
    }
  });
});
