import { afterEach, describe, expect, expectTypeOf, it, vi } from 'vitest';
import type { BrowserStatus as CoreBrowserStatus } from '../../../src/browser/schemas.ts';
import type { BrowserSettings as CoreBrowserSettings } from '../../../src/browser/settings.ts';
import { ApiError, createApi, type Api } from './api.ts';
import { browserApi, browserCommand, type BrowserSettings, type BrowserStatus } from './browser-api.ts';

function recordingApi(answer: unknown = {}): Api & { calls: [string, unknown][] } {
  const calls: [string, unknown][] = [];
  return {
    token: 't',
    calls,
    async call<T>(command: string, args: Record<string, unknown> = {}): Promise<T> {
      calls.push([command, args]);
      return answer as T;
    },
  };
}

afterEach(() => vi.unstubAllGlobals());

describe('browser API helper', () => {
  it('restates the core status and settings shapes exactly (checked by the type checker)', () => {
    expectTypeOf<BrowserStatus>().toEqualTypeOf<CoreBrowserStatus>();
    expectTypeOf<BrowserSettings>().toEqualTypeOf<CoreBrowserSettings>();
  });

  it('names each route under browser/', () => {
    expect(browserCommand('status')).toBe('browser/status');
    expect(browserCommand('settings')).toBe('browser/settings');
  });

  it('sends an empty object to read and {evaluateEnabled} to write the settings', async () => {
    const api = recordingApi({ evaluateEnabled: false });
    const browser = browserApi(api);
    await browser.settings();
    expect(await browser.setEvaluateEnabled(false)).toEqual({ evaluateEnabled: false });
    await browser.start();
    await browser.stop();
    await browser.status();
    await browser.counters();
    expect(api.calls).toEqual([
      ['browser/settings', {}],
      ['browser/settings', { evaluateEnabled: false }],
      ['browser/start', {}],
      ['browser/stop', {}],
      ['browser/status', {}],
      ['browser/counters', {}],
    ]);
  });

  it('POSTs /api/browser/<route> with the bearer token and passes server errors on as ApiError', async () => {
    const seen: { url: string; init: RequestInit }[] = [];
    vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
      seen.push({ url, init });
      const payload = {
        code: 'BROWSER_NOT_RUNNING',
        message: 'the browser is not running',
        detail: null,
        agentId: null,
        retryable: false,
      };
      return new Response(JSON.stringify(payload), { status: 409 });
    });
    const error = await browserApi(createApi('tok', 'http://x'))
      .stop()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).code).toBe('BROWSER_NOT_RUNNING');
    expect(seen).toHaveLength(1);
    expect(seen[0]!.url).toBe('http://x/api/browser/stop');
    expect(seen[0]!.init.method).toBe('POST');
    expect((seen[0]!.init.headers as Record<string, string>).Authorization).toBe('Bearer tok');
    expect(seen[0]!.init.body).toBe('{}');
  });
});
