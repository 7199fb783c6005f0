/**
 * The model's reason on a pending entry (issue 22, past the ledger's pending shape) and where one
 * request stands now for its chat row.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MemoryDiagLog } from '../../diag/log.ts';
import type { VillagePaths } from '../../world/paths.ts';
import { toolSandbox, type ToolSandbox } from '../test-kit.ts';
import { approveCommand, listPending, notePending, rejectCommand, requestState } from './pending-store.ts';
import { entry, POSIX, runJsonFixture, type RunJsonFixture } from './run-json-fixture.ts';

let box: ToolSandbox;
let paths: VillagePaths;
let log: MemoryDiagLog;
let runJson: RunJsonFixture;

const note = (command: string, args: string[], reason: string | null, nowMs = 1000) =>
  notePending(paths, 'alice', { command, args, reason }, nowMs, log, POSIX);
const listed = async () => (await listPending(paths, ['alice'], POSIX)).agents[0]!.entries;
const state = async (command: string, args: string[]) =>
  (await requestState(paths, 'alice', command, args, POSIX)).state;

beforeEach(() => {
  box = toolSandbox();
  paths = box.ctx().paths;
  log = new MemoryDiagLog();
  runJson = runJsonFixture(paths);
});
afterEach(() => box.cleanup());

describe('the reason of a pending entry', () => {
  it('is kept with the entry; the latest non-empty reason of a repeat wins', async () => {
    await note('git', ['log'], 'see the last commits');
    expect(runJson.read().pending).toEqual([
      { ...entry('git', ['log'], 1000), reason: 'see the last commits' },
    ]);
    await note('git', ['log'], null, 2000);
    await note('git', ['log'], '   ', 3000);
    expect(runJson.read().pending[0]).toMatchObject({ count: 3, reason: 'see the last commits' });
    await note('git', ['log'], 'check who changed it', 4000);
    expect(runJson.read().pending[0]).toMatchObject({ count: 4, reason: 'check who changed it' });
    expect((await listed())[0]).toMatchObject({ reason: 'check who changed it', exactPattern: 'git log' });
  });

  it('is absent when the model wrote none, and never reaches the log', async () => {
    await note('ruff', [], null);
    expect(runJson.read().pending[0]).not.toHaveProperty('reason');
    await note('cargo', ['test'], 'secret plan words');
    expect(log.lines.join('\n')).not.toContain('secret plan words');
  });

  it('reads a run.json written before the field, and keeps its entries on the next write', async () => {
    runJson.write({ allow: [], pending: [entry('make', [], 5)] });
    expect(await listed()).toEqual([expect.objectContaining({ command: 'make', count: 1 })]);
    expect((await listed())[0]).not.toHaveProperty('reason');
    await note('make', [], 'build it once', 6);
    expect(runJson.read().pending).toEqual([{ ...entry('make', [], 5, 2), reason: 'build it once' }]);
  });

  it('a hand-written reason that is not text is dropped; a long one is cut to 60', async () => {
    runJson.write({
      pending: [
        { ...entry('a', [], 1), reason: 42 },
        { ...entry('b', [], 2), reason: 'x'.repeat(200) },
      ],
    });
    const [a, b] = await listed();
    expect(a).not.toHaveProperty('reason');
    expect([...b!.reason!]).toHaveLength(60);
    expect(b!.reason!.endsWith('…')).toBe(true);
  });
});

describe('requestState', () => {
  it('follows one request from pending to allowed, denied or gone', async () => {
    expect(await state('git', ['log'])).toBe('gone');
    await note('git', ['log'], null);
    await note('rm', ['x'], null);
    await note('ls', [], null);
    expect(await state('git', ['log'])).toBe('pending');
    expect(await state('GIT', ['log'])).toBe('pending');
    expect(await requestState(paths, 'alice', 'git', ['log'], POSIX)).toEqual({
      state: 'pending',
      entry: expect.objectContaining({ command: 'git', exactPattern: 'git log', openPattern: 'git log *' }),
    });
    expect((await requestState(paths, 'alice', 'rm', ['x'], POSIX)).entry).not.toHaveProperty('reason');
    await approveCommand(paths, 'alice', 'git', ['log'], false, log, POSIX);
    expect(await state('git', ['log'])).toBe('allowed');
    await rejectCommand(paths, 'alice', 'rm', ['x'], log, POSIX);
    expect(await state('rm', ['x'])).toBe('denied');
    runJson.write({ ...runJson.read(), pending: [] });
    expect(await state('ls', [])).toBe('gone');
  });

  it('says broken for a run.json that does not parse', async () => {
    runJson.write('{ "allow": ');
    expect(await state('git', ['log'])).toBe('broken');
  });
});
