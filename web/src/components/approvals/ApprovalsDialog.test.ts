/**
 * The Approvals dialog against a real `fuseforks serve` (real API client, real run.json): an entry
 * drawn quoted with its invisible characters marked and the patterns as the argv they match, and a
 * decision that arrives after another one (a chat row or a second tab decided first) shown as a note
 * without writing anything.
 */
import '../../test-dom.ts';
import { writeFile } from 'node:fs/promises';
import { createApp, nextTick, type App } from 'vue';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { FakeProvider } from '../../../../test/fakes/fake-provider.ts';
import {
  startFakeServant,
  startTestVillage,
  type TestVillage,
} from '../../../../test/helpers/village-server.ts';
import { VillagePaths } from '../../../../src/world/paths.ts';
import { STORE_KEY } from '../../composables/useVillage.ts';
import { i18n } from '../../i18n.ts';
import { createApi } from '../../lib/api.ts';
import { VillageStore } from '../../state/village.ts';
import ApprovalsDialog from './ApprovalsDialog.vue';

let fake: FakeProvider;
let v: TestVillage;
let store: VillageStore;
const mounted: { app: App; root: HTMLElement }[] = [];

const pendingEntry = (command: string, args: string[], at: number, reason?: string) => ({
  command,
  args,
  count: 1,
  firstRequestedAtMs: at,
  ...(reason ? { reason } : {}),
});

beforeAll(async () => {
  fake = await new FakeProvider().start();
  v = await startTestVillage();
  await v.ready();
  await startFakeServant(v, fake.baseUrl, { id: 'dev', name: 'Dev', enabledTools: ['run'] });
  await v.ok('write_config_file', {
    agentId: 'dev',
    kind: 'run',
    content: JSON.stringify({
      allow: [],
      deny: [],
      pending: [
        pendingEntry('cp', ['a\nb', "it's", 'x\u200By'], 1, 'copy it'),
        pendingEntry('git', ['log', '--oneline'], 2),
        pendingEntry('ls', ['-la'], 3),
      ],
    }),
  });
  store = new VillageStore(createApi(v.server.token, v.server.url));
  await store.refetch('world');
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
  await fake?.stop();
});

function mount() {
  const root = document.createElement('div');
  document.body.append(root);
  const app = createApp(ApprovalsDialog);
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

const all = (root: HTMLElement, id: string) =>
  [...root.querySelectorAll<HTMLElement>(`[data-testid="${id}"]`)].map((e) =>
    e.textContent?.replace(/\s+/g, ' ').trim(),
  );
const entryOf = (root: HTMLElement, command: string) =>
  [...root.querySelectorAll<HTMLElement>('[data-testid="approval-entry"]')].find((e) =>
    e.querySelector('[data-testid="approval-entry-command"]')?.textContent?.startsWith(command),
  );

describe('ApprovalsDialog', () => {
  it('draws each entry quoted, its invisible characters marked, and both patterns as what they match', async () => {
    i18n.global.locale.value = 'en';
    const root = mount();
    await until(() => all(root, 'approval-entry').length === 3, 'three entries');
    const commands = all(root, 'approval-entry-command');
    expect(commands).toEqual(["cp $'a\\nb' 'it'\\''s' $'x\\u{200B}y'", 'git log --oneline', 'ls -la']);
    const cp = entryOf(root, 'cp')!;
    expect([...cp.querySelectorAll('[data-testid="shown-escape"]')].map((e) => e.textContent)).toEqual([
      '\\n',
      '\\u{200B}',
    ]);
    // Arguments with a newline / a quote cannot be an exact pattern; the open one fixes only `a\nb`,
    // which holds whitespace, so neither can: the dialog says so instead of drawing a pattern.
    expect(cp.querySelector('[data-testid="approval-exact-pattern"]')).toBeNull();
    expect(cp.querySelector('[data-testid="approval-entry-open-pattern"]')).toBeNull();
    const git = entryOf(root, 'git')!;
    expect(git.querySelector('[data-testid="approval-exact-pattern"]')?.textContent).toBe(
      'git log --oneline',
    );
    expect(git.querySelector('[data-testid="approval-entry-open-pattern"]')?.textContent).toBe('git log *');
    expect(all(root, 'approval-entry-reason')[0]).toBe('Reason: copy it');
  });

  it('a Refuse after a chat row allowed it: a note says it was decided elsewhere, nothing written', async () => {
    const root = mount();
    await until(() => entryOf(root, 'git') !== undefined, 'the git entry');
    // The row's Allow lands first; the dialog still lists the entry (no pending refetch yet).
    await v.ok('approve_command', {
      agentId: 'dev',
      command: 'git',
      args: ['log', '--oneline'],
      open: false,
    });
    entryOf(root, 'git')!.querySelector<HTMLButtonElement>('[data-testid="approval-reject"]')!.click();
    await until(() => all(root, 'approval-note').length === 1, 'the note');
    expect(all(root, 'approval-note')).toEqual(['No longer in the list: decided elsewhere (Allowed)']);
    await until(() => entryOf(root, 'git') === undefined, 'the entry gone from the list');
    const policy = JSON.parse(await v.ok<string>('read_config_file', { agentId: 'dev', kind: 'run' })) as {
      allow: string[];
      deny: string[];
    };
    expect(policy.allow).toEqual(['git log --oneline']);
    expect(policy.deny).toEqual([]);
  });

  it('a decision on an entry that left the list says so in Japanese', async () => {
    i18n.global.locale.value = 'ja';
    const root = mount();
    await until(() => entryOf(root, 'ls') !== undefined, 'the ls entry');
    // Settle the dialog's own fetch on mount before the file changes under it.
    await store.refetch('pending');
    // Removed by hand in an editor (the app's own save keeps pending): neither allowed nor denied.
    const file = new VillagePaths(v.workspace, v.home).configFile('dev', 'run');
    await writeFile(file, JSON.stringify({ allow: ['git log --oneline'], deny: [], pending: [] }));
    entryOf(root, 'ls')!.querySelector<HTMLButtonElement>('[data-testid="approval-approve"]')!.click();
    await until(() => all(root, 'approval-note').length === 1, 'the note');
    expect(all(root, 'approval-note')).toEqual(['もう一覧にありません']);
    await until(() => all(root, 'approval-entry').length === 0, 'the list refetched');
    expect(all(root, 'approvals-empty')).toHaveLength(1);
  });

  it('keeps two requests apart whose arguments only a NUL tells apart (their own choice each)', async () => {
    i18n.global.locale.value = 'en';
    const file = new VillagePaths(v.workspace, v.home).configFile('dev', 'run');
    await writeFile(
      file,
      JSON.stringify({
        allow: [],
        deny: [],
        pending: [pendingEntry('printf', ['a\u0000b'], 10), pendingEntry('printf', ['a', 'b'], 11)],
      }),
    );
    await store.refetch('pending');
    const root = mount();
    await until(() => all(root, 'approval-entry').length === 2, 'both entries');
    expect(all(root, 'approval-entry-command')).toEqual(["printf $'a\\u{0}b'", 'printf a b']);
    const [first, second] = [...root.querySelectorAll<HTMLElement>('[data-testid="approval-entry"]')];
    first!.querySelector<HTMLInputElement>('[data-testid="approval-open"]')!.click();
    await nextTick();
    expect(first!.querySelector<HTMLInputElement>('[data-testid="approval-open"]')!.checked).toBe(true);
    expect(second!.querySelector<HTMLInputElement>('[data-testid="approval-open"]')!.checked).toBe(false);
  });
});
