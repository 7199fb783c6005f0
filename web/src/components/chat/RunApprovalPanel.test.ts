/**
 * The inline approval of a `run` call (issue 22), mounted as the chat row mounts it, against a real
 * `fuseforks serve` (the real API client, the real run.json): pending with its reason and buttons,
 * Allow telling the servant, a decision made elsewhere, a vanished entry, no reason, Japanese.
 */
import '../../test-dom.ts';
import { createApp, nextTick, type App, type Component } from 'vue';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { FakeProvider, textReply } from '../../../../test/fakes/fake-provider.ts';
import {
  startFakeServant,
  startTestVillage,
  type TestVillage,
} from '../../../../test/helpers/village-server.ts';
import { STORE_KEY } from '../../composables/useVillage.ts';
import { i18n } from '../../i18n.ts';
import { createApi } from '../../lib/api.ts';
import { VillageStore } from '../../state/village.ts';
import RunApprovalPanel from './RunApprovalPanel.vue';
import ToolRunRow from './ToolRunRow.vue';

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
        pendingEntry('node', ['--version'], 1, 'check the node version'),
        pendingEntry('git', ['log', '--oneline'], 2),
        pendingEntry('ls', ['-la'], 3, 'list the folder'),
        pendingEntry('echo', ['-n', 'a b'], 4),
        pendingEntry('rm', ['\u202Etxt.exe', 'a b'], 5, 'clean up'),
        pendingEntry('npm', ['test'], 6, 'run the tests once more'),
        pendingEntry('cat', ['notes.txt'], 7),
        pendingEntry('du', ['-sh'], 8),
      ],
    }),
  });
  store = new VillageStore(createApi(v.server.token, v.server.url));
  await store.refetch('world');
  await store.refetch('pending');
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

function mount(request: { command: string; args: string[] }, recordedReason: string | null = null) {
  return mountComponent(RunApprovalPanel, { agentId: 'dev', request, recordedReason });
}

