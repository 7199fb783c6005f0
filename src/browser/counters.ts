export type EvaluateEngine = 'cdp_page' | 'cdp_element' | 'playwright';

/** Why an evaluate went through Playwright instead of the CDP engine. */
export type FallbackReason = 'no_backend_node_id' | 'cdp_unavailable' | 'engine_playwright';

export interface DurationStats {
  count: number;
  totalMs: number;
  maxMs: number;
  lastMs: number | null;
}

export interface BrowserCounters {
  evaluate: {
    total: number;
    ok: number;
    failed: number;
    timeouts: number;
    aborts: number;
    byEngine: Record<EvaluateEngine, DurationStats>;
  };
  /** `wait {fn}` requests (each polls the page through the CDP engine until fn is truthy). */
  waitFunction: { total: number; ok: number; timeouts: number; aborts: number };
  terminateExecution: { sent: number; acknowledged: number };
  fallbacks: { total: number; byReason: Record<FallbackReason, number> };
  /** Last-resort recoveries: the Playwright connection retired after a stuck Playwright evaluate. */
  playwrightRecoveries: number;
  playwrightConnects: number;
}

function durations(): DurationStats {
  return { count: 0, totalMs: 0, maxMs: 0, lastMs: null };
}

export function emptyCounters(): BrowserCounters {
  return {
    evaluate: {
      total: 0,
      ok: 0,
      failed: 0,
      timeouts: 0,
      aborts: 0,
      byEngine: { cdp_page: durations(), cdp_element: durations(), playwright: durations() },
    },
    waitFunction: { total: 0, ok: 0, timeouts: 0, aborts: 0 },
    terminateExecution: { sent: 0, acknowledged: 0 },
    fallbacks: { total: 0, byReason: { no_backend_node_id: 0, cdp_unavailable: 0, engine_playwright: 0 } },
    playwrightRecoveries: 0,
    playwrightConnects: 0,
  };
}

export function recordDuration(stats: DurationStats, ms: number): void {
  stats.count++;
  stats.totalMs += ms;
  stats.maxMs = Math.max(stats.maxMs, ms);
  stats.lastMs = ms;
}
