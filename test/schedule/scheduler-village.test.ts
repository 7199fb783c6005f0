/**
 * The scheduler on a real village: real orchestrator and turns (scripted models), the real probe
 * runner with real processes and a real approvals file, driven by a fake clock and timer.
 */
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { AgentId } from '../../src/domain/ids.ts';
import type { ScheduledTask } from '../../src/domain/schedule.ts';
import { ProbeApprovals, probeApprovalsPath } from '../../src/schedule/probe/index.ts';
import type { TickTimer } from '../../src/schedule/scheduler.ts';
import { startVillageScheduler, type VillageScheduler } from '../../src/schedule/village-scheduler.ts';
import { call, say } from '../fakes/scripted-model.ts';
import { makeOrchestra, type Orchestra } from '../helpers/orchestra.ts';

const MIN = 60_000;
const T0 = Date.UTC(2026, 0, 5, 15, 0);
const node = process.execPath;

let orchestra: Orchestra | null = null;
let running: VillageScheduler | null = null;
afterEach(async () => {
  running?.stop();
  await orchestra?.close();
  orchestra = running = null;
});

const noTimer: TickTimer = { every: () => () => undefined };

async function setup(
  task: Partial<ScheduledTask>,
  language: 'ja' | 'en' = 'en',
  planReview = false,
  tokenBudget = 100_000,
) {
  orchestra = await makeOrchestra({ language, tokenBudget });
  const a = await orchestra.agent('a', { planReview });
  const b = await orchestra.agent('b');
  await orchestra.agent('c');
  await orchestra.connect('a', 'b', 'c');
  await orchestra.start('a', 'b', 'c');
  const schedule: ScheduledTask = {
    id: 'sched-1',
    to: 'a' as AgentId,
    message: 'check the build',
    recurrence: { kind: 'interval', everyMinutes: 1 },
    createdAtMs: T0,
    lastConsumedDueMs: null,
    enabled: true,
    ...task,
  };
  const approvals = new ProbeApprovals(probeApprovalsPath(join(orchestra.root, 'home')), 'village-1');
  await approvals.approveSchedule(schedule);
  let nowMs = T0;
  const summarized: AgentId[][] = [];
  const newChats: number[] = [];
  running = startVillageScheduler({
    orchestrator: orchestra.orch,
    sessions: {
      newChat: () => newChats.push(1),
      summarize: async (ids) => (summarized.push([...ids].sort()), ids.size),
    },
    schedules: {
      list: () => [schedule],
      consume: (_id, dueMs) => void (schedule.lastConsumedDueMs = dueMs),
    },
    approvals,
    workspace: join(orchestra.root, 'ws'),
    log: orchestra.log,
    timer: noTimer,
    now: () => nowMs,
  });
  const tickAt = async (ms: number) => {
    nowMs = ms;
    await running!.scheduler.tick();
    await running!.scheduler.settled();
    await orchestra!.idle();
  };
  await running.scheduler.settled();
  return { a, b, schedule, tickAt, summarized, newChats, orchestra, runtime: running.runtime };
}

const PLAN_TASKS = [
  { to: 'b', message: 'count the apples' },
  { to: 'c', message: 'count the pears' },
];

const probeOf = (line1: string) => ({
  command: node,
  args: ['-e', `console.log(${JSON.stringify(line1)}); console.log("disk 91%")`],
  expect: 'GO',
  timeoutSecs: 30,
  cwd: null,
});

