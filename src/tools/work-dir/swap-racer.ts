/**
 * For the race tests: a real child process that swaps a folder of the work folder for a symbolic link
 * in a tight loop (rename the folder aside, put a link to `target` in its place, remove the link, rename
 * the folder back), the attack a checked-then-written path loses to.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

// Plain CommonJS for `node -e`. Every step tolerates the tool's own changes (the tool may create the
// folder while it is aside): an intruding folder is moved to `.extra-N` inside the work folder, so the
// real one always comes back. It stops at the stop file, after `max` rounds or when its parent is gone
// (a test that timed out leaves no racer behind), never in mid-swap.
const RACER = `
const fs = require('fs');
const path = require('path');
const [dir, target, stopFile, maxText] = process.argv.slice(1);
const aside = path.join(path.dirname(dir), '.aside-' + path.basename(dir));
const max = Number(maxText);
const parent = process.ppid;
process.stdout.on('error', () => {});
let extra = 0;
let rounds = 0;
for (; rounds < max; rounds += 1) {
  try { fs.renameSync(dir, aside); } catch { continue; }
  try { fs.symlinkSync(target, dir); } catch {}
  try { if (fs.lstatSync(dir).isSymbolicLink()) fs.unlinkSync(dir); } catch {}
  for (let tries = 0; ; tries += 1) {
    try { fs.renameSync(aside, dir); break; } catch (error) { if (tries > 1000) throw error; }
    try { fs.renameSync(dir, path.join(path.dirname(dir), '.extra-' + extra++)); } catch {}
  }
  if (rounds === 0) process.stdout.write('ready\\n');
  if (rounds % 32 === 0 && (fs.existsSync(stopFile) || process.ppid !== parent)) break;
}
process.stdout.write('rounds ' + rounds + '\\n');
`;

export interface SwapRacer {
  /** Ask the racer to stop, wait for it, and return how many swaps it made. */
  stop: () => Promise<number>;
}

/** Starts swapping `dir` for a link to `target`; resolves once the first swap is done. */
export async function startSwapRacer(dir: string, target: string, max = 2_000_000): Promise<SwapRacer> {
  const stopFile = join(target, '..', `.stop-${process.pid}-${Date.now()}`);
  const child: ChildProcess = spawn(process.execPath, ['-e', RACER, dir, target, stopFile, String(max)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  const exited = new Promise<number>((resolve, reject) => {
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code !== 0) reject(new Error(`the swap racer exited with ${code}`));
      else resolve(Number(/rounds (\d+)/.exec(out)?.[1] ?? '0'));
    });
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes('ready')) resolve();
    });
    exited.then(() => resolve(), reject);
  });
  return {
    stop: async () => {
      writeFileSync(stopFile, '');
      return exited;
    },
  };
}
