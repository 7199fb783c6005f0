import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MemoryDiagLog } from '../../diag/log.ts';
import { writeConfigFile } from '../../world/config-files.ts';
import type { VillagePaths } from '../../world/paths.ts';
import { toolSandbox, type ToolSandbox } from '../test-kit.ts';
import { approveCommand, listPending, notePending, rejectCommand } from './pending-store.ts';
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

describe('approveCommand', () => {
  beforeEach(() => {
    runJson.write({
      allow: [],
      deny: ['git push *'],
      pending: [
        entry('git', ['log', '--oneline', '-5'], 1),
        entry('git', ['log', '-p'], 2),
        entry('ruff', [], 3),
        entry('python', ['-c', 'print(1); print(2)'], 4),
      ],
    });
  });
  const approve = (command: string, args: string[], open: boolean) =>
    approveCommand(paths, 'alice', command, args, open, log, POSIX);

  it('adds the exact pattern to allow and removes only that entry', async () => {
    expect(await approve('git', ['log', '--oneline', '-5'], false)).toEqual({
      outcome: 'approved',
      pattern: 'git log --oneline -5',
      firstAllow: true,
      pendingLeft: 3,
    });
    const after = runJson.read();
    expect(after.allow).toEqual(['git log --oneline -5']);
    expect(after.deny).toEqual(['git push *']);
    expect(after.pending.map((e) => e.args.join(' '))).toEqual(['log -p', '', '-c print(1); print(2)']);
  });

  it('adds the open pattern and sweeps the entries it now covers', async () => {
    expect(await approve('git', ['log', '-p'], true)).toMatchObject({
      outcome: 'approved',
      pattern: 'git log *',
      pendingLeft: 2,
    });
    const after = runJson.read();
    expect(after.allow).toEqual(['git log *']);
    expect(after.pending.map((e) => e.command)).toEqual(['ruff', 'python']);
    expect(await approve('ruff', [], true)).toMatchObject({ pattern: 'ruff *', firstAllow: false });
  });

  it('says not_found for a call that is not pending, and changes nothing', async () => {
    const before = runJson.text();
    expect(await approve('git', ['log'], false)).toEqual({ outcome: 'not_found' });
    expect(await approve('cargo', [], true)).toEqual({ outcome: 'not_found' });
    expect(runJson.text()).toBe(before);
  });

  it('says not_found for an entry a deny now covers (and drops it)', async () => {
    runJson.write({ allow: [], deny: ['ruff'], pending: [entry('ruff', [], 3), entry('cargo', [], 4)] });
    expect(await approve('ruff', [], false)).toEqual({ outcome: 'not_found' });
    const after = runJson.read();
    expect(after.allow).toEqual([]);
    expect(after.pending).toEqual([entry('cargo', [], 4)]);
  });

  it('refuses an exact pattern that could not match the entry, and allows the open one', async () => {
    const before = runJson.text();
    expect(await approve('python', ['-c', 'print(1); print(2)'], false)).toEqual({
      outcome: 'inexpressible',
    });
    expect(runJson.text()).toBe(before);
    expect(await approve('python', ['-c', 'print(1); print(2)'], true)).toMatchObject({
      outcome: 'approved',
      pattern: 'python -c *',
    });
  });

  it('lets a deny the person saved meanwhile win: the approval finds nothing', async () => {
    runJson.write({ allow: ['other'], pending: [entry('ruff', ['a'], 1)] });
    await writeConfigFile(paths, 'alice', 'run', JSON.stringify({ allow: ['other'], deny: ['ruff a'] }));
    expect(await approve('ruff', ['a'], false)).toEqual({ outcome: 'not_found' });
    expect(runJson.read().allow).toEqual(['other']);
  });

  it('refuses a broken file without touching it', async () => {
    const text = runJson.write('{ "pending": [ ');
    await expect(approve('ruff', [], false)).rejects.toMatchObject({ code: 'SERDE_FAILED' });
    expect(runJson.text()).toBe(text);
  });
});

describe('rejectCommand', () => {
  it('adds the exact pattern to deny and removes the entry; the call is not queued again', async () => {
    runJson.write({
      allow: ['ruff *'],
      pending: [entry('git', ['push', '--force'], 1), entry('cargo', [], 2)],
    });
    expect(await rejectCommand(paths, 'alice', 'git', ['push', '--force'], log, POSIX)).toEqual({
      outcome: 'rejected',
      pattern: 'git push --force',
      pendingLeft: 1,
    });
    const after = runJson.read();
    expect(after.deny).toEqual(['git push --force']);
    expect(after.allow).toEqual(['ruff *']);
    expect(after.pending).toEqual([entry('cargo', [], 2)]);
    expect(await note('git', ['push', '--force'], 5)).toEqual({ outcome: 'not_pending' });
  });

  it('says not_found, and inexpressible for an entry no exact pattern matches', async () => {
    runJson.write({ pending: [entry('echo', ['a b'], 1)] });
    const before = runJson.text();
    expect(await rejectCommand(paths, 'alice', 'cargo', [], log, POSIX)).toEqual({ outcome: 'not_found' });
    expect(await rejectCommand(paths, 'alice', 'echo', ['a b'], log, POSIX)).toEqual({
      outcome: 'inexpressible',
    });
    expect(runJson.text()).toBe(before);
  });
});

describe('listPending', () => {
  it('lists per agent with both candidate patterns, skips stale entries and reports broken files', async () => {
    runJson.write(
      {
        allow: ['git status'],
        pending: [entry('ruff', ['check'], 20, 3), entry('git', ['status'], 5), entry('echo', ['a b'], 10)],
      },
      'alice',
    );
    runJson.write('{ nope', 'bob');
    const listing = await listPending(paths, ['alice', 'bob', 'carol'], POSIX);
    expect(listing.total).toBe(2);
    expect(listing.agents).toEqual([
      {
        agentId: 'alice',
        problem: null,
        entries: [
          { ...entry('echo', ['a b'], 10), exactPattern: null, openPattern: null },
          { ...entry('ruff', ['check'], 20, 3), exactPattern: 'ruff check', openPattern: 'ruff check *' },
        ],
      },
      { agentId: 'bob', problem: expect.stringContaining('not valid JSON') as unknown, entries: [] },
      { agentId: 'carol', problem: null, entries: [] },
    ]);
    expect(runJson.text('bob')).toBe('{ nope');
  });
});
