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
    const root = mount({ command: 'ls', args: ['-la'] });
    await until(() => stateOf(root) === 'pending', 'the pending state');
    expect(text(root, 'approval-command')).toBe('ls -la');
    expect(text(root, 'approval-reason')).toBe('Reason: list the folder');
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
