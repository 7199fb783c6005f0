/**
 * One contract for both ways of calling the browser routes: the same answers (keys and types) and
 * the same error codes in process and over HTTP, against a real Chromium.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { CoreError } from '../domain/errors.ts';
import { FileSecretStore } from '../secrets/file-secret-store.ts';
import { startServer, type RunningServer } from '../server/serve.ts';
import { DEFAULT_BROWSER_TIMEOUT_MS, MAX_BROWSER_TIMEOUT_MS, TRANSPORT_MARGIN_MS } from './budget.ts';
import { HttpBrowserClient, InProcessBrowserClient, transportWaitMs, type BrowserClient } from './client.ts';
import { BrowserService } from './service.ts';
import { BrowserSettingsStore } from './settings.ts';
import type { BrowserCounters } from './counters.ts';

vi.setConfig({ testTimeout: 60_000, hookTimeout: 60_000 });

const PAGE = `data:text/html,${encodeURIComponent(
  `<!doctype html><title>Contract</title>
<button onclick="document.title = 'clicked'">Go</button>
<input aria-label="Name">`,
)}`;

interface Harness {
  client: BrowserClient;
  /** HTTP only: the raw status of a call (the error's status code). */
  rawStatus?: (route: string, body: unknown) => Promise<number>;
  server?: RunningServer;
  close(): Promise<void>;
}

type Json = Record<string, unknown>;

async function failure(work: Promise<unknown>): Promise<CoreError> {
  try {
    await work;
  } catch (error) {
    if (error instanceof CoreError) return error;
    throw error;
  }
  throw new Error('the call succeeded, a failure was expected');
}

/** The keys that carry a value (JSON drops undefined ones, so in process they do not count either). */
function keysOf(value: unknown): string[] {
  return Object.entries(value as Json)
    .filter(([, v]) => v !== undefined)
    .map(([k]) => k)
    .sort();
}

async function inProcess(): Promise<Harness> {
  const service = new BrowserService({
    log: { note: () => undefined, warn: () => undefined },
    settings: new BrowserSettingsStore(null),
  });
  return { client: new InProcessBrowserClient(service), close: async () => void (await service.stop()) };
}

