import {
  existsSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { startSwapRacer } from '../../test/helpers/swap-racer.ts';
import { thrownCoreError } from '../../test/helpers/core-error.ts';
import { descriptorPaths, PinnedFolder } from './pinned-folder.ts';
import { tempWorkspace } from './test-kit.ts';
import { removeWorkspaceEntry, writeWorkspaceFileAtomic } from './workspace-write.ts';

let base: string;
let ws: string;
let outside: string;
let cleanup: () => void;

beforeEach(() => {
  ({ base, ws, outside, cleanup } = tempWorkspace('fuseforks-wsrm-'));
});
afterEach(() => cleanup());

const unix = process.platform !== 'win32';

/** `count` files f0… in `dir`, each holding `text`. */
function fill(dir: string, count: number, text: string): void {
  mkdirSync(dir, { recursive: true });
  for (let i = 0; i < count; i += 1) writeFileSync(join(dir, `f${i}`), text);
}

const modes = [
  ['descriptor paths', true],
  ['dev/ino fallback', false],
] as const;

describe.each(modes)('removeWorkspaceEntry (%s)', (_name, procFd) => {
  const saved = descriptorPaths.enabled;
  beforeAll(() => {
    descriptorPaths.enabled = procFd && saved;
  });
  afterAll(() => {
    descriptorPaths.enabled = saved;
  });

  it('removes a folder tree, files, and nothing when the entry is missing', () => {
    fill(join(ws, 'agents', 'a', 'deep', 'er'), 3, 'x');
    fill(join(ws, 'agents', 'a'), 2, 'y');
    removeWorkspaceEntry(ws, join(ws, 'agents', 'a'), true);
    expect(readdirSync(join(ws, 'agents'))).toEqual([]);
    writeFileSync(join(ws, 'agents', 'f'), 'z');
    removeWorkspaceEntry(ws, join(ws, 'agents', 'f'));
    expect(readdirSync(join(ws, 'agents'))).toEqual([]);
    removeWorkspaceEntry(ws, join(ws, 'agents', 'gone'), true);
    removeWorkspaceEntry(ws, join(ws, 'missing', 'gone'), true);
    removeWorkspaceEntry(join(base, 'no-workspace'), join(base, 'no-workspace', 'x'));
  });

  it.skipIf(!unix)('removes links inside the tree as links, never what they point to', () => {
    fill(join(outside, 'kept'), 2, 'precious');
    fill(join(ws, 'agents', 'a'), 1, 'x');
    symlinkSync(join(outside, 'kept'), join(ws, 'agents', 'a', 'to-folder'));
    symlinkSync(join(outside, 'kept', 'f0'), join(ws, 'agents', 'a', 'to-file'));
    removeWorkspaceEntry(ws, join(ws, 'agents', 'a'), true);
    expect(existsSync(join(ws, 'agents', 'a'))).toBe(false);
    expect(readdirSync(join(outside, 'kept')).sort()).toEqual(['f0', 'f1']);
  });

  it.skipIf(!unix)('refuses a linked folder on the way, naming it, and removes nothing through it', () => {
    fill(join(outside, 'agent_1'), 1, 'keep');
    symlinkSync(outside, join(ws, 'agents'));
    for (const recursive of [true, false]) {
      const error = thrownCoreError(() => removeWorkspaceEntry(ws, join(ws, 'agents', 'agent_1'), recursive));
      expect(error).toMatchObject({ code: 'CONFIG_IO', detail: 'agents' });
    }
    expect(
      thrownCoreError(() => removeWorkspaceEntry(ws, join(ws, 'agents', 'agent_1', 'f0'))),
    ).toMatchObject({
      code: 'CONFIG_IO',
      detail: 'agents',
    });
    expect(readFileSync(join(outside, 'agent_1', 'f0'), 'utf8')).toBe('keep');
  });

  it('refuses a folder without `recursive`, and a path outside the workspace', () => {
    fill(join(ws, 'user', 'd'), 1, 'x');
    expect(thrownCoreError(() => removeWorkspaceEntry(ws, join(ws, 'user', 'd')))).toMatchObject({
      code: 'CONFIG_IO',
      detail: 'user/d',
    });
    expect(thrownCoreError(() => removeWorkspaceEntry(ws, join(outside, 'x'), true))).toMatchObject({
      code: 'CONFIG_IO',
    });
    expect(existsSync(join(ws, 'user', 'd', 'f0'))).toBe(true);
  });
});

/**
 * Issue 17 review: another process swaps a sub-folder of an agent's folder for a link to a victim
 * folder holding files of the same names, as fast as it can, while the agent's folder is removed
 * (deleteAgent; createAgent with a reused id). The removal by path (rmSync after one check of the
 * parents) deleted victim files in 8 of 8 runs of this test; through pinned folders every victim file
 * survives, whatever the timing.
 *
 * A round counts only when the racer made RACED_SWAPS more swaps while the (synchronous) removal ran,
 * so whole swaps happened inside it: counted in swaps, never in time, and a loaded machine that starves
 * the racer only makes the test run more rounds (up to MAX_ROUNDS).
 */
const RACED_ROUNDS = 20;
const RACED_SWAPS = 4;
const MAX_ROUNDS = 400;
/** Each removal starts after this many more swaps: the racer is running when it starts. */
const SWAPS_PER_ROUND = 4;
const FILES = 300;

describe('a file that became a folder between the look and the removal', () => {
  it('is refused, not removed as a tree, when only a file was to go', () => {
    fill(join(ws, 'agents', 'a', 'icon.webp'), 2, 'kept');
    const real = PinnedFolder.prototype.lstat;
    // The look saw a file (as if the folder appeared right after it); the folder is there at unlink.
    const spy = vi.spyOn(PinnedFolder.prototype, 'lstat').mockImplementation(function (
      this: PinnedFolder,
      name,
    ) {
      const info = real.call(this, name);
      return name === 'icon.webp' && info !== null ? lstatSync(join(ws, 'agents', 'a', 'f0')) : info;
    });
    try {
      fill(join(ws, 'agents', 'a'), 1, 'plain');
      const error = thrownCoreError(() => removeWorkspaceEntry(ws, join(ws, 'agents', 'a', 'icon.webp')));
      expect(error).toMatchObject({ code: 'CONFIG_IO' });
      expect(error.message).toContain('it is a folder');
    } finally {
      spy.mockRestore();
    }
    expect(readdirSync(join(ws, 'agents', 'a', 'icon.webp')).sort()).toEqual(['f0', 'f1']);
  });
});

describe.runIf(descriptorPaths.enabled)('a sub-folder swapped for a link while a tree is removed', () => {
  it('never removes anything the link points to', { timeout: 120_000 }, async () => {
    const victim = join(base, 'victim');
    fill(victim, FILES, 'precious');
    const agents = join(ws, 'agents');
    const agent = join(agents, 'foo');
    mkdirSync(agents);
    // Built aside and moved in whole: the racer must never see a half-made folder to write through.
    const build = (round: number) => {
      const made = join(agents, `.build-${round}`);
      fill(join(made, 'sub'), FILES, 'x');
      fill(join(made, 'other'), 20, 'y');
      renameSync(made, agent);
    };
    build(0);
    const racer = await startSwapRacer(join(agent, 'sub'), victim, 1e9);
    let raced = 0;
    const failures: unknown[] = [];
    try {
      for (let round = 0; raced < RACED_ROUNDS && round < MAX_ROUNDS; round += 1) {
        if (round > 0) build(round);
        await racer.swapsMore(SWAPS_PER_ROUND);
        const before = racer.swapsNow();
        try {
          removeWorkspaceEntry(ws, agent, true);
        } catch (error) {
          failures.push(error);
        }
        if (racer.swapsNow() - before >= RACED_SWAPS) raced += 1;
        expect(readdirSync(victim)).toHaveLength(FILES);
        // What a removal that gave up left is moved away whole (an rm by path here would be the very
        // removal the racer attacks), and removed with the rest once the racer is gone.
        if (existsSync(agent)) renameSync(agent, join(agents, `.left-${round}`));
      }
    } finally {
      await racer.stop();
    }
    expect(raced).toBe(RACED_ROUNDS);
    for (let i = 0; i < FILES; i += 1) expect(readFileSync(join(victim, `f${i}`), 'utf8')).toBe('precious');
    // A removal the racer kept refilling may give up; it says so, and never as a crash.
    for (const failure of failures)
      expect(['ENOTEMPTY', 'ENOTDIR', 'EISDIR']).toContain(errorCodeOf(failure));
    expect(lstatSync(victim).isDirectory()).toBe(true);
  });
});

function errorCodeOf(error: unknown): unknown {
  return (error as { code?: unknown }).code;
}

/**
 * The same attack on the removal of single files (an icon, a config file): the folder holding them is
 * swapped for a link to a victim folder with files of the same names. Each file is written through the
 * workspace helper (which refuses the link) and removed again; no victim file is ever removed. The
 * window the old removal left here (between its last check and the unlink by path) is two system calls
 * wide and is not hit by chance: pinned-folder.test.ts swaps the folder exactly there.
 */
describe.runIf(descriptorPaths.enabled)('a folder swapped for a link while files in it are removed', () => {
  it('never removes a file of the folder the link points to', { timeout: 120_000 }, async () => {
    const victim = join(base, 'victim');
    fill(victim, 10, 'precious');
    const folder = join(ws, 'agents', 'a');
    fill(folder, 10, 'x');
    const racer = await startSwapRacer(folder, victim, 1e9);
    try {
      for (let round = 0; round < 100; round += 1) {
        await racer.swapsMore(1);
        for (let i = 0; i < 10; i += 1) {
          const file = join(folder, `f${i}`);
          try {
            await writeWorkspaceFileAtomic(ws, file, 'x');
            removeWorkspaceEntry(ws, file);
          } catch (error) {
            // The folder was a link, or aside, at that moment: refused or missing, nothing else.
            expect(['CONFIG_IO', 'ENOENT']).toContain(errorCodeOf(error));
          }
        }
      }
    } finally {
      await racer.stop();
    }
    expect(readdirSync(victim)).toHaveLength(10);
    for (let i = 0; i < 10; i += 1) expect(readFileSync(join(victim, `f${i}`), 'utf8')).toBe('precious');
  });
});
