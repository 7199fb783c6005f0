/**
 * For the race tests: a real child process that swaps a folder (or a file) for a symbolic link in a
 * tight loop (rename the folder aside, put a link to `target` in its place, remove the link, rename
 * the folder back), the attack a checked-then-written path loses to.
 */
import { spawn } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The racer reports its count every this many swaps, by a blocking write to fd 1: a loop that never
 * yields would leave process.stdout's queued writes unsent, and a starved report would hang the test.
 * Each report carries the whole count, so one lost report loses nothing.
 */
const REPORT_EVERY = 4;

// Plain CommonJS for `node -e`. Every step tolerates the tool's own changes (the tool may create the
// folder while it is aside): an intruding folder is moved to `.extra-N` inside the work folder, so the
// real one always comes back, unless the code under test removed it while it was aside. It stops at the
// stop file, after `max` attempts or when its parent is gone (a test that timed out leaves no racer
// behind), never in mid-swap.
const RACER = `
const fs = require('fs');
const path = require('path');
const [dir, target, stopFile, countFile, maxText] = process.argv.slice(1);
const countFd = fs.openSync(countFile, 'w');
const aside = path.join(path.dirname(dir), '.aside-' + path.basename(dir));
const max = Number(maxText);
const parent = process.ppid;
let extra = 0;
const idle = new Int32Array(new SharedArrayBuffer(4));
let rounds = 0;
for (let attempt = 1; attempt <= max; attempt += 1) {
  if (attempt % ${REPORT_EVERY} === 0 && (fs.existsSync(stopFile) || process.ppid !== parent)) break;
  try { fs.renameSync(dir, aside); } catch {
    // Not there (removed by the code under test, not yet made again): wait a moment, not a spin.
    Atomics.wait(idle, 0, 0, 1);
    continue;
  }
  try { fs.symlinkSync(target, dir); } catch {}
  try { if (fs.lstatSync(dir).isSymbolicLink()) fs.unlinkSync(dir); } catch {}
  for (let tries = 0; ; tries += 1) {
    try { fs.renameSync(aside, dir); break; } catch (error) {
      // Removed while it was aside (the code under test deletes the tree): nothing to bring back.
      if (!fs.existsSync(aside)) break;
      if (tries > 1000) throw error;
    }
    try { fs.renameSync(dir, path.join(path.dirname(dir), '.extra-' + extra++)); } catch {}
  }
  rounds += 1;
  fs.writeSync(countFd, String(rounds).padStart(15), 0);
  if (rounds % ${REPORT_EVERY} === 0) try { fs.writeSync(1, rounds + '\\n'); } catch {}
}
`;

export interface SwapRacer {
  /** Waits until the racer has made `count` more swaps (or has ended): it is never starved. */
  swapsMore: (count: number) => Promise<void>;
  /**
   * The swaps made so far, read at once from a file the racer rewrites after each swap: synchronous
   * code can tell whether swaps happened while it ran (two more: one began and ended meanwhile).
   */
  swapsNow: () => number;
  /** Asks the racer to stop, waits for it, and returns how many swaps it made (as reported). */
  stop: () => Promise<number>;
}

/** Starts swapping `dir` for a link to `target`; resolves once the first swaps are done. */
export async function startSwapRacer(dir: string, target: string, max = 2_000_000): Promise<SwapRacer> {
  const stopFile = join(target, '..', `.stop-${process.pid}-${Date.now()}`);
  const countFile = `${stopFile}.count`;
  writeFileSync(countFile, '0');
  const child = spawn(process.execPath, ['-e', RACER, dir, target, stopFile, countFile, String(max)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let swaps = 0;
  let ended = false;
  const waiting: { at: number; resolve: () => void }[] = [];
  const wake = () => {
    for (const waiter of waiting.filter((w) => ended || swaps >= w.at)) {
      waiting.splice(waiting.indexOf(waiter), 1);
      waiter.resolve();
    }
  };
  let pending = '';
  child.stdout.on('data', (chunk: Buffer) => {
    const lines = (pending + chunk.toString()).split('\n');
    pending = lines.pop()!;
    if (lines.length > 0) swaps = Math.max(swaps, Number(lines.at(-1)));
    wake();
  });
  const exited = new Promise<number>((resolve, reject) => {
    child.on('error', reject);
    child.on('exit', (code) => {
      ended = true;
      wake();
      if (code !== 0) reject(new Error(`the swap racer exited with ${code}`));
      else resolve(swaps);
    });
  });
  // A failure to start is reported by `stop`; waiting here must not hang on it.
  exited.catch(() => undefined);
  const swapsMore = (count: number) =>
    new Promise<void>((resolve) => {
      waiting.push({ at: swaps + count, resolve });
      wake();
    });
  await swapsMore(1);
  return {
    swapsMore,
    swapsNow: () => Number(readFileSync(countFile, 'utf8').trim() || '0'),
    stop: async () => {
      writeFileSync(stopFile, '');
      try {
        return await exited;
      } finally {
        rmSync(stopFile, { force: true });
        rmSync(countFile, { force: true });
      }
    },
  };
}
