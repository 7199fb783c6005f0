/** Real Chromium: the control service's tab bookkeeping, refs, gates and failures. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPageServer, type PageServer } from './pages.ts';
import { serviceKit, type ServiceKit } from './service-kit.ts';

let pages: PageServer;
let kit: ServiceKit;

beforeAll(async () => {
  pages = await startPageServer();
  kit = serviceKit();
}, 60_000);

afterAll(async () => {
  await kit.call('stop');
  await pages.close();
});

describe('lifecycle', () => {
  it('refuses page routes before start with BROWSER_NOT_RUNNING, starts once, reports its status', async () => {
    expect((await kit.failure('tabs')).code).toBe('BROWSER_NOT_RUNNING');
    const [a, b] = await Promise.all([kit.call('start'), kit.call('start')]);
    expect(a).toMatchObject({ running: true, pid: expect.any(Number), evaluateEnabled: true });
    expect((b as { pid: number }).pid).toBe((a as { pid: number }).pid);
  }, 60_000);
});

describe('tabs', () => {
  it('opens, lists, focuses and closes by targetId; a stale id is "tab not found"', async () => {
    const { targetId } = await kit.call<{ targetId: string }>('tabs/open', { url: pages.url('/other') });
    const { tabs } = await kit.call<{ tabs: Array<{ targetId: string; focused: boolean }> }>('tabs');
    expect(tabs.find((tab) => tab.targetId === targetId)?.focused).toBe(true);
    await kit.call('tabs/close', { targetId });
    const stale = await kit.failure('tabs/focus', { targetId });
    expect(stale.code).toBe('BROWSER_TAB_NOT_FOUND');
    expect((await kit.failure('navigate', { targetId, url: pages.url('/form') })).code).toBe(
      'BROWSER_TAB_NOT_FOUND',
    );
    expect((await kit.failure('act', { kind: 'click', targetId, ref: 'e1' })).code).toBe(
      'BROWSER_TAB_NOT_FOUND',
    );
  }, 60_000);
});

describe('refs', () => {
  it('an unknown ref fails fast with "take a new snapshot", and so does any ref after the page moved on', async () => {
    const { targetId } = await kit.openAndSnapshot(pages.url('/form'));
    const unknown = await kit.failure('act', { kind: 'click', targetId, ref: 'e99' });
    expect(unknown.code).toBe('BROWSER_REF_NOT_FOUND');
    expect(unknown.detail).toBe('take a new snapshot');
    await kit.call('navigate', { targetId, url: pages.url('/other') });
    const gone = await kit.failure('act', { kind: 'click', targetId, ref: 'e2' });
    expect(gone.code).toBe('BROWSER_REF_NOT_FOUND');
    const snap = await kit.call<{ snapshot: string }>('snapshot', { targetId });
    expect(snap.snapshot).toContain('button "Elsewhere" [ref=e1]');
  }, 60_000);

  it('a tab whose page does not load is closed again (its id never reached the caller)', async () => {
    const before = (await kit.call<{ tabs: unknown[] }>('tabs')).tabs.length;
    const error = await kit.failure('tabs/open', { url: 'http://127.0.0.1:1/' });
    expect(error.code).toBe('BROWSER_ACTION_FAILED');
    expect(error.message).toMatch(/^navigate failed: page.goto: net::ERR_/);
    let after = (await kit.call<{ tabs: unknown[] }>('tabs')).tabs.length;
    for (let i = 0; i < 40 && after !== before; i++) {
      await new Promise((resolve) => setTimeout(resolve, 25));
      after = (await kit.call<{ tabs: unknown[] }>('tabs')).tabs.length;
    }
    expect(after).toBe(before);
  }, 60_000);

  it('a tab without any snapshot has no refs', async () => {
    const { targetId } = await kit.call<{ targetId: string }>('tabs/open', { url: pages.url('/form') });
    expect((await kit.failure('act', { kind: 'hover', targetId, ref: 'e1' })).code).toBe(
      'BROWSER_REF_NOT_FOUND',
    );
  }, 60_000);
});

describe('actions', () => {
  it('fill, press, hover, select, resize, wait and screenshot answer {ok, targetId, url}', async () => {
    const { targetId } = await kit.openAndSnapshot(pages.url('/form'));
    const filled = await kit.call('act', { kind: 'fill', targetId, fields: [{ ref: 'e3', value: 'abc' }] });
    expect(filled).toEqual({ ok: true, targetId, url: pages.url('/form') });
    await kit.call('act', { kind: 'press', targetId, ref: 'e3', key: 'Backspace' });
    await kit.call('act', { kind: 'hover', targetId, ref: 'e2' });
    await kit.call('act', { kind: 'resize', targetId, width: 640, height: 480 });
    const size = await kit.call<{ result: unknown }>('act', {
      kind: 'evaluate',
      targetId,
      fn: '() => [innerWidth, innerHeight, document.querySelector("#name").value]',
    });
    expect(size.result).toEqual([640, 480, 'ab']);
    await kit.call('act', { kind: 'click', targetId, ref: 'e2' });
    const waitsBefore = (await kit.counters()).waitFunction.ok;
    await kit.call('act', { kind: 'wait', targetId, text: 'clicked 1', fn: '() => window.clicks === 1' });
    expect((await kit.counters()).waitFunction.ok).toBe(waitsBefore + 1);
    const shot = await kit.call<{ base64: string; mimeType: string }>('screenshot', { targetId });
    expect(shot.mimeType).toBe('image/png');
    expect(Buffer.from(shot.base64, 'base64').subarray(1, 4).toString()).toBe('PNG');
  }, 60_000);

  it('a wait with a function asks again until it is truthy, and times out when it never is', async () => {
    const { targetId } = await kit.openAndSnapshot(pages.url('/form'));
    await kit.call('act', {
      kind: 'wait',
      targetId,
      fn: '() => (window.asked = (window.asked || 0) + 1) >= 3',
    });
    const asked = await kit.call<{ result: unknown }>('act', {
      kind: 'evaluate',
      targetId,
      fn: '() => window.asked',
    });
    expect(asked.result).toBe(3);
    const before = await kit.counters();
    const error = await kit.failure('act', { kind: 'wait', targetId, fn: '() => false', timeoutMs: 500 });
    expect(error.code).toBe('BROWSER_TIMEOUT');
    expect(error.message).toBe('wait timed out after 500 ms');
    const after = await kit.counters();
    expect(after.waitFunction.timeouts - before.waitFunction.timeouts).toBe(1);
  }, 60_000);

  it('a wait charges its steps against one deadline', async () => {
    const { targetId } = await kit.openAndSnapshot(pages.url('/form'));
    const error = await kit.failure('act', {
      kind: 'wait',
      targetId,
      timeMs: 600,
      text: 'never there',
      timeoutMs: 1_000,
    });
    expect(error.code).toBe('BROWSER_TIMEOUT');
  }, 60_000);

  it('a script that throws is BROWSER_SCRIPT_ERROR on both engines', async () => {
    const { targetId } = await kit.openAndSnapshot(pages.url('/form'));
    const cdp = await kit.failure('act', {
      kind: 'evaluate',
      targetId,
      fn: '() => { throw new Error("boom") }',
    });
    expect(cdp.code).toBe('BROWSER_SCRIPT_ERROR');
    expect(cdp.message).toContain('boom');
    await kit.call('snapshot', { targetId, selector: 'main' });
    const viaPlaywright = await kit.failure('act', {
      kind: 'evaluate',
      targetId,
      ref: 'e1',
      fn: '(el) => el.nope.deeper',
    });
    expect(viaPlaywright.code).toBe('BROWSER_SCRIPT_ERROR');
  }, 60_000);
});

describe('the evaluateEnabled gate', () => {
  it('refuses evaluate and wait-with-fn with 403 before touching the tab', async () => {
    const { targetId } = await kit.openAndSnapshot(pages.url('/form'));
    await kit.call('settings', { evaluateEnabled: false });
    try {
      const refused = await kit.failure('act', {
        kind: 'evaluate',
        targetId,
        fn: '() => { window.clicks = 99 }',
      });
      expect(refused.code).toBe('BROWSER_EVALUATE_DISABLED');
      // Checked before the tab: even a stale tab answers the gate, not "tab not found".
      expect((await kit.failure('act', { kind: 'evaluate', targetId: 'STALE', fn: '1' })).code).toBe(
        'BROWSER_EVALUATE_DISABLED',
      );
      expect((await kit.failure('act', { kind: 'wait', targetId, fn: '() => true' })).code).toBe(
        'BROWSER_EVALUATE_DISABLED',
      );
      await kit.call('act', { kind: 'wait', targetId, text: 'Go' });
      expect((await kit.call<{ evaluateEnabled: boolean }>('status')).evaluateEnabled).toBe(false);
    } finally {
      await kit.call('settings', { evaluateEnabled: true });
    }
    const clicks = await kit.call<{ result: unknown }>('act', {
      kind: 'evaluate',
      targetId,
      fn: '() => window.clicks',
    });
    expect(clicks.result).toBe(0);
  }, 60_000);
});

describe('arguments', () => {
  it('refuses a wrong shape with INVALID_ARGUMENT-class errors from the schema', async () => {
    await expect(kit.call('act', { kind: 'dance', targetId: 'x' })).rejects.toThrow();
    await expect(
      kit.call('act', { kind: 'evaluate', targetId: 'x', fn: '1', timeoutMs: 0 }),
    ).rejects.toThrow();
    await expect(kit.call('act', { kind: 'wait', targetId: 'x' })).rejects.toThrow(/at least one/);
    expect((await kit.failure('nope')).code).toBe('UNKNOWN_COMMAND');
    // javascript: would run a script in the page past the evaluateEnabled gate; file: reads local files.
    for (const url of [
      'javascript:alert(1)',
      'file:///etc/passwd',
      'chrome://settings',
      'view-source:http://a',
    ]) {
      const refused = await kit.failure('navigate', { targetId: 'x', url });
      expect(refused.code).toBe('INVALID_ARGUMENT');
      expect(refused.message).toBe('url: only http:, https:, data: and about:blank URLs can be opened');
    }
    expect((await kit.failure('tabs/open', { url: 'javascript:void 0' })).code).toBe('INVALID_ARGUMENT');
  });
});
