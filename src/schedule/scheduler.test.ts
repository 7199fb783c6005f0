import { describe, expect, it } from 'vitest';
import type { AgentId } from '../domain/ids.ts';
import type { Acceptance, ProbeOutcome, ScheduledTask } from '../domain/schedule.ts';
import { decide } from './decide.ts';
import type { ChainDelivery, CheckRunner, ScheduleVillage } from './ports.ts';
import { decideAcceptance, reRequestText } from './probe/index.ts';
import { ScheduleRuntime } from './schedule-runtime.ts';
import { Scheduler, TICK_INTERVAL_MS, type TickTimer } from './scheduler.ts';

const MIN = 60_000;
const T0 = Date.UTC(2026, 0, 5, 15, 0); // a Monday, 10:00 in New York
const A = 'agent_1' as AgentId;
const B = 'agent_2' as AgentId;

class FakeTimer implements TickTimer {
  runs: (() => void)[] = [];
  every(ms: number, run: () => void) {
    expect(ms).toBe(TICK_INTERVAL_MS);
    this.runs.push(run);
    return () => (this.runs = []);
  }
}

interface Delivered {
  to: AgentId;
  content: string;
  autoApprovePlans: boolean;
  sameWallet: boolean;
  finish: () => void;
}

/** A recording village: deliveries settle when the test says so (or at once with `autoSettle`). */
class RecordingVillage implements ScheduleVillage {
  delivered: Delivered[] = [];
  lines: string[] = [];
  notes: string[] = [];
  newChats = 0;
  summarized: AgentId[][] = [];
  running = new Set<AgentId>([A, B]);
  busy = new Set<AgentId>();
  autoSettle = true;
  remaining: number | null = 1000;
  constructor(public lang: 'ja' | 'en' = 'en') {}
  language() {
    return this.lang;
  }
  labelOf(id: AgentId) {
    return `<${id}>`;
  }
  isRunning(id: AgentId) {
    return this.running.has(id);
  }
  isBusy(id: AgentId) {
    return this.busy.has(id);
  }
  deliver(
    to: AgentId,
    content: string,
    options: { autoApprovePlans: boolean; sameWalletAs?: ChainDelivery },
  ) {
    let finish!: () => void;
    const settled = new Promise<void>((resolve) => (finish = resolve));
    this.delivered.push({
      to,
      content,
      autoApprovePlans: options.autoApprovePlans,
      sameWallet: options.sameWalletAs !== undefined,
      finish,
    });
    if (this.autoSettle) finish();
    return { wallet: { remainingMilli: () => this.remaining }, participants: new Set([to]), settled };
  }
  newChat() {
    this.newChats += 1;
  }
  async summarize(ids: ReadonlySet<AgentId>) {
    this.summarized.push([...ids]);
    return ids.size;
  }
  systemLine(content: string) {
    this.lines.push(content);
  }
  note(line: string) {
    this.notes.push(line);
  }
}

/** Scripted outcomes through the real acceptance decisions and re-request text. */
class ScriptedChecks implements CheckRunner {
  probes: string[] = [];
  acceptances: number[] = [];
  constructor(
    private probeOutcome: ProbeOutcome = 'match',
    private acceptanceOutcomes: ProbeOutcome[] = [],
  ) {}
  async probe(task: ScheduledTask) {
    this.probes.push(task.id);
    return { report: { outcome: this.probeOutcome, reason: null, atMs: 0 }, appendix: 'line two' };
  }
  async acceptance(
    _task: ScheduledTask,
    acceptance: Acceptance,
    turn: { attempt: number; budgetLeft: number | null; originalRequest: string },
  ) {
    this.acceptances.push(turn.attempt);
    const outcome = this.acceptanceOutcomes[turn.attempt - 1] ?? 'match';
    const verdict = decideAcceptance({ outcome, ...turn, maxAttempts: acceptance.maxAttempts });
    const reRequest = verdict === 're_request' ? reRequestText(turn.originalRequest, 'FAILED 3', 'en') : null;
    return { report: { outcome, reason: null, atMs: 0 }, verdict, reRequest };
  }
}

const probe = { command: 'node', args: [], expect: 'GO', timeoutSecs: 60, cwd: null };

function interval(id: string, everyMinutes: number, extra: Partial<ScheduledTask> = {}): ScheduledTask {
  return {
    id,
    to: A,
    message: `run ${id}`,
    recurrence: { kind: 'interval', everyMinutes },
    createdAtMs: T0,
    lastConsumedDueMs: null,
    enabled: true,
    ...extra,
  };
}

