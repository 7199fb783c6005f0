import { spawn, type ChildProcess } from 'node:child_process';
import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readLockFile } from './lock-file.ts';
import { identityOf } from './process-identity.ts';
import { acquireWorkspaceLock, LOCK_FILE } from './workspace-lock.ts';

const CONTENDER = join(import.meta.dirname, '..', '..', 'test', 'helpers', 'lock-contender.ts');

let base: string;
let workspace: string;
beforeEach(() => {
  base = mkdtempSync(join(tmpdir(), 'fuseforks-lock-'));
  workspace = join(base, 'ws');
  mkdirSync(workspace);
});
afterEach(() => rmSync(base, { recursive: true, force: true }));

async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', '']);
  await new Promise((resolve) => child.once('exit', resolve));
  return child.pid!;
}

/** Puts `text` at the lock's name in one step, as a crashed server would have left it. */
function plant(name: string, text: string): void {
  const temp = join(workspace, `plant-${process.pid}`);
  writeFileSync(temp, text);
  renameSync(temp, join(workspace, name));
}

const staleLock = (pid: number, token: string) =>
  JSON.stringify({ ...identityOf(pid), token, url: 'http://127.0.0.1:1', startedAt: '' });

interface Contender {
  child: ChildProcess;
  /** Resolves with the first line (not yet taken) that starts with `prefix`. */
  line: (prefix: string) => Promise<string>;
}

function startContender(barrier: string): Contender {
  const child = spawn(process.execPath, ['--import', 'tsx', CONTENDER, workspace, barrier], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const lines: string[] = [];
  const waiting: { prefix: string; resolve: (line: string) => void }[] = [];
  const match = () => {
    for (const waiter of [...waiting]) {
      const index = lines.findIndex((line) => line.startsWith(waiter.prefix));
      if (index < 0) continue;
      waiting.splice(waiting.indexOf(waiter), 1);
      waiter.resolve(lines.splice(index, 1)[0]!);
    }
  };
  let pending = '';
  child.stdout!.on('data', (chunk: Buffer) => {
    const parts = (pending + chunk.toString()).split('\n');
    pending = parts.pop()!;
    lines.push(...parts);
    match();
  });
  return {
    child,
    line: (prefix) =>
      new Promise((resolve) => {
        waiting.push({ prefix, resolve });
        match();
      }),
  };
}

describe('taking over a stale lock', () => {
  it('keeps a live lock where it is: a takeover of the stale one it replaced finds it and refuses', async () => {
    plant(LOCK_FILE, staleLock(await deadPid(), 'stale'));
    const first = acquireWorkspaceLock(workspace);
    const ours = readFileSync(join(workspace, LOCK_FILE), 'utf8');
    expect(() => acquireWorkspaceLock(workspace)).toThrow(/another Fuseforks server is running/);
    expect(readFileSync(join(workspace, LOCK_FILE), 'utf8')).toBe(ours);
    first.release();
    expect(readdirSync(workspace)).toEqual([]);
  });

  it('takes over a claim left by a server killed mid-takeover, and sweeps it', async () => {
    const dead = await deadPid();
    plant(LOCK_FILE, staleLock(dead, 'stale'));
    const { key } = readLockFile(workspace, join(workspace, LOCK_FILE))!;
    plant(`.${LOCK_FILE}.claim-${key}`, staleLock(dead, 'dead-claimant'));
    plant(`.${LOCK_FILE}.claim-0123456789abcdef`, 'left by a crash, not a lock');
    const lock = acquireWorkspaceLock(workspace);
    expect(readdirSync(workspace)).toEqual([LOCK_FILE]);
    expect(JSON.parse(readFileSync(join(workspace, LOCK_FILE), 'utf8'))).toMatchObject({ pid: process.pid });
    lock.release();
  });

  it('waits for a live claim instead of replacing the lock under it', async () => {
    plant(LOCK_FILE, staleLock(await deadPid(), 'stale'));
    const { key } = readLockFile(workspace, join(workspace, LOCK_FILE))!;
    // A claim held by a live process (this one, under another token): a takeover under way.
    plant(`.${LOCK_FILE}.claim-${key}`, staleLock(process.pid, 'live-claimant'));
    expect(() => acquireWorkspaceLock(workspace)).toThrow(/kept changing/);
    expect(JSON.parse(readFileSync(join(workspace, LOCK_FILE), 'utf8'))).toMatchObject({ token: 'stale' });
  });

  /**
   * Issue 17 review: several servers start at once on a workspace whose lock a dead server left. The
   * old takeover (move the lock aside, read it back, put back what was not stale) could move the
   * winner's fresh lock aside while a third server linked its own: two servers ran. Each round plants
   * a stale lock (a dead pid's, garbage, or one with a dead claimant's claim) and releases all the
   * contenders at once: exactly one wins, the lock names it, no claim is left behind. The old takeover
   * let two win in about one round of 40.
   */
  it('lets exactly one of several servers starting together win', { timeout: 120_000 }, async () => {
    const CONTENDERS = 5;
    const ROUNDS = 90;
    const barrier = join(base, 'barrier');
    mkdirSync(barrier);
    const contenders = Array.from({ length: CONTENDERS }, () => startContender(barrier));
    const dead = await deadPid();
    try {
      for (let round = 0; round < ROUNDS; round += 1) {
        if (round % 3 === 1) plant(LOCK_FILE, 'garbage, not a lock');
        else plant(LOCK_FILE, staleLock(dead, `stale-${round}`));
        if (round % 3 === 2) {
          const { key } = readLockFile(workspace, join(workspace, LOCK_FILE))!;
          plant(`.${LOCK_FILE}.claim-${key}`, staleLock(dead, `claimant-${round}`));
        }
        for (const contender of contenders) contender.child.stdin!.write(`go ${round}\n`);
        await Promise.all(contenders.map((contender) => contender.line(`ready ${round}`)));
        writeFileSync(join(barrier, `go-${round}`), '');
        // Each one's next line: `won N` or `lost N {code}`.
        const results = await Promise.all(contenders.map((contender) => contender.line('')));
        const winners = contenders.filter((_, index) => results[index] === `won ${round}`);
        expect(winners, `round ${round}: ${results.join(', ')}`).toHaveLength(1);
        for (const result of results.filter((line) => !line.startsWith('won'))) {
          expect(result).toMatch(new RegExp(`^lost ${round} (ALREADY_RUNNING|CONFIG_IO)$`));
        }
        const lock = JSON.parse(readFileSync(join(workspace, LOCK_FILE), 'utf8')) as { pid: number };
        expect(lock.pid).toBe(winners[0]!.child.pid);
        expect(readdirSync(workspace).sort()).toEqual([LOCK_FILE]);
      }
    } finally {
      for (const contender of contenders) contender.child.kill('SIGKILL');
    }
  });
});