describe('the scheduler in a real village', () => {
  it('a firing is a System root at hop 0 with its label', async () => {
    const s = await setup({});
    await s.tickAt(T0 + MIN);
    expect(s.a.requests).toHaveLength(1);
    expect(s.a.sentAt(0)).toContain('Scheduled run: every minute\ncheck the build');
    const message = s.orchestra.orch.messages.list().find((m) => m.content.startsWith('Scheduled run'));
    expect(message?.from).toEqual({ kind: 'system' });
    expect(message?.hop).toBe(0);
    expect(s.runtime.lastFiring('sched-1')).toEqual({ dueMs: T0 + MIN, atMs: T0 + MIN });
  });

  it('a probe that does not match sends no model request at all and consumes the slot', async () => {
    const s = await setup({ probe: probeOf('WAIT') });
    await s.tickAt(T0 + MIN);
    expect(s.a.requests).toHaveLength(0);
    expect(s.b.requests).toHaveLength(0);
    expect(s.schedule.lastConsumedDueMs).toBe(T0 + MIN);
    expect(s.runtime.lastProbe('sched-1')?.outcome).toBe('no_match');
    expect(s.orchestra.lines('schedule probe: id=sched-1 outcome=no_match')).toHaveLength(1);
  });

  it('a matching probe delivers with stdout line 2 appended (ja)', async () => {
    const s = await setup({ probe: probeOf('GO') }, 'ja');
    await s.tickAt(T0 + MIN);
    expect(s.a.requests).toHaveLength(1);
    expect(s.a.sentAt(0)).toContain('【定期実行: 1 分ごと】\ncheck the build\n\n【前判定の出力】\ndisk 91%');
  });

  it('an unapproved probe never runs and nothing is sent', async () => {
    const s = await setup({});
    s.schedule.probe = probeOf('GO');
    await s.tickAt(T0 + MIN);
    expect(s.a.requests).toHaveLength(0);
    expect(s.runtime.lastProbe('sched-1')?.outcome).toBe('unapproved');
  });

  it('acceptance re-requests after the chain; summarizeAfter then covers the root and whom it asked', async () => {
    // The acceptance check passes only once a marker file exists; the second attempt's chain writes it.
    const s = await setup({});
    const marker = join(s.orchestra.root, 'ws', 'done.txt');
    const script = `const fs=require("fs");console.log(fs.existsSync(${JSON.stringify(marker)})?"OK":"NOT YET")`;
    s.schedule.acceptance = {
      command: node,
      args: ['-e', script],
      expect: 'OK',
      timeoutSecs: 30,
      cwd: null,
      maxAttempts: 3,
    };
    s.schedule.summarizeAfter = true;
    const approvals = new ProbeApprovals(probeApprovalsPath(join(s.orchestra.root, 'home')), 'village-1');
    await approvals.approveSchedule(s.schedule);
    s.a.script(call('ask_b', { message: 'how is it?' }), say('asked b'), async () => {
      const { writeFile } = await import('node:fs/promises');
      await writeFile(marker, 'x');
      return say('fixed');
    });
    await s.tickAt(T0 + MIN);
    expect(s.a.requests.length).toBeGreaterThanOrEqual(3);
    const retry = s.a.requests.map((_, i) => s.a.sentAt(i)).find((t) => t.includes('did not match'));
    expect(retry).toContain('Acceptance command output: NOT YET');
    expect(s.orchestra.lines('acceptance: schedule=sched-1')).toEqual([
      'acceptance: schedule=sched-1 attempt=1/3 outcome=no_match',
      'acceptance: schedule=sched-1 attempt=2/3 outcome=match',
    ]);
    expect(s.summarized).toEqual([['a', 'b']]);
    expect(s.orchestra.lines('schedule summarize:')).toEqual(['schedule summarize: root=a agents=2']);
  });

  it('autoApprovePlans skips the plan review window in the firing and in the acceptance re-request', async () => {
    const planCall = () => call('plan', { tasks: PLAN_TASKS });
    const acceptance = {
      command: node,
      args: ['-e', 'console.log("NOT YET")'],
      expect: 'OK',
      timeoutSecs: 30,
      cwd: null,
      maxAttempts: 2,
    };
    const s = await setup({ acceptance, autoApprovePlans: true }, 'en', true);
    s.a.script(planCall(), say('first done'), planCall(), say('second done'));
    await s.tickAt(T0 + MIN);
    expect(s.b.requests).toHaveLength(2);
    expect(s.orchestra.lines('plan review skipped:')).toEqual([
      'plan review skipped: agent=a reason=schedule',
      'plan review skipped: agent=a reason=schedule',
    ]);
    expect(s.orchestra.lines('plan pending:')).toEqual([]);
  });

  it('autoApprovePlans follows a handoff: the receiving agent skips its window too (part 4 freeze 11a)', async () => {
    orchestra = await makeOrchestra({ tokenBudget: 100_000 });
    const a = await orchestra.agent('a');
    const b = await orchestra.agent('b', { planReview: true });
    await orchestra.agent('c');
    await orchestra.connect('a', 'b', 'c');
    await orchestra.connect('b', 'a', 'c');
    await orchestra.start('a', 'b', 'c');
    a.script(call('transfer_to_b', { message: 'plan this' }));
    b.script(
      call('plan', { tasks: PLAN_TASKS.map((t) => ({ ...t, to: t.to === 'b' ? 'a' : t.to })) }),
      say('b done'),
    );
    const fired = orchestra.orch.deliverScheduled('a' as AgentId, 'scheduled', { autoApprovePlans: true });
    await fired.settled;
    await orchestra.idle();
    expect(orchestra.lines('plan review skipped:')).toEqual(['plan review skipped: agent=b reason=schedule']);
    expect(orchestra.lines('plan pending:')).toEqual([]);
  });

  it('without autoApprovePlans the firing opens the review window as a user message would', async () => {
    const s = await setup({}, 'en', true);
    s.a.script(call('plan', { tasks: PLAN_TASKS }));
    await s.tickAt(T0 + MIN);
    expect(s.b.requests).toHaveLength(0);
    expect(s.orchestra.lines('plan pending:')).toHaveLength(1);
  });

  it('each firing has its own pool; a re-request spends from the firing pool', async () => {
    const s = await setup({});
    const orch = s.orchestra.orch;
    const first = orch.deliverScheduled('a' as AgentId, 'one', { autoApprovePlans: false });
    const again = orch.deliverScheduled('a' as AgentId, 'two', {
      autoApprovePlans: false,
      budget: first.budget,
    });
    const other = orch.deliverScheduled('a' as AgentId, 'three', { autoApprovePlans: false });
    expect(first.budget).not.toBeNull();
    expect(again.budget).toBe(first.budget);
    expect(other.budget).not.toBe(first.budget);
    await Promise.all([first.settled, again.settled, other.settled]);
  });

  it('a spent wallet ends the acceptance loop after the first check', async () => {
    const acceptance = {
      command: node,
      args: ['-e', 'console.log("NOT YET")'],
      expect: 'OK',
      timeoutSecs: 30,
      cwd: null,
      maxAttempts: 5,
    };
    // The first turn's call costs more than the whole ceiling: the pool is spent to zero.
    const s = await setup({ acceptance }, 'en', false, 50_000);
    s.a.script(say('done', { prompt: 1_000_000 }));
    await s.tickAt(T0 + MIN);
    expect(s.a.requests).toHaveLength(1);
    expect(s.orchestra.lines('acceptance: schedule=sched-1')).toEqual([
      'acceptance: schedule=sched-1 attempt=1/5 outcome=no_match',
    ]);
  });
});
