import type { z } from 'zod';
import { CoreError } from '../domain/errors.ts';
import { coreErrorFromZod } from '../domain/schemas.ts';
import { CdpProtocolError, CdpTransportError } from './cdp-connection.ts';
import { act } from './act.ts';
import { withBudget } from './budget.ts';
import {
  ACT_ARGS,
  EMPTY_ARGS,
  NAVIGATE_ARGS,
  SCREENSHOT_ARGS,
  SETTINGS_ARGS,
  SNAPSHOT_ARGS,
  TAB_ARGS,
  TAB_OPEN_ARGS,
} from './schemas.ts';
import type { BrowserService } from './service.ts';

interface BrowserRoute<A> {
  args: z.ZodType<A>;
  run(service: BrowserService, args: A, signal: AbortSignal | undefined): Promise<unknown>;
}

function route<S extends z.ZodType>(
  args: S,
  run: (service: BrowserService, args: z.infer<S>, signal: AbortSignal | undefined) => Promise<unknown>,
): BrowserRoute<unknown> {
  return { args, run: run as BrowserRoute<unknown>['run'] };
}

/**
 * The browser control routes (ARCHITECTURE §8). `POST /api/browser/<route>` and in-process callers
 * (the agent tool) go through `dispatchBrowser`, so both validate, budget and fail the same way.
 */
export const BROWSER_ROUTES: Readonly<Record<string, BrowserRoute<unknown>>> = {
  status: route(EMPTY_ARGS, (service) => service.status()),
  start: route(EMPTY_ARGS, (service) => service.start()),
  stop: route(EMPTY_ARGS, (service) => service.stop()),
  counters: route(EMPTY_ARGS, async (service) => structuredClone(service.counters)),
  settings: route(SETTINGS_ARGS, (service, args) =>
    args.evaluateEnabled === undefined
      ? service.settings()
      : service.updateSettings({ evaluateEnabled: args.evaluateEnabled }),
  ),
  tabs: route(EMPTY_ARGS, (service) => service.tabs()),
  'tabs/open': route(TAB_OPEN_ARGS, (service, args, signal) =>
    withBudget({ timeoutMs: args.timeoutMs, signal }, (budget) => service.openTab(args.url, budget)),
  ),
  'tabs/focus': route(TAB_ARGS, (service, args) => service.focusTab(args.targetId)),
  'tabs/close': route(TAB_ARGS, (service, args) => service.closeTab(args.targetId)),
  navigate: route(NAVIGATE_ARGS, (service, args, signal) =>
    withBudget({ timeoutMs: args.timeoutMs, signal }, (budget) =>
      service.navigate(args.targetId, args.url, budget),
    ),
  ),
  snapshot: route(SNAPSHOT_ARGS, (service, args, signal) =>
    withBudget({ timeoutMs: args.timeoutMs, signal }, (budget) =>
      service.snapshot(args.targetId, args.selector, budget),
    ),
  ),
  screenshot: route(SCREENSHOT_ARGS, (service, args, signal) =>
    withBudget({ timeoutMs: args.timeoutMs, signal }, (budget) =>
      service.screenshot(args.targetId, args.fullPage ?? false, budget),
    ),
  ),
  act: route(ACT_ARGS, (service, args, signal) =>
    withBudget({ timeoutMs: args.timeoutMs, signal }, (budget) => act(service, args, budget)),
  ),
};

export const BROWSER_ROUTE_NAMES = Object.keys(BROWSER_ROUTES);

/**
 * Runs one route: the same validation, budget and errors over HTTP and in process. `signal` is the
 * caller's (the HTTP request's, aborted when the client goes away; the agent turn's).
 */
export async function dispatchBrowser(
  service: BrowserService,
  name: string,
  body: unknown,
  signal?: AbortSignal,
): Promise<unknown> {
  if (!Object.hasOwn(BROWSER_ROUTES, name)) {
    throw new CoreError('UNKNOWN_COMMAND', `unknown browser route ${JSON.stringify(name.slice(0, 64))}`, {
      detail: `routes: ${BROWSER_ROUTE_NAMES.join(', ')}`,
    });
  }
  const entry = BROWSER_ROUTES[name]!;
  // Validated here, so in-process callers get the same typed error as HTTP ones.
  const parsed = entry.args.safeParse(body ?? {});
  if (!parsed.success) throw coreErrorFromZod(parsed.error);
  try {
    return await entry.run(service, parsed.data, signal);
  } catch (error) {
    // A socket answer no step named: still a typed error, never an INTERNAL.
    if (error instanceof CdpTransportError) {
      throw new CoreError('BROWSER_NOT_RUNNING', 'the browser is gone', { detail: error.message });
    }
    if (error instanceof CdpProtocolError)
      throw new CoreError('BROWSER_ACTION_FAILED', `${name} failed: ${error.message}`);
    throw error;
  }
}
