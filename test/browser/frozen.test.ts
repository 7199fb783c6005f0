/** Real Chromium: a renderer frozen before Playwright connects, and a Chromium that dies. */
import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PageServer } from './pages.ts';
import { serviceKit, startedKit, stopKit, type ServiceKit } from './service-kit.ts';

let pages: PageServer;
let kit: ServiceKit;

beforeAll(async () => {
  ({ pages, kit } = await startedKit());
}, 60_000);

afterAll(() => stopKit(kit, pages));

/**
 * A blank tab (opened over CDP only) that freezes itself a moment later: a page script that never
 * ends, not one of ours (evaluate cannot stop it), before or after Playwright has seen the tab.
 */
async function frozenTab(kit: ServiceKit): Promise<string> {
  const { targetId } = await kit.call<{ targetId: string }>('tabs/open');
  await kit.call('act', {
    kind: 'evaluate',
    targetId,
    fn: '() => { setTimeout(() => { for (;;) {} }, 50); }',
  });
  await new Promise((resolve) => setTimeout(resolve, 300));
  return targetId;
}

describe('a frozen renderer', () => {
  it('a Playwright action on it fails within its budget naming the tab, which can still be closed', async () => {
    const { targetId: healthy } = await kit.openAndSnapshot(pages.url('/form'));
    const frozen = await frozenTab(kit);
    const error = await kit.failure('snapshot', { targetId: frozen, timeoutMs: 2_000 });
    expect(error.code).toBe('BROWSER_TIMEOUT');
    expect(error.message).toBe(`snapshot timed out after 2000 ms: tab ${frozen} does not answer`);
    expect(error.detail).toContain('tabs/close');
    // The other tab is not held up by it.
    await kit.call('act', { kind: 'click', targetId: healthy, ref: 'e2' });
    await kit.call('tabs/close', { targetId: frozen });
    const { tabs } = await kit.call<{ tabs: Array<{ targetId: string }> }>('tabs');
    expect(tabs.map((tab) => tab.targetId)).not.toContain(frozen);
  }, 60_000);

  it('a Playwright connect that runs out of time names the tab that does not answer', async () => {
    const quick = serviceKit({ connectTimeoutMs: 1 });
    await quick.call('start');
    try {
      const frozen = await frozenTab(quick);
      const { targetId: healthy } = await quick.call<{ targetId: string }>('tabs/open');
      const error = await quick.failure('navigate', { targetId: healthy, url: pages.url('/other') });
      expect(error.code).toBe('BROWSER_CONNECT_TIMEOUT');
      expect(error.message).toContain('within 1 ms; not answering: ');
      expect(error.message).toContain(`${frozen} (about:blank)`);
      expect(error.message).not.toContain(healthy);
      expect(error.retryable).toBe(true);
    } finally {
      await quick.call('stop');
    }
  }, 60_000);
});

describe('a Chromium that is stopped (SIGSTOP)', () => {
  it('holds no request past its budget, and everything works again once it continues', async () => {
    const { targetId } = await kit.openAndSnapshot(pages.url('/form'));
    const { pid } = await kit.call<{ pid: number }>('status');
    process.kill(pid, 'SIGSTOP');
    try {
      for (const request of [
        { kind: 'evaluate', targetId, fn: '() => 1', timeoutMs: 1_000 },
        { kind: 'click', targetId, ref: 'e2', timeoutMs: 1_000 },
      ]) {
        const started = performance.now();
        expect((await kit.failure('act', request)).code).toBe('BROWSER_TIMEOUT');
        expect(performance.now() - started).toBeLessThan(4_000);
      }
      // Without a budget of its own, tab bookkeeping has a ceiling.
      const tabs = await kit.failure('tabs');
      expect(tabs.code).toBe('BROWSER_NOT_RUNNING');
      expect(tabs.message).toBe('the browser does not answer');
    } finally {
      process.kill(pid, 'SIGCONT');
    }
    await kit.call('act', { kind: 'click', targetId, ref: 'e2' });
  }, 60_000);
});

/** Whether any process of the group Chromium led is still there (signal 0 only checks). */
function groupAlive(pid: number): boolean {
  try {
    process.kill(-pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe('a Chromium that exits', () => {
  it('is reported as not running, and starts again', async () => {
    const { pid } = await kit.call<{ pid: number }>('status');
    const profile = (kit.service as unknown as { running: { chromium: { profileDir: string } } }).running
      .chromium.profileDir;
    const exitHooks = process.listenerCount('exit');
    process.kill(pid, 'SIGKILL');
    for (let i = 0; i < 100 && (await kit.call<{ running: boolean }>('status')).running; i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect((await kit.call<{ running: boolean }>('status')).running).toBe(false);
    expect((await kit.failure('tabs')).code).toBe('BROWSER_NOT_RUNNING');
    expect(kit.lines).toContain('WARN browser: Chromium exited');
    // Polled up to 10 s: on a loaded 2-core machine the profile's removal took over 2 s once.
    for (let i = 0; i < 500 && existsSync(profile); i++)
      await new Promise((resolve) => setTimeout(resolve, 20));
    expect(existsSync(profile)).toBe(false);
    // Its helpers (zygote, renderers) go with it: none of its process group is left.
    for (let i = 0; i < 250 && groupAlive(pid); i++) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(groupAlive(pid)).toBe(false);
    expect(process.listenerCount('exit')).toBe(exitHooks - 1);
    const again = await kit.call<{ running: boolean; pid: number }>('start');
    expect(again.running).toBe(true);
    expect(again.pid).not.toBe(pid);
    const { targetId } = await kit.openAndSnapshot(pages.url('/form'));
    await kit.call('act', { kind: 'click', targetId, ref: 'e2' });
  }, 60_000);
});