function setup(
  tasks: ScheduledTask[],
  options: { checks?: ScriptedChecks; village?: RecordingVillage } = {},
) {
  let nowMs = T0;
  const consumed: [string, number][] = [];
  const timer = new FakeTimer();
  const village = options.village ?? new RecordingVillage();
  const checks = options.checks ?? new ScriptedChecks();
  const runtime = new ScheduleRuntime();
  const scheduler = new Scheduler({
    schedules: {
      list: () => tasks,
      consume: (id, dueMs) => {
        consumed.push([id, dueMs]);
        const task = tasks.find((t) => t.id === id)!;
        task.lastConsumedDueMs = dueMs;
      },
    },
    decide: (task, now) => decide(task, now),
    village,
    checks,
    runtime,
    now: () => nowMs,
    timer,
  });
  return {
    scheduler,
    village,
    checks,
    runtime,
    consumed,
    timer,
    setNow: (ms: number) => (nowMs = ms),
    /** Moves the fake clock by a minute and ticks (through the timer once started), then waits. */
    async minute() {
      nowMs += MIN;
      if (timer.runs.length > 0) for (const run of timer.runs) run();
      else void scheduler.tick();
      await scheduler.settled();
    },
  };
}

describe('the scheduler tick (fake clock)', () => {
  it('ticks once at start and then every minute; an interval fires at its slot, once', async () => {
    const s = setup([interval('s1', 2)]);
    s.scheduler.start();
    await s.scheduler.settled();
    expect(s.village.delivered).toHaveLength(0);
    await s.minute();
    expect(s.village.delivered).toHaveLength(0);
    await s.minute();
    expect(s.village.delivered.map((d) => d.content)).toEqual(['Scheduled run: every 2 minutes\nrun s1']);
    expect(s.consumed).toEqual([['s1', T0 + 2 * MIN]]);
    expect(s.runtime.lastFiring('s1')).toEqual({ dueMs: T0 + 2 * MIN, atMs: T0 + 2 * MIN });
    expect(s.village.notes.filter((line) => line.startsWith('schedule fire:'))).toEqual([
      `schedule fire: id=s1 to=${s.village.delivered[0]!.to} due_ms=${T0 + 2 * MIN} session=continue probe=none chars=37`,
    ]);
    await s.minute();
    expect(s.village.delivered).toHaveLength(1);
    s.scheduler.stop();
    expect(s.timer.runs).toHaveLength(0);
  });

  it('labels the firing in Japanese in a ja village', async () => {
    const s = setup(
      [{ ...interval('w', 1), recurrence: { kind: 'weekly', weekday: 'mon', hour: 10, minute: 1 } }],
      { village: new RecordingVillage('ja') },
    );
    await s.minute();
    expect(s.village.delivered[0]!.content).toBe('【定期実行: 毎週 月曜 10:01】\nrun w');
  });

  it('an interval missed for two days fires once on resume, keeping its phase', async () => {
    const s = setup([interval('s1', 10)]);
    s.setNow(T0 + 2 * 24 * 60 * MIN + 3 * MIN - MIN);
    await s.minute();
    expect(s.village.delivered).toHaveLength(1);
    expect(s.consumed).toEqual([['s1', T0 + 2 * 24 * 60 * MIN]]);
    await s.minute();
    expect(s.village.delivered).toHaveLength(1);
  });

  it('a wall-clock slot missed by more than GRACE is consumed without firing (no catch-up)', async () => {
    const task: ScheduledTask = { ...interval('d', 1), recurrence: { kind: 'daily', hour: 9, minute: 0 } };
    const s = setup([task]);
    s.setNow(T0 - MIN); // 10:00 - the 09:00 slot is an hour old
    await s.minute();
    expect(s.village.delivered).toHaveLength(0);
    expect(s.consumed).toEqual([['d', Date.UTC(2026, 0, 5, 14, 0)]]);
    // The diagnostics log only (ja part3 invariants), never the conversation.
    expect(s.village.notes).toEqual([
      `schedule skip: id=d due_ms=${Date.UTC(2026, 0, 5, 14, 0)} reason=grace`,
    ]);
    expect(s.village.lines).toEqual([]);
  });

  it('a disabled schedule consumes nothing; re-enabled, it fires once', async () => {
    const task = interval('p', 1, { enabled: false });
    const s = setup([task]);
    await s.minute();
    await s.minute();
    await s.minute();
    expect(s.consumed).toEqual([]);
    task.enabled = true;
    await s.minute();
    expect(s.village.delivered).toHaveLength(1);
    expect(s.consumed).toEqual([['p', T0 + 4 * MIN]]);
  });

  it('a stopped target consumes the slot with one System line and no delivery', async () => {
    const s = setup([interval('s1', 1)]);
    s.village.running.delete(A);
    await s.minute();
    await s.minute();
    expect(s.village.delivered).toHaveLength(0);
    expect(s.consumed).toHaveLength(2);
    expect(s.village.lines[0]).toBe('Skipped the scheduled run (every minute): <agent_1> is not running.');
  });

  it('a schedule still in flight is not fired again and its due stays unconsumed', async () => {
    const s = setup([interval('s1', 1)]);
    s.village.autoSettle = false;
    s.setNow(T0 + MIN);
    const first = s.scheduler.tick();
    await first;
    expect(s.village.delivered).toHaveLength(1);
    s.setNow(T0 + 2 * MIN);
    await s.scheduler.tick();
    expect(s.village.delivered).toHaveLength(1);
    expect(s.consumed).toEqual([['s1', T0 + MIN]]);
    s.village.delivered[0]!.finish();
    await s.scheduler.settled();
    await s.scheduler.tick();
    expect(s.village.delivered).toHaveLength(2);
  });

  it('a busy target is skipped without consuming', async () => {
    const s = setup([interval('s1', 1)]);
    s.village.busy.add(A);
    await s.minute();
    expect(s.consumed).toEqual([]);
    s.village.busy.clear();
    await s.minute();
    expect(s.village.delivered).toHaveLength(1);
  });

  it('fresh firings of one tick start one new chat; continue starts none', async () => {
    const s = setup([
      interval('a', 1, { sessionMode: 'fresh' }),
      interval('b', 1, { sessionMode: 'fresh', to: B }),
    ]);
    await s.minute();
    expect(s.village.newChats).toBe(1);
    expect(s.village.delivered).toHaveLength(2);
    const c = setup([interval('c', 1, { sessionMode: 'continue' })]);
    await c.minute();
    expect(c.village.newChats).toBe(0);
  });
});

