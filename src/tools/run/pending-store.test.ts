import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MemoryDiagLog } from '../../diag/log.ts';
import { writeConfigFile } from '../../world/config-files.ts';
import type { VillagePaths } from '../../world/paths.ts';
import { toolSandbox, type ToolSandbox } from '../test-kit.ts';
import { notePending, sweepPending } from './pending-store.ts';
import { entry, POSIX, runJsonFixture, type RunJsonFixture } from './run-json-fixture.ts';

let box: ToolSandbox;
let paths: VillagePaths;
let log: MemoryDiagLog;
let runJson: RunJsonFixture;

const note = (command: string, args: string[], nowMs: number, agentId = 'alice') =>
  notePending(paths, agentId, { command, args }, nowMs, log, POSIX);

beforeEach(() => {
  box = toolSandbox();
  paths = box.ctx().paths;
  log = new MemoryDiagLog();
  runJson = runJsonFixture(paths);
});
afterEach(() => box.cleanup());

describe('notePending', () => {
  it('creates run.json when missing and queues the call', async () => {
    expect(await note('ruff', ['check'], 1000)).toEqual({ outcome: 'queued', count: 1, pendingTotal: 1 });
    expect(runJson.read()).toEqual({
      version: 1,
      allow: [],
      deny: [],
      pending: [entry('ruff', ['check'], 1000)],
      timeoutSecs: 60,
    });
  });

  it('merges an identical call by count, keeping firstRequestedAtMs', async () => {
    await note('ruff', ['check'], 1000);
    await note('ruff', ['check', '.'], 1500);
    expect(await note('ruff', ['check'], 2000)).toMatchObject({
      outcome: 'queued',
      count: 2,
      pendingTotal: 2,
    });
    expect(await note('RUFF', ['check'], 3000)).toMatchObject({ count: 3 });
    expect(runJson.read().pending).toEqual([
      entry('ruff', ['check'], 1000, 3),
      entry('ruff', ['check', '.'], 1500),
    ]);
  });

  it('keeps the person’s allow, deny, timeout and unknown fields', async () => {
    runJson.write({ note: 'hand written', allow: ['git log *'], deny: ['rm *'], timeoutSecs: 300 });
    await note('cargo', ['test'], 1000);
    expect(runJson.read()).toEqual({
      note: 'hand written',
      allow: ['git log *'],
      deny: ['rm *'],
      timeoutSecs: 300,
      pending: [entry('cargo', ['test'], 1000)],
    });
  });

  it('holds at most 20 entries and pushes out the oldest firstRequestedAtMs', async () => {
    const pending = Array.from({ length: 20 }, (_, i) => entry('cmd', [`a${i}`], 5000 + i));
    // the oldest sits in the middle of the list, not at the front
    pending[7] = entry('cmd', ['a7'], 10);
    runJson.write({ allow: [], pending });
    expect(await note('cmd', ['a3'], 9000)).toMatchObject({ outcome: 'queued', count: 2, pendingTotal: 20 });
    expect(runJson.read().pending).toHaveLength(20);
    expect(await note('new', [], 9000)).toMatchObject({ outcome: 'queued', count: 1, pendingTotal: 20 });
    const after = runJson.read().pending;
    expect(after).toHaveLength(20);
    expect(after.some((e) => e.args[0] === 'a7')).toBe(false);
    expect(after.at(-1)).toEqual(entry('new', [], 9000));
    expect(await note('newer', [], 9500)).toMatchObject({ pendingTotal: 20 });
    expect(runJson.read().pending.some((e) => e.args[0] === 'a0')).toBe(false);
  });

  it('never pushes out the request being noted, even with an older clock', async () => {
    runJson.write({ pending: Array.from({ length: 20 }, (_, i) => entry('cmd', [`a${i}`], 5000 + i)) });
    expect(await note('late', [], 1)).toMatchObject({ outcome: 'queued', pendingTotal: 20 });
    const after = runJson.read().pending;
    expect(after.some((e) => e.command === 'late')).toBe(true);
    expect(after.some((e) => e.args[0] === 'a0')).toBe(false);
  });

  it('leaves a broken run.json byte for byte and queues nothing', async () => {
    for (const text of [
      '{ "allow": ["git *"], ',
      '{ "allow": "git *" }',
      '{ "pending": [{ "command": 1 }] }',
    ]) {
      runJson.write(text);
      expect(await note('ruff', [], 1000)).toMatchObject({ outcome: 'broken' });
      expect(runJson.text()).toBe(text);
    }
  });

  it('queues nothing for a call that is no longer pending', async () => {
    const text = runJson.write({ allow: ['ruff *'], deny: ['rm *'], pending: [] });
    expect(await note('ruff', ['check'], 1000)).toEqual({ outcome: 'not_pending' });
    expect(await note('rm', ['-rf', 'x'], 1000)).toEqual({ outcome: 'not_pending' });
    expect(runJson.text()).toBe(text);
  });

  it('drops entries decide no longer calls pending (the list heals itself)', async () => {
    runJson.write({
      allow: ['git *'],
      deny: ['rm *'],
      pending: [entry('git', ['status'], 1), entry('ruff', ['check'], 2), entry('rm', ['x'], 3)],
    });
    await note('cargo', [], 10);
    expect(runJson.read().pending).toEqual([entry('ruff', ['check'], 2), entry('cargo', [], 10)]);
  });

  it('loses no entry when many calls are noted at once', async () => {
    const calls = [
      ...Array.from({ length: 15 }, (_, i) => note('cmd', [`n${i}`], 1000 + i)),
      ...Array.from({ length: 5 }, () => note('same', ['x'], 2000)),
    ];
    await Promise.all(calls);
    const pending = runJson.read().pending;
    expect(pending).toHaveLength(16);
    expect(pending.find((e) => e.command === 'same')?.count).toBe(5);
  });

  it('interleaves with a person’s save without losing either', async () => {
    await note('first', [], 1);
    await Promise.all([
      note('second', [], 2),
      writeConfigFile(paths, 'alice', 'run', JSON.stringify({ allow: ['git *'], deny: ['rm *'] })),
      note('third', [], 3),
    ]);
    const after = runJson.read();
    expect(after.allow).toEqual(['git *']);
    expect(after.deny).toEqual(['rm *']);
    expect(after.pending.map((e) => e.command).sort()).toEqual(['first', 'second', 'third']);
  });
});

describe('sweepPending', () => {
  it('drops covered entries and writes nothing when nothing is stale', async () => {
    const compact = JSON.stringify({ allow: ['git *'], pending: [entry('ruff', [], 1)] });
    runJson.write(compact);
    expect(await sweepPending(paths, 'alice', log, POSIX)).toBe(0);
    expect(runJson.text()).toBe(compact);
    runJson.write({ allow: ['git *'], pending: [entry('git', ['log'], 1), entry('ruff', [], 2)] });
    expect(await sweepPending(paths, 'alice', log, POSIX)).toBe(1);
    expect(runJson.read().pending).toEqual([entry('ruff', [], 2)]);
  });
});