async function overHttp(): Promise<Harness> {
  const root = await mkdtemp(join(tmpdir(), 'fuseforks-browser-client-'));
  const home = join(root, 'home');
  const server = await startServer({
    workspace: join(root, 'workspace'),
    home,
    port: 0,
    secrets: new FileSecretStore(join(home, 'secrets.json')),
    detectLanguage: () => 'en',
  });
  return {
    client: new HttpBrowserClient({ baseUrl: server.url, token: server.token }),
    server,
    rawStatus: async (route, body) => {
      const response = await fetch(`${server.url}/api/browser/${route}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${server.token}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      await response.body?.cancel();
      return response.status;
    },
    close: async () => {
      await server.close();
      await rm(root, { recursive: true, force: true });
    },
  };
}

function contract(label: string, open: () => Promise<Harness>, more?: (harness: () => Harness) => void) {
  describe(label, () => {
    let h: Harness;
    let call: (route: string, body?: unknown) => Promise<Json>;
    let targetId: string;

    beforeAll(async () => {
      h = await open();
      call = async (route, body = {}) => (await h.client.call(route, body)) as Json;
      await call('start');
      ({ targetId } = (await call('tabs/open', { url: PAGE })) as { targetId: string });
    });
    afterAll(async () => {
      await h?.close();
    });

    /** A fresh snapshot of the tab, and the ref of the first node with this role and name. */
    async function refOf(role: string, name: string, tab = targetId): Promise<string> {
      const { refs } = (await call('snapshot', { targetId: tab })) as {
        refs: Record<string, { role: string; name: string }>;
      };
      const found = Object.entries(refs).find(([, r]) => r.role === role && r.name === name);
      if (!found) throw new Error(`no ${role} "${name}" in ${JSON.stringify(refs)}`);
      return found[0];
    }

    it('status answers the documented keys', async () => {
      const status = await call('status');
      expect(keysOf(status)).toEqual(
        ['evaluateEnabled', 'executable', 'pid', 'playwrightConnected', 'running', 'tabs'].sort(),
      );
      expect(status).toMatchObject({ running: true, evaluateEnabled: true });
      expect(typeof status.pid).toBe('number');
      expect(typeof status.tabs).toBe('number');
    });

    it('tabs/open answers {targetId, url} and tabs lists {targetId, url, title, focused}', async () => {
      const opened = await call('tabs/open', { url: PAGE });
      expect(keysOf(opened)).toEqual(['targetId', 'url']);
      expect(opened.url).toBe(PAGE);
      const { tabs } = (await call('tabs')) as { tabs: Json[] };
      expect(tabs.length).toBeGreaterThanOrEqual(2);
      for (const tab of tabs) {
        expect(keysOf(tab)).toEqual(['focused', 'targetId', 'title', 'url']);
        expect(typeof tab.title).toBe('string');
      }
      expect(tabs.find((tab) => tab.focused)?.targetId).toBe(opened.targetId);
      await call('tabs/close', { targetId: opened.targetId });
    });

    it('navigate answers {ok, targetId, url}', async () => {
      const answer = await call('navigate', { targetId, url: PAGE });
      expect(keysOf(answer)).toEqual(['ok', 'targetId', 'url']);
      expect(answer).toEqual({ ok: true, targetId, url: PAGE });
    });

    it('snapshot answers {targetId, url, snapshot, refs, mapped} with refs {role, name, nth?, backendDOMNodeId?}', async () => {
      const snap = await call('snapshot', { targetId });
      expect(keysOf(snap)).toEqual(['mapped', 'refs', 'snapshot', 'targetId', 'url']);
      expect(snap).toMatchObject({ targetId, url: PAGE });
      expect(snap.snapshot).toContain('button "Go"');
      const refs = Object.entries(snap.refs as Record<string, Json>);
      expect(refs.length).toBeGreaterThanOrEqual(2);
      for (const [ref, entry] of refs) {
        expect(ref).toMatch(/^e[1-9][0-9]*$/);
        expect(['backendDOMNodeId', 'name', 'nth', 'role']).toEqual(expect.arrayContaining(keysOf(entry)));
        expect(typeof entry.role).toBe('string');
        expect(typeof entry.name).toBe('string');
      }
      expect(snap.mapped).toBe(refs.filter(([, entry]) => entry.backendDOMNodeId !== undefined).length);
    });

    it('act click, type and evaluate answer exactly {ok, targetId, url?, result?}', async () => {
      await call('navigate', { targetId, url: PAGE });
      const allowed = ['ok', 'result', 'targetId', 'url'];
      const click = await call('act', { kind: 'click', targetId, ref: await refOf('button', 'Go') });
      const typed = await call('act', {
        kind: 'type',
        targetId,
        ref: await refOf('textbox', 'Name'),
        text: 'Ada',
      });
      const evaluated = await call('act', {
        kind: 'evaluate',
        targetId,
        fn: '() => [document.title, document.querySelector("input").value]',
      });
      for (const answer of [click, typed, evaluated]) {
        expect(allowed).toEqual(expect.arrayContaining(keysOf(answer)));
        expect(answer).toMatchObject({ ok: true, targetId });
      }
      expect(evaluated.result).toEqual(['clicked', 'Ada']);
      expect(evaluated.url).toBe(PAGE);
    });

    it('screenshot answers PNG bytes', async () => {
      const shot = await call('screenshot', { targetId });
      expect(keysOf(shot)).toEqual(['base64', 'mimeType', 'targetId', 'url']);
      expect(shot.mimeType).toBe('image/png');
      const bytes = Buffer.from(shot.base64 as string, 'base64');
      expect([...bytes.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    });

    it('fails with the same codes: unknown ref, stale tab, bad kind', async () => {
      await call('snapshot', { targetId });
      const unknownRef = await failure(call('act', { kind: 'click', targetId, ref: 'e999' }));
      expect(unknownRef.code).toBe('BROWSER_REF_NOT_FOUND');
      expect(unknownRef.detail).toContain('new snapshot');

      const { targetId: gone } = (await call('tabs/open', {})) as { targetId: string };
      await call('tabs/close', { targetId: gone });
      const stale = await failure(call('navigate', { targetId: gone, url: PAGE }));
      expect(stale.code).toBe('BROWSER_TAB_NOT_FOUND');

      const badKind = await failure(call('act', { kind: 'juggle', targetId }));
      expect(badKind.code).toBe('INVALID_ARGUMENT');
      expect(badKind).toBeInstanceOf(CoreError);
    });

    it('refuses scripts while evaluateEnabled is false (evaluate and wait {fn})', async () => {
      await call('settings', { evaluateEnabled: false });
      try {
        const evaluate = { kind: 'evaluate', targetId, fn: '() => 1' };
        expect((await failure(call('act', evaluate))).code).toBe('BROWSER_EVALUATE_DISABLED');
        const wait = { kind: 'wait', targetId, fn: '() => true' };
        expect((await failure(call('act', wait))).code).toBe('BROWSER_EVALUATE_DISABLED');
        if (h.rawStatus) expect(await h.rawStatus('act', evaluate)).toBe(403);
        expect((await call('status')).evaluateEnabled).toBe(false);
      } finally {
        await call('settings', { evaluateEnabled: true });
      }
      expect((await call('act', { kind: 'evaluate', targetId, fn: '() => 6 * 7' })).result).toBe(42);
    });

    it('ends an evaluate that never returns with BROWSER_TIMEOUT, and the tab works again', async () => {
      const spin = { kind: 'evaluate', targetId, fn: '() => { while (true) {} }', timeoutMs: 1_000 };
      const timedOut = await failure(call('act', spin));
      expect(timedOut.code).toBe('BROWSER_TIMEOUT');
      expect((await call('act', { kind: 'evaluate', targetId, fn: '() => 1 + 1' })).result).toBe(2);
    });

    more?.(() => h);
  });
}

contract('InProcessBrowserClient', inProcess);

contract('HttpBrowserClient', overHttp, (harness) => {
  it('a caller abort ends a never-settling evaluate: BROWSER_ABORTED, counted by the server, the tab still clicks', async () => {
    const { client } = harness();
    const call = async (route: string, body: unknown = {}) => (await client.call(route, body)) as Json;
    const { targetId } = (await call('tabs/open', { url: PAGE })) as { targetId: string };
    const { refs } = (await call('snapshot', { targetId })) as { refs: Record<string, { name: string }> };
    const go = Object.keys(refs).find((ref) => refs[ref]!.name === 'Go')!;
    const abortsBefore = ((await call('counters')) as unknown as BrowserCounters).evaluate.aborts;

    const controller = new AbortController();
    const pending = client.call(
      'act',
      { kind: 'evaluate', targetId, fn: '() => new Promise(() => {})', timeoutMs: 60_000 },
      controller.signal,
    );
    setTimeout(() => controller.abort(), 1_000);
    const aborted = await failure(pending);
    expect(aborted.code).toBe('BROWSER_ABORTED');

    let aborts = abortsBefore;
    for (let i = 0; i < 100 && aborts === abortsBefore; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      aborts = ((await call('counters')) as unknown as BrowserCounters).evaluate.aborts;
    }
    expect(aborts).toBe(abortsBefore + 1);
    expect(await call('act', { kind: 'click', targetId, ref: go })).toMatchObject({ ok: true, targetId });
  });

  it('an aborted signal fails at once, without a request', async () => {
    // Sent, the unknown tab would answer BROWSER_TAB_NOT_FOUND.
    const error = await failure(
      harness().client.call('act', { kind: 'evaluate', targetId: 'x', fn: '() => 1' }, AbortSignal.abort()),
    );
    expect(error.code).toBe('BROWSER_ABORTED');
  });

  it('a wrong token is UNAUTHORIZED, and no error message carries the token', async () => {
    const { server } = harness();
    const secret = 'not-the-token-0123456789';
    const wrong = new HttpBrowserClient({ baseUrl: `${server!.url}/?token=${secret}`, token: secret });
    const error = await failure(wrong.call('status', {}));
    expect(error.code).toBe('UNAUTHORIZED');
    expect(`${error.message} ${error.detail ?? ''}`).not.toContain(secret);
  });
});

describe('HttpBrowserClient without a server', () => {
  it('says the server does not answer (IPC_FAILED) and how to start it', async () => {
    const port = await new Promise<number>((resolve) => {
      const probe = createServer().listen(0, '127.0.0.1', () => {
        const { port: free } = probe.address() as { port: number };
        probe.close(() => resolve(free));
      });
    });
    const token = 'a-secret-token-for-this-test';
    const client = new HttpBrowserClient({ baseUrl: `http://127.0.0.1:${port}`, token });
    const error = await failure(client.call('status', {}));
    expect(error.code).toBe('IPC_FAILED');
    expect(error.message).toContain(`http://127.0.0.1:${port}`);
    expect(error.message).toContain('fuseforks serve');
    expect(`${error.message} ${error.detail ?? ''}`).not.toContain(token);
  });

  it('waits the budget plus the transport margin: the body timeoutMs, else the default for budgeted routes', () => {
    expect(transportWaitMs('act', { timeoutMs: 1_000 })).toBe(1_000 + TRANSPORT_MARGIN_MS);
    expect(transportWaitMs('snapshot', {})).toBe(DEFAULT_BROWSER_TIMEOUT_MS + TRANSPORT_MARGIN_MS);
    // A value the server will refuse does not stretch the wait.
    expect(transportWaitMs('act', { timeoutMs: 'soon' })).toBe(
      DEFAULT_BROWSER_TIMEOUT_MS + TRANSPORT_MARGIN_MS,
    );
    expect(transportWaitMs('status', {})).toBe(MAX_BROWSER_TIMEOUT_MS + TRANSPORT_MARGIN_MS);
  });
});