describe('probe, acceptance, summarizeAfter, autoApprovePlans', () => {
  it('a probe that does not match consumes the slot and delivers nothing', async () => {
    const checks = new ScriptedChecks('no_match');
    const s = setup([interval('s1', 1, { probe })], { checks });
    await s.minute();
    expect(checks.probes).toEqual(['s1']);
    expect(s.village.delivered).toHaveLength(0);
    expect(s.consumed).toHaveLength(1);
    expect(s.runtime.lastProbe('s1')?.outcome).toBe('no_match');
    expect(s.runtime.lastFiring('s1')).toBeNull();
  });

  it('a matching probe delivers with stdout lines 2+ appended', async () => {
    const s = setup([interval('s1', 1, { probe })]);
    await s.minute();
    expect(s.village.delivered[0]!.content).toBe(
      'Scheduled run: every minute\nrun s1\n\nPre-check output:\nline two',
    );
  });

  it('acceptance no_match re-requests on the same wallet up to maxAttempts, then summarizes once', async () => {
    const checks = new ScriptedChecks('match', ['no_match', 'no_match', 'no_match']);
    const acceptance = { ...probe, maxAttempts: 3 };
    const s = setup([interval('s1', 1, { acceptance, summarizeAfter: true, autoApprovePlans: true })], {
      checks,
    });
    await s.minute();
    expect(checks.acceptances).toEqual([1, 2, 3]);
    expect(s.village.delivered.map((d) => [d.sameWallet, d.autoApprovePlans])).toEqual([
      [false, true],
      [true, true],
      [true, true],
    ]);
    expect(s.village.delivered[1]!.content).toBe(
      'Scheduled run: every minute\nrun s1\n\n(The previous acceptance check did not match. Acceptance command output: FAILED 3)',
    );
    expect(s.village.summarized).toEqual([[A]]);
    expect(s.village.notes).toContain('schedule summarize: root=agent_1 agents=1');
    expect(s.village.lines).toEqual([
      'The acceptance check of the scheduled run (every minute) did not match (attempt 3/3); the run ends here.',
    ]);
    expect(s.runtime.lastAcceptance('s1')).toEqual({
      outcome: 'no_match',
      reason: null,
      atMs: 0,
      attempt: 3,
      maxAttempts: 3,
    });
  });

  it('error is final; a spent wallet stops re-requests; acceptance waits for the chain', async () => {
    const acceptance = { ...probe, maxAttempts: 5 };
    const errorChecks = new ScriptedChecks('match', ['error']);
    const e = setup([interval('s1', 1, { acceptance })], { checks: errorChecks });
    await e.minute();
    expect(errorChecks.acceptances).toEqual([1]);
    expect(e.village.delivered).toHaveLength(1);
    expect(e.village.lines).toEqual([
      'The acceptance check of the scheduled run (every minute) could not run (attempt 1/5); the run ends here.',
    ]);

    const spent = new ScriptedChecks('match', ['no_match', 'no_match']);
    const village = new RecordingVillage();
    village.remaining = 0;
    const b = setup([interval('s1', 1, { acceptance })], { checks: spent, village });
    await b.minute();
    expect(spent.acceptances).toEqual([1]);
    expect(b.village.delivered).toHaveLength(1);

    const waiting = new ScriptedChecks('match', ['match']);
    const held = new RecordingVillage();
    held.autoSettle = false;
    const w = setup([interval('s1', 1, { acceptance })], { checks: waiting, village: held });
    w.setNow(T0 + MIN);
    await w.scheduler.tick();
    await new Promise((r) => setTimeout(r, 10));
    expect(waiting.acceptances).toEqual([]);
    held.delivered[0]!.finish();
    await w.scheduler.settled();
    expect(waiting.acceptances).toEqual([1]);
  });
});

