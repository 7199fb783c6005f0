import { readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { ScheduleView } from '../src/domain/schedule.ts';
import { approvalKey } from '../src/schedule/probe/index.ts';
import type { ScheduleApprovals } from '../src/schedule/schedule-hooks.ts';
import {
  makeTempRoot,
  removeRoot,
  startTestVillage,
  TEMPLATE,
  type TestVillage,
} from './helpers/village-server.ts';

const opened: TestVillage[] = [];
async function open(root?: string) {
  const village = await startTestVillage({ root });
  opened.push(village);
  await village.ready();
  return village;
}
afterEach(async () => {
  for (const v of opened.splice(0)) {
    await v.close();
    await removeRoot(v.root);
  }
});

async function withAgents(v: TestVillage, ...names: string[]): Promise<string[]> {
  const template = await v.ok<{ id: string }>('upsert_template', { template: TEMPLATE });
  const ids: string[] = [];
  for (const name of names) {
    const a = await v.ok<{ id: string }>('create_agent', { spec: { name, modelTemplateId: template.id } });
    ids.push(a.id);
  }
  return ids;
}

const daily = (to: string, over: Record<string, unknown> = {}) => ({
  to,
  message: 'Write the daily report',
  recurrence: { kind: 'daily', hour: 9, minute: 30 },
  ...over,
});

const PROBE = { command: 'git', args: ['status', '--short'], expect: 'dirty' };

const file = (v: TestVillage) => join(v.workspace, 'schedules.json');
const onDisk = async (v: TestVillage) => {
  try {
    return JSON.parse(await readFile(file(v), 'utf8')) as Record<string, unknown>[];
  } catch {
    return null;
  }
};

/** Records each approvals call with what schedules.json held at that moment. */
function recordingApprovals(v: TestVillage, approved = false) {
  const calls: { call: string; fileIds: string[] | null; detail: unknown }[] = [];
  /** schedules.json at each call, for the ordering checks. */
  const files: (Record<string, unknown>[] | null)[] = [];
  const record = async (call: string, detail: unknown) => {
    const disk = await onDisk(v);
    files.push(disk);
    calls.push({ call, fileIds: disk === null ? null : disk.map((s) => s.id as string), detail });
  };
  const approvals: ScheduleApprovals = {
    approve: (commands) => record('approve', commands),
    pruneTo: async (current) => {
      await record(
        'prune',
        current.map((s) => s.id),
      );
      return 0;
    },
    isApproved: () => Promise.resolve(approved),
  };
  v.server.boot.require().schedules.approvals = approvals;
  return { calls, files };
}

describe('schedule commands', () => {
  it('list_schedules starts empty, and create_schedule stores a schedule with its id', async () => {
    const v = await open();
    const [agent] = await withAgents(v, 'Zari');
    expect(await v.ok('list_schedules')).toEqual([]);
    const created = await v.ok<ScheduleView>('create_schedule', { schedule: daily(agent!) });
    expect(created.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(created).toMatchObject({
      to: agent,
      enabled: true,
      lastConsumedDueMs: null,
      probe: null,
      sessionMode: 'continue',
      summarizeAfter: false,
      acceptance: null,
      autoApprovePlans: false,
      lastProbe: null,
      lastFiring: null,
      probeApproved: false,
      acceptanceApproved: false,
    });
    expect(typeof created.createdAtMs).toBe('number');
    // The next 09:30 in local time, within a day of creation.
    const next = new Date(created.nextDueMs!);
    expect([next.getHours(), next.getMinutes()]).toEqual([9, 30]);
    expect(created.nextDueMs! - created.createdAtMs).toBeLessThanOrEqual(24 * 3_600_000);
    expect(await v.ok('list_schedules')).toEqual([created]);
    expect(await onDisk(v)).toEqual([
      {
        id: created.id,
        to: agent,
        message: 'Write the daily report',
        recurrence: { kind: 'daily', hour: 9, minute: 30 },
        createdAtMs: created.createdAtMs,
        lastConsumedDueMs: null,
        enabled: true,
      },
    ]);
  });

  it('refuses a bad schedule with INVALID_SCHEDULE naming the field, and writes nothing', async () => {
    const v = await open();
    const [agent] = await withAgents(v, 'Zari');
    const cases: [Record<string, unknown>, string][] = [
      [{ recurrence: { kind: 'daily', hour: 24, minute: 0 } }, 'recurrence.hour'],
      [{ recurrence: { kind: 'daily', hour: 9, minute: 60 } }, 'recurrence.minute'],
      [{ recurrence: { kind: 'interval', everyMinutes: 0 } }, 'recurrence.everyMinutes'],
      [{ recurrence: { kind: 'weekly', weekday: 'monday', hour: 9, minute: 0 } }, 'recurrence.weekday'],
      [{ recurrence: { kind: 'cron', spec: '* * * * *' } }, 'recurrence.kind'],
      [{ message: '   ' }, 'message'],
      [{ probe: { ...PROBE, command: ' ' } }, 'probe.command'],
      [{ probe: { ...PROBE, expect: '' } }, 'probe.expect'],
      [{ probe: { ...PROBE, timeoutSecs: 3601 } }, 'probe.timeoutSecs'],
      [{ acceptance: { ...PROBE, maxAttempts: 6 } }, 'acceptance.maxAttempts'],
      [{ acceptance: { ...PROBE, maxAttempts: 0 } }, 'acceptance.maxAttempts'],
      [{ sessionMode: 'new' }, 'sessionMode'],
    ];
    for (const [over, field] of cases) {
      const { status, body } = await v.call<{ code: string; detail: string }>('create_schedule', {
        schedule: daily(agent!, over),
      });
      expect({ field, status, code: body.code, detail: body.detail }).toEqual({
        field,
        status: 400,
        code: 'INVALID_SCHEDULE',
        detail: field,
      });
    }
    const unknownKey = await v.call<{ code: string }>('create_schedule', {
      schedule: { ...daily(agent!), colour: 'red' },
    });
    expect(unknownKey.body.code).toBe('INVALID_SCHEDULE');
    const noTarget = await v.call<{ code: string }>('create_schedule', { schedule: daily('agent_9') });
    expect([noTarget.status, noTarget.body.code]).toEqual([404, 'AGENT_NOT_FOUND']);
    expect(await onDisk(v)).toBeNull();
  });

  it('update_schedule keeps id and createdAtMs; unknown ids are SCHEDULE_NOT_FOUND', async () => {
    const v = await open();
    const [a1, a2] = await withAgents(v, 'Zari', 'Jemmy');
    const created = await v.ok<ScheduleView>('create_schedule', { schedule: daily(a1!) });
    // A client may send back what it listed: the server's own fields are ignored.
    const updated = await v.ok<ScheduleView>('update_schedule', {
      schedule: {
        ...created,
        nextDueMs: undefined,
        lastProbe: undefined,
        lastFiring: undefined,
        lastAcceptance: undefined,
        probeApproved: undefined,
        acceptanceApproved: undefined,
        to: a2,
        createdAtMs: 1,
        lastConsumedDueMs: 2,
        recurrence: { kind: 'weekly', weekday: 'mon', hour: 8, minute: 0 },
        sessionMode: 'fresh',
        probe: PROBE,
      },
    });
    expect(updated).toMatchObject({
      id: created.id,
      to: a2,
      createdAtMs: created.createdAtMs,
      lastConsumedDueMs: null,
      sessionMode: 'fresh',
      probe: { ...PROBE, timeoutSecs: 60, cwd: null },
    });
    expect(new Date(updated.nextDueMs!).getDay()).toBe(1);
    const missing = await v.call<{ code: string }>('update_schedule', {
      schedule: { ...daily(a1!), id: 'no-such-schedule' },
    });
    expect([missing.status, missing.body.code]).toEqual([404, 'SCHEDULE_NOT_FOUND']);
    const noId = await v.call<{ code: string; detail: string }>('update_schedule', { schedule: daily(a1!) });
    expect([noId.body.code, noId.body.detail]).toEqual(['INVALID_SCHEDULE', 'id']);
  });

  it('set_schedule_enabled switches it (no next run while off) and delete_schedule removes it', async () => {
    const v = await open();
    const [agent] = await withAgents(v, 'Zari');
    const { id } = await v.ok<ScheduleView>('create_schedule', {
      schedule: daily(agent!, { recurrence: { kind: 'interval', everyMinutes: 15 } }),
    });
    const off = await v.ok<ScheduleView>('set_schedule_enabled', { scheduleId: id, enabled: false });
    expect([off.enabled, off.nextDueMs]).toEqual([false, null]);
    expect((await onDisk(v))![0]!.enabled).toBe(false);
    const on = await v.ok<ScheduleView>('set_schedule_enabled', { scheduleId: id, enabled: true });
    expect(on.nextDueMs).toBe(on.createdAtMs + 15 * 60_000);
    expect(await v.ok('delete_schedule', { scheduleId: id })).toBeNull();
    expect(await v.ok('list_schedules')).toEqual([]);
    expect(await onDisk(v)).toEqual([]);
    const again = await v.call<{ code: string }>('delete_schedule', { scheduleId: id });
    expect(again.body.code).toBe('SCHEDULE_NOT_FOUND');
    const toggleGone = await v.call<{ code: string }>('set_schedule_enabled', {
      scheduleId: id,
      enabled: true,
    });
    expect(toggleGone.body.code).toBe('SCHEDULE_NOT_FOUND');
  });

  it('calls the approvals in the ledger order, and set_schedule_enabled never prunes', async () => {
    const v = await open();
    const [agent] = await withAgents(v, 'Zari');
    const { calls, files } = recordingApprovals(v);
    const created = await v.ok<ScheduleView>('create_schedule', {
      schedule: daily(agent!, { probe: PROBE }),
    });
    // create: approve while schedules.json does not hold it yet → save → prune (ja part3 approval).
    expect(calls.splice(0)).toEqual([
      { call: 'approve', fileIds: null, detail: [{ ...PROBE, timeoutSecs: 60, cwd: null }] },
      { call: 'prune', fileIds: [created.id], detail: [created.id] },
    ]);
    await v.ok('update_schedule', {
      schedule: { ...daily(agent!), id: created.id, acceptance: { ...PROBE, maxAttempts: 3 } },
    });
    // update: approve (file still old) → save → prune with the saved list.
    const [approve, prune] = calls.splice(0);
    const [fileAtApprove, fileAtPrune] = files.splice(0).slice(2);
    expect(approve).toEqual({
      call: 'approve',
      fileIds: [created.id],
      detail: [{ ...PROBE, timeoutSecs: 60, cwd: null, maxAttempts: 3 }],
    });
    expect(fileAtApprove![0]).toMatchObject({ probe: PROBE });
    expect(fileAtApprove![0]!.acceptance).toBeUndefined();
    expect(prune).toEqual({ call: 'prune', fileIds: [created.id], detail: [created.id] });
    expect(fileAtPrune![0]!.probe).toBeUndefined();
    expect(fileAtPrune![0]).toMatchObject({ acceptance: { ...PROBE, maxAttempts: 3 } });
    await v.ok('set_schedule_enabled', { scheduleId: created.id, enabled: false });
    expect(calls).toEqual([]);
    // delete: save first, then prune with what is left.
    await v.ok('delete_schedule', { scheduleId: created.id });
    expect(calls.splice(0)).toEqual([{ call: 'prune', fileIds: [], detail: [] }]);
    // Nothing is approved for a schedule that is refused.
    await v.call('create_schedule', { schedule: daily(agent!, { probe: { ...PROBE, expect: '' } }) });
    await v.call('create_schedule', { schedule: daily('agent_9', { probe: PROBE }) });
    expect(calls).toEqual([]);
  });

  it('approves on this device through probe_approvals.json, bound to the village id', async () => {
    const v = await open();
    const [agent] = await withAgents(v, 'Zari');
    const villageId = (await readFile(join(v.workspace, 'village_id'), 'utf8')).trim();
    const approvalsFile = join(v.home, 'probe_approvals.json');
    const hashes = async () =>
      (JSON.parse(await readFile(approvalsFile, 'utf8')) as { hashes: string[] }).hashes;
    const first = { ...PROBE, cwd: null };
    const created = await v.ok<ScheduleView>('create_schedule', {
      schedule: daily(agent!, { probe: PROBE }),
    });
    expect(created.probeApproved).toBe(true);
    expect(await hashes()).toEqual([approvalKey(first, villageId)]);
    expect((await stat(approvalsFile)).mode & 0o777).toBe(0o600);
    // A changed command: the new one approved, the replaced one pruned.
    const second = { ...PROBE, args: ['log', '-1'], cwd: null };
    const updated = await v.ok<ScheduleView>('update_schedule', {
      schedule: { ...daily(agent!, { probe: second }), id: created.id },
    });
    expect(updated.probeApproved).toBe(true);
    expect(await hashes()).toEqual([approvalKey(second, villageId)]);
    // Pausing is not revoking.
    const before = await readFile(approvalsFile, 'utf8');
    await v.ok('set_schedule_enabled', { scheduleId: created.id, enabled: false });
    expect(await readFile(approvalsFile, 'utf8')).toBe(before);
    await v.ok('delete_schedule', { scheduleId: created.id });
    expect(await hashes()).toEqual([]);
  });

  it('computes nextDueMs from the services clock in local time', async () => {
    const v = await open();
    const [agent] = await withAgents(v, 'Zari');
    const ctx = v.server.boot.require();
    const local = (d: number, h: number, m: number) => new Date(2026, 2, d, h, m).getTime();
    await v.ok('create_schedule', { schedule: daily(agent!) });
    const nextAt = async (nowMs: number) => {
      ctx.schedules.now = () => nowMs;
      return (await v.ok<ScheduleView[]>('list_schedules'))[0]!.nextDueMs;
    };
    expect(await nextAt(local(7, 8, 0))).toBe(local(7, 9, 30));
    // Inside GRACE the unconsumed slot is still the next run; past it, tomorrow's.
    expect(await nextAt(local(7, 9, 33))).toBe(local(7, 9, 30));
    expect(await nextAt(local(7, 10, 0))).toBe(local(8, 9, 30));
  });

  it('shows what the approvals and the scheduler know in the view', async () => {
    const v = await open();
    const [agent] = await withAgents(v, 'Zari');
    recordingApprovals(v, true);
    const ctx = v.server.boot.require();
    ctx.schedules.runtime = {
      lastProbe: () => ({ outcome: 'no_match', reason: null, atMs: 5 }),
      lastFiring: () => ({ dueMs: 6, atMs: 7 }),
      lastAcceptance: () => ({ outcome: 'no_match', reason: null, atMs: 8, attempt: 2, maxAttempts: 2 }),
    };
    await v.ok('create_schedule', { schedule: daily(agent!, { probe: PROBE }) });
    const [view] = await v.ok<ScheduleView[]>('list_schedules');
    expect(view).toMatchObject({
      lastProbe: { outcome: 'no_match', reason: null, atMs: 5 },
      lastFiring: { dueMs: 6, atMs: 7 },
      lastAcceptance: { outcome: 'no_match', attempt: 2, maxAttempts: 2 },
      probeApproved: true,
      // No acceptance: nothing to approve.
      acceptanceApproved: false,
    });
  });

  it('deleting an agent deletes the schedules that target it', async () => {
    const v = await open();
    const [a1, a2] = await withAgents(v, 'Zari', 'Jemmy');
    const { calls } = recordingApprovals(v);
    await v.ok('create_schedule', { schedule: daily(a1!) });
    const kept = await v.ok<ScheduleView>('create_schedule', { schedule: daily(a2!) });
    await v.ok('create_schedule', { schedule: daily(a1!, { message: 'second' }) });
    calls.splice(0);
    await v.ok('delete_agent', { agentId: a1 });
    expect((await v.ok<ScheduleView[]>('list_schedules')).map((s) => s.id)).toEqual([kept.id]);
    expect((await onDisk(v))!.map((s) => s.id)).toEqual([kept.id]);
    expect(calls).toEqual([{ call: 'prune', fileIds: [kept.id], detail: [kept.id] }]);
  });

  it('keeps schedules across a restart and drops one whose target is gone', async () => {
    const root = await makeTempRoot();
    const first = await startTestVillage({ root });
    await first.ready();
    const [agent] = await withAgents(first, 'Zari');
    const created = await first.ok<ScheduleView>('create_schedule', { schedule: daily(agent!) });
    await first.close();
    const disk = JSON.parse(await readFile(join(first.workspace, 'schedules.json'), 'utf8')) as unknown[];
    await writeFile(
      join(first.workspace, 'schedules.json'),
      JSON.stringify([...disk, { ...(disk[0] as object), id: 'orphan', to: 'agent_77' }]),
    );
    const second = await open(root);
    const listed = await second.ok<ScheduleView[]>('list_schedules');
    expect(listed.map((s) => s.id)).toEqual([created.id]);
  });

  it('refuses every change while schedules.json is not JSON, and leaves the file alone', async () => {
    const root = await makeTempRoot();
    const first = await startTestVillage({ root });
    await first.ready();
    const [agent] = await withAgents(first, 'Zari');
    await first.close();
    await writeFile(join(first.workspace, 'schedules.json'), '[{"id": "x",');
    const v = await open(root);
    const { calls } = recordingApprovals(v);
    expect(await v.ok('list_schedules')).toEqual([]);
    // The status bar says why the schedules are gone.
    const status = await v.ok<{ warnings: { code: string; message: string }[] }>('boot_status');
    expect(status.warnings).toEqual([
      { code: 'SCHEDULE_STORE_BLOCKED', message: expect.stringMatching(/schedules\.json is not valid JSON/) },
    ]);
    const refused = await v.call<{ code: string; detail: string }>('create_schedule', {
      schedule: daily(agent!, { probe: PROBE }),
    });
    expect([refused.status, refused.body.code]).toEqual([409, 'SCHEDULE_STORE_BLOCKED']);
    expect(refused.body.detail).toMatch(/not valid JSON/);
    expect(calls).toEqual([]);
    expect(await readFile(file(v), 'utf8')).toBe('[{"id": "x",');
    // The rest of the village still works, deleting agents included.
    await v.ok('delete_agent', { agentId: agent });
  });
});
