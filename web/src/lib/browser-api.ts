// The counters are the core's own type (import type only); status and settings are restated here
// because their core modules pull in Node-only code, and the unit test checks they stay equal.
import type { BrowserCounters } from '../../../src/browser/counters.ts';
import type { Api } from './api.ts';

export type { BrowserCounters };

/** `POST /api/browser/status` (and what start/stop answer). */
export interface BrowserStatus {
  running: boolean;
  pid: number | null;
  executable: string;
  evaluateEnabled: boolean;
  tabs: number;
  playwrightConnected: boolean;
}

/** `POST /api/browser/settings`: `{home}/browser.json`. */
export interface BrowserSettings {
  evaluateEnabled: boolean;
}

/** The routes the settings page uses; the rest (tabs, act, …) are for servants and scripts. */
export type BrowserPageRoute = 'status' | 'start' | 'stop' | 'counters' | 'settings';

export interface BrowserApi {
  status(): Promise<BrowserStatus>;
  start(): Promise<BrowserStatus>;
  stop(): Promise<BrowserStatus>;
  counters(): Promise<BrowserCounters>;
  settings(): Promise<BrowserSettings>;
  setEvaluateEnabled(evaluateEnabled: boolean): Promise<BrowserSettings>;
}

/** The command path for `POST /api/browser/<route>`. */
export function browserCommand(route: BrowserPageRoute): string {
  return `browser/${route}`;
}

/**
 * The browser control service over the app's own client, so the token, the JSON body and the
 * ApiError shape (formatted and toasted like any command's) are the same.
 */
export function browserApi(api: Api): BrowserApi {
  const call = <T>(route: BrowserPageRoute, body: Record<string, unknown> = {}) =>
    api.call<T>(browserCommand(route), body);
  return {
    status: () => call<BrowserStatus>('status'),
    start: () => call<BrowserStatus>('start'),
    stop: () => call<BrowserStatus>('stop'),
    counters: () => call<BrowserCounters>('counters'),
    settings: () => call<BrowserSettings>('settings'),
    setEvaluateEnabled: (evaluateEnabled) => call<BrowserSettings>('settings', { evaluateEnabled }),
  };
}
