/**
 * Scheduler tick benchmark: prints figures, asserts nothing. `npx tsx bench/schedules.ts`
 *
 * 1,000 schedules (a third each interval / daily / weekly, spread over the day and the week) go
 * through one simulated day of ticks, one a minute, with the real `decide` and the real ticker. The
 * village settles every delivery at once, so the figure is the tick's own cost (decide, consume,
 * the in-flight checks, building the bodies), not a model's. Beside it a raw baseline: a bare loop
 * over the same schedules reading the same fields, and the ratio between the two. Goal: < 5 ms a tick.
 */
import { performance } from 'node:perf_hooks';
import { WEEKDAYS } from '../src/domain/enums.ts';
import type { AgentId } from '../src/domain/ids.ts';
import type { ScheduledTask } from '../src/domain/schedule.ts';
import { decide } from '../src/schedule/decide.ts';
import type { CheckRunner, ScheduleVillage } from '../src/schedule/ports.ts';
import { ScheduleRuntime } from '../src/schedule/schedule-runtime.ts';
import { Scheduler } from '../src/schedule/scheduler.ts';

const COUNT = 1_000;
const AGENTS = 20;
const MIN = 60_000;
const T0 = Date.UTC(2026, 2, 2, 5, 0);
const TICKS = 24 * 60;

function schedules(): ScheduledTask[] {
  return Array.from({ length: COUNT }, (_, i): ScheduledTask => {
    const kind = i % 3;
    const hour = i % 24;
    const minute = (i * 7) % 60;
    return {
      id: `s${i}`,
      to: `agent_${i % AGENTS}` as AgentId,
      message: `scheduled request ${i}`,
      recurrence:
        kind === 0
          ? { kind: 'interval', everyMinutes: 5 + (i % 120) }
          : kind === 1
            ? { kind: 'daily', hour, minute }
            : { kind: 'weekly', weekday: WEEKDAYS[i % 7]!, hour, minute },
      createdAtMs: T0 - (i % 90) * MIN,
      lastConsumedDueMs: null,
      enabled: i % 10 !== 0,
    };
  });
}

const settled = Promise.resolve();
const village: ScheduleVillage = {
  language: () => 'en',
  labelOf: (id) => id,
  isRunning: () => true,
  isBusy: () => false,
  deliver: () => ({ wallet: { remainingMilli: () => null }, participants: new Set(), settled }),
  newChat: () => undefined,
  summarize: async () => 0,
  systemLine: () => undefined,
  note: () => undefined,
};
const checks: CheckRunner = {
  probe: async () => ({ report: { outcome: 'match', reason: null, atMs: 0 }, appendix: null }),
  acceptance: async () => ({
    report: { outcome: 'match', reason: null, atMs: 0 },
    verdict: 'done',
    reRequest: null,
  }),
};

async function tickCosts(): Promise<{ costs: number[]; fired: number }> {
  const tasks = schedules();
  let nowMs = T0;
  let fired = 0;
  const scheduler = new Scheduler({
    schedules: {
      list: () => tasks,
      consume: (id, dueMs) => {
        tasks[Number(id.slice(1))]!.lastConsumedDueMs = dueMs;
      },
    },
    decide,
    village: { ...village, deliver: (...args) => (fired++, village.deliver(...args)) },
    checks,
    runtime: new ScheduleRuntime(),
    now: () => nowMs,
  });
  const costs: number[] = [];
  for (let i = 0; i < TICKS; i++) {
    nowMs += MIN;
    const start = performance.now();
    await scheduler.tick();
    costs.push(performance.now() - start);
    await scheduler.settled();
  }
  return { costs, fired };
}

/** The same schedules, the same fields read, nothing decided: what a loop over 1,000 objects costs. */
function baselineCosts(): number[] {
  const tasks = schedules();
  const costs: number[] = [];
  let sink = 0;
  for (let i = 0; i < TICKS; i++) {
    const start = performance.now();
    for (const task of tasks) {
      if (task.enabled) sink += (task.lastConsumedDueMs ?? task.createdAtMs) + task.recurrence.kind.length;
    }
    costs.push(performance.now() - start);
  }
  if (sink === 0) console.log('(unreachable)');
  return costs;
}

function stats(costs: number[]) {
  const sorted = [...costs].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
  return { median: at(0.5), p99: at(0.99), max: sorted[sorted.length - 1]! };
}

const ms = (n: number) => `${n.toFixed(3)} ms`;
const { costs, fired } = await tickCosts();
// The first ticks consume every stale wall-clock slot while the code is still cold: shown apart.
const WARM_UP = 10;
const first = stats(costs.slice(0, WARM_UP));
const tick = stats(costs.slice(WARM_UP));
const base = stats(baselineCosts());
console.log(
  `schedules: ${COUNT} schedules, ${TICKS} ticks (one simulated day, one a minute), ${fired} firings`,
);
console.log(`  first ${WARM_UP} ticks (cold, stale slots consumed)  max ${ms(first.max)}`);
console.log(`  tick      median ${ms(tick.median)}  p99 ${ms(tick.p99)}  max ${ms(tick.max)}`);
console.log(
  `  baseline  median ${ms(base.median)}  p99 ${ms(base.p99)}  max ${ms(base.max)}  (bare loop, same data)`,
);
const verdict = (n: number) => (n < 5 ? 'met' : 'NOT met');
console.log(`  ratio     median ${(tick.median / base.median).toFixed(1)}x`);
console.log(`  goal < 5 ms a tick: median ${verdict(tick.median)}, p99 ${verdict(tick.p99)}`);