describe('the two "in flight" checks (ja part3 probe invariants: target in flight, then this probe running)', () => {
  const probe = { command: 'node', args: [], expect: 'GO', timeoutSecs: 3600, cwd: null };

  /** A probe that stays running until the test releases it. */
  class HeldProbe extends ScriptedChecks {
    release!: () => void;
    override async probe(task: ScheduledTask) {
      const report = await super.probe(task);
      await new Promise<void>((resolve) => (this.release = resolve));
      return report;
    }
  }

  it('a running probe skips only its own schedule: another schedule for the same target still fires', async () => {
    const checks = new HeldProbe();
    const s = setup([interval('watch', 1, { probe }), interval('plain', 2)], { checks });
    s.setNow(T0 + MIN);
    await s.scheduler.tick();
    expect(checks.probes).toEqual(['watch']);
    s.setNow(T0 + 2 * MIN);
    await s.scheduler.tick();
    // The probe still runs: 'watch' is skipped (unconsumed), 'plain' is delivered to the same target.
    expect(checks.probes).toEqual(['watch']);
    expect(s.village.delivered.map((d) => d.content)).toEqual(['Scheduled run: every 2 minutes\nrun plain']);
    expect(s.consumed).toEqual([
      ['watch', T0 + MIN],
      ['plain', T0 + 2 * MIN],
    ]);
    checks.release();
    await s.scheduler.settled();
    expect(s.village.delivered).toHaveLength(2);
  });

  it('a matched probe puts its target in flight from the delivery until the chain settles', async () => {
    const village = new RecordingVillage();
    village.autoSettle = false;
    const s = setup(
      [
        interval('watch', 10, { probe, createdAtMs: T0 - 9 * MIN }),
        interval('plain', 1, { createdAtMs: T0 + MIN }),
      ],
      { village },
    );
    s.setNow(T0 + MIN);
    await s.scheduler.tick();
    await new Promise((r) => setTimeout(r, 10));
    expect(village.delivered).toHaveLength(1);
    s.setNow(T0 + 2 * MIN);
    await s.scheduler.tick();
    expect(village.delivered).toHaveLength(1);
    village.delivered[0]!.finish();
    await new Promise((r) => setTimeout(r, 10));
    await s.scheduler.tick();
    village.delivered[1]?.finish();
    await s.scheduler.settled();
    expect(village.delivered.map((d) => d.content.split('\n')[1])).toEqual(['run watch', 'run plain']);
  });
});

describe('a store that refuses to consume', () => {
  it('fires nothing and keeps ticking (a due it cannot consume would fire every minute)', async () => {
    const village = new RecordingVillage();
    const task = interval('s1', 1);
    const scheduler = new Scheduler({
      schedules: {
        list: () => [task],
        consume: () =>
          Promise.reject(Object.assign(new Error('blocked'), { code: 'SCHEDULE_STORE_BLOCKED' })),
      },
      decide: (t, now) => decide(t, now),
      village,
      checks: new ScriptedChecks(),
      runtime: new ScheduleRuntime(),
      now: () => T0 + MIN,
    });
    await scheduler.tick();
    await scheduler.tick();
    expect(village.delivered).toHaveLength(0);
    expect(village.notes).toEqual([
      'schedule consume: id=s1 refused (SCHEDULE_STORE_BLOCKED)',
      'schedule consume: id=s1 refused (SCHEDULE_STORE_BLOCKED)',
    ]);
  });
});
