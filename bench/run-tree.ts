/**
 * run's process-tree tracking on Linux (issue 17): what following a command's descendants through
 * /proc costs the server while other processes crowd the machine. Prints figures; asserts nothing.
 * `npx tsx bench/run-tree.ts`
 *
 * With BACKGROUND sleeping processes (each with a 4 KB environment) beside the server:
 *  - per walk: a plain readdir of /proc (the floor), the walk as it was before the review (every
 *    stat and every environment read in one synchronous go), and ours (proc-scanner.ts: stats in
 *    chunks, environments only of processes no older than the run, each once);
 *  - while runs are tracked: the event loop's delay (perf_hooks.monitorEventLoopDelay) with no run,
 *    one run and four at once (each command starts 20 children), and how many /proc walks served them;
 *    as a floor, four runs with the process-group kill alone (what other systems get), untracked.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { mkdtempSync, rmSync } from 'node:fs';
import { spawn, type ChildProcess } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { childEnv } from '../src/tools/run/child-env.ts';
import { currentHost } from '../src/tools/run/host.ts';
import { runProcessTree } from '../src/tools/run/process-tree.ts';
import { linuxProcReader, parseStat } from '../src/tools/run/proc-table.ts';
import { ProcScanner } from '../src/tools/run/proc-scanner.ts';

const BACKGROUND = 600;
const WALKS = 15;
const RUN_SECONDS = 2;
const REPEATS = 3;

if (process.platform !== 'linux') {
  console.log('run-tree: Linux only (the tree is tracked through /proc); nothing to measure here');
  process.exit(0);
}

const background: ChildProcess[] = [];
const pad = { ...process.env, PAD: 'x'.repeat(4_000) };
for (let i = 0; i < BACKGROUND; i += 1)
  background.push(spawn('sleep', ['600'], { stdio: 'ignore', env: pad }));
await new Promise((r) => setTimeout(r, 1_500));
const processes = readdirSync('/proc').filter((n) => /^\d+$/.test(n)).length;

const median = (values: number[]): number =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const f = (ms: number): string => ms.toFixed(1);

function timeSync(walk: () => void): number {
  const times: number[] = [];
  for (let i = 0; i < WALKS; i += 1) {
    const start = performance.now();
    walk();
    times.push(performance.now() - start);
  }
  return median(times);
}

const readdirMs = timeSync(() => readdirSync('/proc'));
// What a fresh scan did before: every stat, then every environment, in one synchronous stretch.
const beforeMs = timeSync(() => {
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      parseStat(readFileSync(`/proc/${name}/stat`, 'latin1'));
      readFileSync(`/proc/${name}/environ`, 'latin1');
    } catch {
      // Gone, or another user's.
    }
  }
});

// Ours: a walk for a run that started now (so no process of the machine is old enough to matter less).
const ours: number[] = [];
const oursDelay = monitorEventLoopDelay({ resolution: 1 });
const scanner = new ProcScanner();
const rootStart = linuxProcReader.readStat(process.pid)!.startTime + 1e9;
/** Per walk, the longest time between two turns of the event loop (setImmediate spins alongside). */
const stretches: number[] = [];
oursDelay.enable();
for (let i = 0; i < WALKS; i += 1) {
  let longest = 0;
  let last = performance.now();
  let spinning = true;
  const spin = (): void => {
    const now = performance.now();
    longest = Math.max(longest, now - last);
    last = now;
    if (spinning) setImmediate(spin);
  };
  setImmediate(spin);
  const start = performance.now();
  await scanner.fresh(rootStart);
  ours.push(performance.now() - start);
  spinning = false;
  stretches.push(longest);
}
oursDelay.disable();

// Runs, tracked by the server's shared scanner; its walks counted through the reader it uses.
let walks = 0;
const listPids = linuxProcReader.listPids.bind(linuxProcReader);
linuxProcReader.listPids = () => {
  walks += 1;
  return listPids();
};
const cwd = mkdtempSync(join(tmpdir(), 'fuseforks-bench-run-tree-'));
const script = `for i in $(seq 20); do sleep ${RUN_SECONDS} & done; wait`;
async function tracked(runs: number, tracking = true): Promise<{ max: number; p99: number; walks: number }> {
  walks = 0;
  const delay = monitorEventLoopDelay({ resolution: 1 });
  delay.enable();
  if (runs === 0) await new Promise((r) => setTimeout(r, RUN_SECONDS * 1_000));
  await Promise.all(
    Array.from({ length: runs }, () =>
      runProcessTree({
        file: 'sh',
        args: ['-c', script],
        cwd,
        env: childEnv(),
        timeoutMs: 60_000,
        signal: new AbortController().signal,
        keepBytes: { stdout: 1_000, stderr: 1_000 },
        // Another platform's host: the same spawn with only the group kill, the floor for a run.
        host: tracking ? currentHost() : { platform: 'freebsd', pathext: [] },
      }),
    ),
  );
  delay.disable();
  return { max: delay.max / 1e6, p99: delay.percentile(99) / 1e6, walks };
}
// The machine's other work shows in every figure: each case is repeated and its medians printed.
async function repeated(runs: number, tracking = true): Promise<{ max: number; p99: number; walks: number }> {
  const results = [];
  for (let i = 0; i < REPEATS; i += 1) results.push(await tracked(runs, tracking));
  return {
    max: median(results.map((r) => r.max)),
    p99: median(results.map((r) => r.p99)),
    walks: median(results.map((r) => r.walks)),
  };
}
const idle = await repeated(0);
const one = await repeated(1);
const four = await repeated(4);
const fourUntracked = await repeated(4, false);

for (const child of background) child.kill('SIGKILL');
rmSync(cwd, { recursive: true, force: true });

console.log(`run tree tracking, ${processes} processes in /proc (${BACKGROUND} sleeping beside the server):`);
console.log(`  per walk, median of ${WALKS}:`);
console.log(`    plain readdir of /proc (floor)                 ${f(readdirMs)} ms`);
console.log(`    before: every stat + every environment, sync   ${f(beforeMs)} ms, all of it blocking`);
console.log(
  `    ours: chunked stats, no old environment        ${f(median(ours))} ms wall, of which the longest`,
);
console.log(
  `          stretch without yielding ${f(median(stretches))} ms; event-loop delay p99 ${f(oursDelay.percentile(99) / 1e6)} ms, max ${f(oursDelay.max / 1e6)} ms`,
);
console.log(
  `  event-loop delay over ${RUN_SECONDS} s runs (each command starts 20 children), medians of ${REPEATS}:`,
);
for (const [label, r] of [
  ['no run       ', idle],
  ['one run      ', one],
  ['4 runs at once', four],
  ['4, untracked ', fourUntracked],
] as const) {
  console.log(`    ${label}  max ${f(r.max)} ms, p99 ${f(r.p99)} ms, /proc walks ${r.walks}`);
}
