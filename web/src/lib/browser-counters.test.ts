import { describe, expect, it } from 'vitest';
import { emptyCounters } from '../../../src/browser/counters.ts';
import en from '../locales/en/settings.json';
import ja from '../locales/ja/settings.json';
import { counterGroups, unacknowledgedTerminations } from './browser-counters.ts';

function sample() {
  const c = emptyCounters();
  c.evaluate.total = 12;
  c.evaluate.timeouts = 2;
  c.evaluate.aborts = 1;
  c.waitFunction = { total: 4, ok: 3, timeouts: 1, aborts: 0 };
  c.terminateExecution.sent = 3;
  c.terminateExecution.acknowledged = 2;
  c.fallbacks.total = 5;
  c.fallbacks.byReason = { no_backend_node_id: 1, cdp_unavailable: 0, engine_playwright: 4 };
  c.playwrightRecoveries = 7;
  return c;
}

function lookup(tree: unknown, path: string): unknown {
  return path.split('.').reduce<unknown>((v, k) => (v as Record<string, unknown> | undefined)?.[k], tree);
}

describe('browser counters block', () => {
  it('lists evaluates, terminations, fallbacks by reason and recoveries from the wire counters', () => {
    const flat = counterGroups(sample()).map((g) => [g.id, g.rows.map((r) => [r.id, r.value, !!r.sub])]);
    expect(flat).toEqual([
      [
        'evaluate',
        [
          ['total', 12, false],
          ['timeouts', 2, false],
          ['aborts', 1, false],
        ],
      ],
      [
        'waitFunction',
        [
          ['total', 4, false],
          ['timeouts', 1, false],
          ['aborts', 0, false],
        ],
      ],
      [
        'terminate',
        [
          ['sent', 3, false],
          ['acknowledged', 2, false],
        ],
      ],
      [
        'fallbacks',
        [
          ['total', 5, false],
          ['no_backend_node_id', 1, true],
          ['cdp_unavailable', 0, true],
          ['engine_playwright', 4, true],
        ],
      ],
      ['playwright', [['recoveries', 7, false]]],
    ]);
  });

  it('shows zeros for a fresh service and a missing reason', () => {
    const c = emptyCounters();
    delete (c.fallbacks.byReason as Partial<typeof c.fallbacks.byReason>).cdp_unavailable;
    const values = counterGroups(c).flatMap((g) => g.rows.map((r) => r.value));
    expect(values.every((v) => v === 0)).toBe(true);
  });

  it('counts terminations never acknowledged, never below zero', () => {
    expect(unacknowledgedTerminations(sample())).toBe(1);
    const c = emptyCounters();
    c.terminateExecution.acknowledged = 2;
    expect(unacknowledgedTerminations(c)).toBe(0);
  });

  it('has a label in both languages for every group and row', () => {
    for (const group of counterGroups(emptyCounters())) {
      for (const locale of [ja, en]) {
        expect(typeof lookup(locale, `browser.counters.${group.id}.title`), group.id).toBe('string');
        for (const row of group.rows) {
          const key = `browser.counters.${group.id}.${row.id}`;
          expect(typeof lookup(locale, key), key).toBe('string');
        }
      }
    }
  });
});
