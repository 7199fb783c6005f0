import type { BrowserCounters } from './browser-api.ts';

export type CounterGroupId = 'evaluate' | 'waitFunction' | 'terminate' | 'fallbacks' | 'playwright';

export interface CounterRow {
  /** The label under `settings.browser.counters.<group>.`. */
  id: string;
  value: number;
  /** A breakdown of the row above it (shown indented). */
  sub?: boolean;
}

export interface CounterGroup {
  id: CounterGroupId;
  rows: CounterRow[];
}

/** Fallback reasons in a fixed order (the wire object's key order is not a display order). */
export const FALLBACK_REASONS = ['no_backend_node_id', 'cdp_unavailable', 'engine_playwright'] as const;

/**
 * The counters block of the Browser settings page: only what tells whether page scripts behave
 * (timeouts, aborts, whether stuck ones were terminated, how often the CDP engine was bypassed).
 */
export function counterGroups(c: BrowserCounters): CounterGroup[] {
  return [
    {
      id: 'evaluate',
      rows: [
        { id: 'total', value: c.evaluate.total },
        { id: 'timeouts', value: c.evaluate.timeouts },
        { id: 'aborts', value: c.evaluate.aborts },
      ],
    },
    {
      id: 'waitFunction',
      rows: [
        { id: 'total', value: c.waitFunction.total },
        { id: 'timeouts', value: c.waitFunction.timeouts },
        { id: 'aborts', value: c.waitFunction.aborts },
      ],
    },
    {
      id: 'terminate',
      rows: [
        { id: 'sent', value: c.terminateExecution.sent },
        { id: 'acknowledged', value: c.terminateExecution.acknowledged },
      ],
    },
    {
      id: 'fallbacks',
      rows: [
        { id: 'total', value: c.fallbacks.total },
        ...FALLBACK_REASONS.map((reason) => ({
          id: reason,
          value: c.fallbacks.byReason[reason] ?? 0,
          sub: true,
        })),
      ],
    },
    { id: 'playwright', rows: [{ id: 'recoveries', value: c.playwrightRecoveries }] },
  ];
}

/** Terminations sent but never acknowledged: a renderer that may still be running a script. */
export function unacknowledgedTerminations(c: BrowserCounters): number {
  return Math.max(0, c.terminateExecution.sent - c.terminateExecution.acknowledged);
}
