import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MemoryDiagLog } from '../../diag/log.ts';
import type { ScheduleProbe } from '../../domain/schedule.ts';
import { deleteScheduleThenPrune, saveScheduleWithApproval } from './approval-order.ts';
import { ProbeApprovals, probeApprovalsPath } from './approvals-store.ts';
import { FIXTURE_VILLAGE_ID, scheduleWith } from './schedule-fixture.ts';

const VILLAGE = FIXTURE_VILLAGE_ID;
const oldProbe: ScheduleProbe = {
  command: 'python',
  args: ['old.py'],
  expect: 'GO',
  timeoutSecs: 60,
  cwd: null,
};
const newProbe: ScheduleProbe = { ...oldProbe, args: ['new.py'] };

function task(probe: ScheduleProbe | null) {
  return scheduleWith('s1', { probe });
}

let root: string;
let approvals: ProbeApprovals;
let log: MemoryDiagLog;

beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'fuseforks-approval-order-'));
  approvals = new ProbeApprovals(probeApprovalsPath(root), VILLAGE);
  log = new MemoryDiagLog();
});

afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

describe('saveScheduleWithApproval', () => {
  it('approves before writing schedules.json, then prunes the command the edit replaced', async () => {
    await approvals.approve([oldProbe]);
    const seenAtWrite: boolean[] = [];
    await saveScheduleWithApproval(
      approvals,
      task(newProbe),
      async () => {
        seenAtWrite.push(await approvals.isApproved(newProbe), await approvals.isApproved(oldProbe));
        return [task(newProbe)];
      },
      log,
    );
    // At the write the new command was approved and the old one not yet pruned.
    expect(seenAtWrite).toEqual([true, true]);
    expect(await approvals.isApproved(newProbe)).toBe(true);
    expect(await approvals.isApproved(oldProbe)).toBe(false);
    expect(log.lines).toEqual(['schedule approvals: pruned=1']);
  });

  it('writes nothing when the approvals file is unreadable', async () => {
    await writeFile(probeApprovalsPath(root), 'not json', 'utf8');
    let wrote = false;
    const save = saveScheduleWithApproval(
      approvals,
      task(newProbe),
      async () => {
        wrote = true;
        return [];
      },
      log,
    );
    await expect(save).rejects.toMatchObject({ code: 'CONFIG_IO' });
    expect(wrote).toBe(false);
    expect(await readFile(probeApprovalsPath(root), 'utf8')).toBe('not json');
  });
});

describe('deleteScheduleThenPrune', () => {
  it('writes schedules.json first, then drops the approval nothing uses any more', async () => {
    await approvals.approve([oldProbe]);
    const seenAtWrite: boolean[] = [];
    await deleteScheduleThenPrune(
      approvals,
      async () => {
        seenAtWrite.push(await approvals.isApproved(oldProbe));
        return [];
      },
      log,
    );
    expect(seenAtWrite).toEqual([true]);
    expect(await approvals.isApproved(oldProbe)).toBe(false);
  });

  it('keeps the approval another schedule still uses', async () => {
    await approvals.approve([oldProbe]);
    await deleteScheduleThenPrune(approvals, async () => [{ ...task(oldProbe), id: 's2' }], log);
    expect(await approvals.isApproved(oldProbe)).toBe(true);
  });
});
