import type { DiagLog } from '../../src/diag/log.ts';
import { CoreError } from '../../src/domain/errors.ts';
import { dispatchBrowser } from '../../src/browser/routes.ts';
import { BrowserService, type BrowserServiceOptions } from '../../src/browser/service.ts';
import { BrowserSettingsStore } from '../../src/browser/settings.ts';
import type { BrowserCounters } from '../../src/browser/counters.ts';
import { startPageServer, type PageServer } from './pages.ts';

/** A service with a log kept in memory, and its routes called in process. */
export interface ServiceKit {
  service: BrowserService;
  lines: string[];
  call<T = Record<string, unknown>>(route: string, body?: unknown, signal?: AbortSignal): Promise<T>;
  /** The CoreError a call fails with (the test fails if it succeeds). */
  failure(route: string, body?: unknown, signal?: AbortSignal): Promise<CoreError>;
  counters(): Promise<BrowserCounters>;
  /** Opens a tab on `url` and takes a snapshot: the tab's id and its refs. */
  openAndSnapshot(
    url: string,
  ): Promise<{ targetId: string; refs: Record<string, Record<string, unknown>>; snapshot: string }>;
}

export function serviceKit(options: Partial<BrowserServiceOptions> = {}): ServiceKit {
  const lines: string[] = [];
  const log: DiagLog = { note: (line) => lines.push(line), warn: (line) => lines.push(`WARN ${line}`) };
  const service = new BrowserService({ log, settings: new BrowserSettingsStore(null), ...options });
  const call = async <T>(route: string, body: unknown = {}, signal?: AbortSignal) =>
    (await dispatchBrowser(service, route, body, signal)) as T;
  const failure = async (route: string, body: unknown = {}, signal?: AbortSignal) => {
    try {
      await dispatchBrowser(service, route, body, signal);
    } catch (error) {
      if (error instanceof CoreError) return error;
      throw error;
    }
    throw new Error(`${route} succeeded, a failure was expected`);
  };
  return {
    service,
    lines,
    call,
    failure,
    counters: () => call<BrowserCounters>('counters'),
    async openAndSnapshot(url) {
      const { targetId } = await call<{ targetId: string }>('tabs/open');
      await call('navigate', { targetId, url });
      const snap = await call<{ refs: Record<string, Record<string, unknown>>; snapshot: string }>(
        'snapshot',
        {
          targetId,
        },
      );
      return { targetId, refs: snap.refs, snapshot: snap.snapshot };
    },
  };
}

/** A test file's page server and started service. */
export async function startedKit(
  options: Partial<BrowserServiceOptions> = {},
): Promise<{ pages: PageServer; kit: ServiceKit }> {
  const pages = await startPageServer();
  const kit = serviceKit(options);
  await kit.call('start');
  return { pages, kit };
}

export async function stopKit(kit: ServiceKit | undefined, pages: PageServer | undefined): Promise<void> {
  await kit?.call('stop');
  await pages?.close();
}
