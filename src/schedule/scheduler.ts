/**
 * The ticker: one tick at start and one a minute after, over every schedule (ledger `schedule_tick`).
 * `decide` says Idle / Consume / Fire; a Fire passes the probe order of checks (stopped -> consume
 * with a System line; in flight -> skip; probe running -> skip), is consumed first, then fired.
 * Without a probe the firings of one tick are batched (one new chat for all fresh ones); with a
 * probe each runs detached, so a slow probe never holds the ticker.
 */
import type { ScheduledTask } from '../domain/schedule.ts';
import { deliverFiring, runProbeStep, type FiringDeps, type FiringPlan } from './firing.ts';
import { FIRING_TEXTS } from './firing-texts.ts';
import { recurrenceLabel } from './label.ts';
import type { Tick } from './decide.ts';
import type { ScheduleSource } from './ports.ts';
import type { FiringHandle } from './schedule-runtime.ts';

export const TICK_INTERVAL_MS = 60_000;

/** Injectable timer: a fake one drives tests, `setInterval` the server. */
export interface TickTimer {
  every(ms: number, run: () => void): () => void;
}

export const REAL_TIMER: TickTimer = {
  every(ms, run) {
    const handle = setInterval(run, ms);
    handle.unref();
    return () => clearInterval(handle);
  },
};

export interface SchedulerDeps extends FiringDeps {
  schedules: ScheduleSource;
  decide: (task: ScheduledTask, nowMs: number) => Tick;
  timer?: TickTimer;
}

export class Scheduler {
  private stopTimer: (() => void) | null = null;
  private ticking: Promise<void> | null = null;
  /** Every firing started and not yet over, so `stop` and tests can wait for them. */
  private readonly firings = new Set<Promise<void>>();

  constructor(private readonly deps: SchedulerDeps) {}

  start(): void {
    if (this.stopTimer) return;
    this.stopTimer = (this.deps.timer ?? REAL_TIMER).every(TICK_INTERVAL_MS, () => void this.tick());
    void this.tick();
  }

  /** Stops ticking; firings already running finish on their own (the village interrupts turns). */
  stop(): void {
    this.stopTimer?.();
    this.stopTimer = null;
  }

  /** Waits until the current tick and every firing it started are over (tests, shutdown). */
  async settled(): Promise<void> {
    while (this.ticking || this.firings.size > 0) {
      await this.ticking;
      await Promise.all([...this.firings]);
    }
  }

  /** One pass; a tick that comes while the previous one is still running is dropped. */
  tick(): Promise<void> {
    if (this.ticking) return this.ticking;
    this.ticking = this.pass().finally(() => (this.ticking = null));
    return this.ticking;
  }

  /**
   * False when the store refused (e.g. SCHEDULE_STORE_BLOCKED) or the schedule is gone: it is then not
   * fired, since
   * a due that cannot be consumed would fire again every minute. Awaits only a store that answers
   * with a promise, so a sync consume costs no microtask hop.
   */
  private async consume(id: string, dueMs: number): Promise<boolean> {
    try {
      const saved = this.deps.schedules.consume(id, dueMs);
      // An explicit false: the schedule went meanwhile (deleted while the tick ran), nothing to fire.
      return (saved ? await saved : saved) !== false;
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      this.deps.village.note(
        `schedule consume: id=${id} refused (${typeof code === 'string' ? code : 'error'})`,
      );
      return false;
    }
  }

  private async pass(): Promise<void> {
    const { decide, village, runtime } = this.deps;
    const nowMs = this.deps.now();
    const batch: FiringPlan[] = [];
    for (const task of [...this.deps.schedules.list()]) {
      const tick = decide(task, nowMs);
      if (tick.kind === 'idle') continue;
      if (tick.kind === 'consume') {
        // A slot missed by more than GRACE: the diagnostics log only (ja part3 invariants). It reports
        // "the app was closed", which nobody can fix; in the conversation it would bury real notices.
        if (await this.consume(task.id, tick.dueMs)) {
          village.note(`schedule skip: id=${task.id} due_ms=${tick.dueMs} reason=grace`);
        }
        continue;
      }
      if (!village.isRunning(task.to)) {
        if (!(await this.consume(task.id, tick.dueMs))) continue;
        const language = village.language();
        village.systemLine(
          FIRING_TEXTS[language].skippedStopped(
            village.labelOf(task.to),
            recurrenceLabel(task.recurrence, language),
          ),
        );
        continue;
      }
      // The two skips: the due stays unconsumed and a later tick decides again.
      if (village.isBusy(task.to) || runtime.isInFlight(task.to) || runtime.isProbing(task.id)) continue;
      if (!(await this.consume(task.id, tick.dueMs))) continue;
      if (task.probe) this.track(task, (handle) => this.probed(task, tick.dueMs, handle), true);
      else batch.push({ task, dueMs: tick.dueMs, sessionReady: false });
    }
    if (batch.length === 0) return;
    const fresh = batch.some((plan) => plan.task.sessionMode === 'fresh');
    if (fresh) village.newChat();
    for (const plan of batch) {
      this.track(plan.task, () => deliverFiring(this.deps, { ...plan, sessionReady: fresh }, ''), false);
    }
  }

  private async probed(task: ScheduledTask, dueMs: number, handle: FiringHandle): Promise<void> {
    const appendix = await runProbeStep(this.deps, task);
    if (appendix === null) return;
    handle.delivering();
    await deliverFiring(this.deps, { task, dueMs, sessionReady: false }, appendix);
  }

  private track(task: ScheduledTask, run: (handle: FiringHandle) => Promise<void>, probing: boolean): void {
    const handle = this.deps.runtime.begin(task.id, task.to, probing);
    const firing = run(handle)
      .catch((error: unknown) => {
        // A firing must never take the ticker down: it is over, and says so in the diagnostics.
        this.deps.village.note(`schedule fire: id=${task.id} failed (${(error as Error).name})`);
      })
      .finally(() => {
        handle.end();
        this.firings.delete(firing);
      });
    this.firings.add(firing);
  }
}
