import { chmod, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CoreError } from '../../domain/errors.ts';
import type { ScheduleProbe } from '../../domain/schedule.ts';
import { approvalKey } from './approval-key.ts';
import { ProbeApprovals, probeApprovalsPath } from './approvals-store.ts';
import { FIXTURE_VILLAGE_ID, scheduleWith } from './schedule-fixture.ts';

const VILLAGE = FIXTURE_VILLAGE_ID;
const OTHER_VILLAGE = '9b2c3d4e-1111-4222-8333-444455556666';

const probe = { command: 'python', args: ['check.py'], expect: 'CHANGED', timeoutSecs: 60, cwd: null };
const acceptance = {
  command: 'npm',
  args: ['test'],
  expect: 'ok',
  timeoutSecs: 60,
  cwd: null,
  maxAttempts: 2,
};

let appData: string;
let path: string;

beforeEach(async () => {
  appData = await mkdtemp(join(tmpdir(), 'fuseforks-approvals-'));
  path = probeApprovalsPath(appData);
});

afterEach(async () => {
  await rm(appData, { recursive: true, force: true });
});

describe('ProbeApprovals', () => {
  it('knows nothing when there is no file', async () => {
    expect(await new ProbeApprovals(path, VILLAGE).isApproved(probe)).toBe(false);
  });

  it('writes exactly {"hashes": [...]} with mode 0600 and approves the probe and acceptance', async () => {
    const store = new ProbeApprovals(path, VILLAGE);
    await store.approveSchedule(scheduleWith('s1', { probe, acceptance }));
    const written = JSON.parse(await readFile(path, 'utf8')) as unknown;
    expect(written).toEqual({ hashes: [approvalKey(probe, VILLAGE), approvalKey(acceptance, VILLAGE)] });
    if (process.platform !== 'win32') expect((await stat(path)).mode & 0o777).toBe(0o600);
    expect(await store.isApproved(probe)).toBe(true);
    expect(await store.isApproved(acceptance)).toBe(true);
    expect(await readFile(path, 'utf8')).not.toContain('python');
  });

  it('is bound to the village id: another village sees nothing approved', async () => {
    await new ProbeApprovals(path, VILLAGE).approve([probe]);
    expect(await new ProbeApprovals(path, OTHER_VILLAGE).isApproved(probe)).toBe(false);
  });

  it('keeps one hash for the same command with another expect, and does not rewrite for it', async () => {
    const store = new ProbeApprovals(path, VILLAGE);
    await store.approve([probe]);
    const before = await readFile(path, 'utf8');
    const sameCommand: ScheduleProbe = { ...probe, expect: 'OTHER' };
    await store.approve([sameCommand]);
    expect(await readFile(path, 'utf8')).toBe(before);
  });

  it.each([
    ['bad JSON', '{"hashes": ['],
    ['another field', `{"hashes": [], "note": 1}`],
    ['a short hash', '{"hashes": ["abc"]}'],
    ['an array', '[]'],
  ])('reads an unreadable file (%s) as empty and never rewrites it', async (_what, text) => {
    // A valid hash of the probe inside an otherwise broken file still counts for nothing.
    const content = text.replace('"abc"', `"abc", "${approvalKey(probe, VILLAGE)}"`);
    await writeFile(path, content, 'utf8');
    const store = new ProbeApprovals(path, VILLAGE);
    expect(await store.isApproved(probe)).toBe(false);
    await expect(store.approve([probe])).rejects.toMatchObject({ code: 'CONFIG_IO' });
    await expect(store.approve([probe])).rejects.toBeInstanceOf(CoreError);
    expect(await store.pruneTo([])).toBe(0);
    expect(await readFile(path, 'utf8')).toBe(content);
  });

  it('reads a file it may not open as empty', async () => {
    if (process.platform === 'win32' || process.getuid?.() === 0) return;
    await new ProbeApprovals(path, VILLAGE).approve([probe]);
    await chmod(path, 0o000);
    expect(await new ProbeApprovals(path, VILLAGE).isApproved(probe)).toBe(false);
  });

  it('forgets everything when the file is deleted (the remedy the ledger names)', async () => {
    const store = new ProbeApprovals(path, VILLAGE);
    await store.approve([probe]);
    await rm(path);
    expect(await store.isApproved(probe)).toBe(false);
  });

  it('prunes approvals no probe or acceptance of the current schedules uses', async () => {
    const store = new ProbeApprovals(path, VILLAGE);
    const other = { ...probe, args: ['other.py'] };
    await store.approve([probe, acceptance, other]);
    const kept = [scheduleWith('s1', { probe: null, acceptance }), scheduleWith('s2', { probe })];
    expect(await store.pruneTo(kept)).toBe(1);
    expect(await store.isApproved(other)).toBe(false);
    expect(await store.isApproved(probe)).toBe(true);
    expect(await store.isApproved(acceptance)).toBe(true);
  });

  it('leaves the file byte-identical when pruning drops nothing', async () => {
    const store = new ProbeApprovals(path, VILLAGE);
    await store.approve([probe]);
    const before = await stat(path);
    expect(await store.pruneTo([scheduleWith('s1', { probe })])).toBe(0);
    expect((await stat(path)).ino).toBe(before.ino);
  });

  it('drops everything when no schedule is left', async () => {
    const store = new ProbeApprovals(path, VILLAGE);
    await store.approve([probe]);
    await store.pruneTo([]);
    expect(JSON.parse(await readFile(path, 'utf8'))).toEqual({ hashes: [] });
  });

  it('does not lose a hash when two saves run at once', async () => {
    const store = new ProbeApprovals(path, VILLAGE);
    const a = { ...probe, args: ['a'] };
    const b = { ...probe, args: ['b'] };
    await Promise.all([store.approve([a]), store.approve([b])]);
    expect(await store.isApproved(a)).toBe(true);
    expect(await store.isApproved(b)).toBe(true);
  });
});