function mountComponent(component: Component, props: Record<string, unknown>) {
  const root = document.createElement('div');
  document.body.append(root);
  const app = createApp(component, props);
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

const part = <E extends HTMLElement = HTMLElement>(root: HTMLElement, id: string) =>
  root.querySelector<E>(`[data-testid="${id}"]`);
const text = (root: HTMLElement, id: string) => part(root, id)?.textContent?.replace(/\s+/g, ' ').trim();
const stateOf = (root: HTMLElement) => part(root, 'run-approval')?.dataset.state;

describe('RunApprovalPanel', () => {
  it('pending: the command, the model’s reason and three labelled buttons, the open pattern shown', async () => {
    i18n.global.locale.value = 'en';
    const root = mount({ command: 'ls', args: ['-la'] }, 'list the folder');
    await until(() => stateOf(root) === 'pending', 'the pending state');
    expect(text(root, 'approval-command')).toBe('ls -la');
    expect(text(root, 'approval-reason')).toBe('Reason: list the folder');
    // The entry's reason is the call's own: no second line.
    expect(part(root, 'approval-latest-reason')).toBeNull();
    expect(text(root, 'approval-open-pattern')).toBe('ls -la *');
    const buttons = [...root.querySelectorAll('button')];
    expect(buttons.map((b) => b.getAttribute('aria-label'))).toEqual([
      'Allow exactly ls -la',
      'Allow as ls -la *',
      'Deny ls -la',
    ]);
    expect(buttons.every((b) => b.type === 'button' && !b.disabled)).toBe(true);
    expect(part(root, 'approval-outcome')).toBeNull();
  });

  it('Allow moves it to allow, tells the servant in the village language, and the buttons go', async () => {
    fake.enqueue({ body: textReply('openai', 'thanks') });
    const root = mount({ command: 'node', args: ['--version'] });
    await until(() => stateOf(root) === 'pending', 'the pending state');
    part(root, 'approval-allow')!.click();
    await until(() => stateOf(root) === 'allowed', 'the allowed state');
    expect(text(root, 'approval-outcome')).toBe('Allowed: node --version');
    expect(root.querySelectorAll('button')).toHaveLength(0);
    await until(
      () => [...root.querySelectorAll('[data-testid="approval-row-note"]')].length === 2,
      'both notes',
    );
    expect(
      [...root.querySelectorAll('[data-testid="approval-row-note"]')].map((n) => n.textContent?.trim()),
    ).toEqual(['Dev can run commands from its next turn', 'Told Dev it was allowed']);
    const messages = await v.ok<{ from: { kind: string }; content: string }[]>('list_messages');
    expect(messages.find((m) => m.from.kind === 'user')?.content).toBe(
      'Approved: `node --version`. You can call run again.',
    );
    const policy = JSON.parse(await v.ok<string>('read_config_file', { agentId: 'dev', kind: 'run' })) as {
      allow: string[];
    };
    expect(policy.allow).toEqual(['node --version']);
  });

  it('a decision made elsewhere (the dialog) shows after the pending list changes; Deny tells nothing', async () => {
    const root = mount({ command: 'git', args: ['log', '--oneline'] });
    await until(() => stateOf(root) === 'pending', 'the pending state');
    expect(text(root, 'approval-reason')).toBe('Reason: no reason');
    const before = (await v.ok<unknown[]>('list_messages')).length;
    await v.ok('reject_command', { agentId: 'dev', command: 'git', args: ['log', '--oneline'] });
    await store.refetch('pending'); // what pendingCommandsChanged makes the store do
    await until(() => stateOf(root) === 'denied', 'the denied state');
    expect(text(root, 'approval-outcome')).toBe('Denied');
    expect(root.querySelectorAll('button')).toHaveLength(0);
    expect(await v.ok<unknown[]>('list_messages')).toHaveLength(before);
  });

  it('a request no exact pattern can name: only Allow pattern, and the row says why', async () => {
    const root = mount({ command: 'echo', args: ['-n', 'a b'] });
    await until(() => stateOf(root) === 'pending', 'the pending state');
    expect(part<HTMLButtonElement>(root, 'approval-allow')!.disabled).toBe(true);
    expect(part<HTMLButtonElement>(root, 'approval-deny')!.disabled).toBe(true);
    expect(part<HTMLButtonElement>(root, 'approval-allow-pattern')!.disabled).toBe(false);
    expect(text(root, 'approval-open-pattern')).toBe('echo -n *');
    expect(text(root, 'approval-inexpressible')).toContain('run.json');
  });

  it('shows arguments quoted and invisible characters spelled out and marked, never as raw text', async () => {
    const root = mount({ command: 'rm', args: ['\u202Etxt.exe', 'a b'] }, 'clean up');
    await until(() => stateOf(root) === 'pending', 'the pending state');
    // Joined with spaces this read "rm exe.txt a b" (reordered by the override, two args for one).
    expect(text(root, 'approval-command')).toBe("rm $'\\u{202E}txt.exe' 'a b'");
    expect(text(root, 'approval-open-pattern')).toBe("rm $'\\u{202E}txt.exe' *");
    const marked = [...root.querySelectorAll('[data-testid="shown-escape"]')].map((e) => e.textContent);
    expect(marked).toEqual(['\\u{202E}', '\\u{202E}']);
    expect(root.textContent).not.toContain('\u202E');
    expect(part(root, 'approval-allow-pattern')!.getAttribute('aria-label')).toBe(
      "Allow as rm $'\\u{202E}txt.exe' *",
    );
    // The space inside one argument leaves no exact pattern: only the open one can be stored.
    expect(part<HTMLButtonElement>(root, 'approval-allow')!.disabled).toBe(true);
  });

  it('shows the call’s own reason, and the pending entry’s later one as a second line (en, ja)', async () => {
    const root = mount({ command: 'npm', args: ['test'] }, 'run the tests');
    await until(() => stateOf(root) === 'pending', 'the pending state');
    expect(text(root, 'approval-reason')).toBe('Reason: run the tests');
    expect(text(root, 'approval-latest-reason')).toBe('Latest request: run the tests once more');
    i18n.global.locale.value = 'ja';
    await nextTick();
    expect(text(root, 'approval-reason')).toBe('理由: run the tests');
    expect(text(root, 'approval-latest-reason')).toBe('最新の依頼の理由: run the tests once more');
    // A call that recorded none says so and still shows the later one.
    i18n.global.locale.value = 'en';
    const bare = mount({ command: 'npm', args: ['test'] }, null);
    await until(() => stateOf(bare) === 'pending', 'the pending state');
    expect(text(bare, 'approval-reason')).toBe('Reason: no reason');
    expect(text(bare, 'approval-latest-reason')).toBe('Latest request: run the tests once more');
  });

  it('Allow after the dialog already refused: a note says so, nothing is allowed, the servant is not told', async () => {
    const root = mount({ command: 'cat', args: ['notes.txt'] });
    await until(() => stateOf(root) === 'pending', 'the pending state');
    const before = (await v.ok<unknown[]>('list_messages')).length;
    // The dialog's Deny lands first; this row has not heard of it yet (no pending refetch).
    await v.ok('reject_command', { agentId: 'dev', command: 'cat', args: ['notes.txt'] });
    expect(stateOf(root)).toBe('pending');
    part(root, 'approval-allow')!.click();
    await until(() => stateOf(root) === 'denied', 'the denied state');
    expect(
      [...root.querySelectorAll('[data-testid="approval-row-note"]')].map((n) => n.textContent?.trim()),
    ).toEqual(['No longer in the list: decided elsewhere (Denied)']);
    expect(text(root, 'approval-outcome')).toBe('Denied');
    const policy = JSON.parse(await v.ok<string>('read_config_file', { agentId: 'dev', kind: 'run' })) as {
      allow: string[];
      deny: string[];
    };
    expect(policy.allow).not.toContain('cat notes.txt');
    expect(policy.deny).toContain('cat notes.txt');
    expect(await v.ok<unknown[]>('list_messages')).toHaveLength(before);
  });

  it('two rows (two tabs) allowing one entry at once: one allow, one note, the servant told once', async () => {
    fake.enqueue({ body: textReply('openai', 'ok, du allowed') });
    const request = { command: 'du', args: ['-sh'] };
    const one = mount(request);
    const two = mount(request);
    await until(() => stateOf(one) === 'pending' && stateOf(two) === 'pending', 'both pending');
    const told = () =>
      v
        .ok<{ from: { kind: string }; content: string }[]>('list_messages')
        .then((list) => list.filter((m) => m.content === 'Approved: `du -sh`. You can call run again.'));
    part(one, 'approval-allow')!.click();
    part(two, 'approval-allow')!.click();
    await until(() => stateOf(one) === 'allowed' && stateOf(two) === 'allowed', 'both allowed');
    const notes = (root: HTMLElement) =>
      [...root.querySelectorAll('[data-testid="approval-row-note"]')].map((n) => n.textContent?.trim());
    await until(() => [...notes(one), ...notes(two)].includes('Told Dev it was allowed'), 'the told note');
    const all = [...notes(one), ...notes(two)];
    expect(all.filter((n) => n === 'No longer in the list: decided elsewhere (Allowed)')).toHaveLength(1);
    expect(all.filter((n) => n === 'Told Dev it was allowed')).toHaveLength(1);
    expect(await told()).toHaveLength(1);
    const policy = JSON.parse(await v.ok<string>('read_config_file', { agentId: 'dev', kind: 'run' })) as {
      allow: string[];
    };
    expect(policy.allow.filter((p) => p === 'du -sh')).toHaveLength(1);
  });

  it('a request no longer listed says so, in Japanese too, with the reason the call recorded', async () => {
    i18n.global.locale.value = 'ja';
    const root = mount({ command: 'cargo', args: ['test'] }, 'テストを回す');
    await until(() => stateOf(root) === 'gone', 'the gone state');
    expect(text(root, 'approval-outcome')).toBe('もう一覧にありません');
    expect(text(root, 'approval-reason')).toBe('理由: テストを回す');
    expect(text(root, 'run-approval')).toContain('承認待ち');
  });

  it('in its tool row: the panel takes the reason’s place; a row without a request has no panel', async () => {
    const run = (approval?: { command: string; args: string[] }) => ({
      key: approval ? 'queued' : 'plain',
      agentId: 'dev',
      tool: 'run',
      ok: true,
      reason: 'list the folder',
      reasonState: 'written',
      tsMs: 1,
      call: {
        argsPreview: '{}',
        argsChars: 2,
        resultPreview: '',
        resultChars: 0,
        ...(approval ? { approval } : {}),
      },
    });
    const queued = mountComponent(ToolRunRow, { run: run({ command: 'ls', args: ['-la'] }) });
    await until(() => stateOf(queued) === 'pending', 'the panel in the row');
    expect(part(queued, 'tool-reason')).toBeNull();
    expect(text(queued, 'approval-reason')).toBe('Reason: list the folder');
    const plain = mountComponent(ToolRunRow, { run: run() });
    expect(part(plain, 'run-approval')).toBeNull();
    expect(text(plain, 'tool-reason')).toBe('Reason: list the folder');
  });
});
