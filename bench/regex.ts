/**
 * Regex worker benchmark: prints figures, asserts nothing. `npx tsx bench/regex.ts`
 *
 * The search tools run their regex in a worker thread so a backtracking pattern can be stopped. This
 * shows what that costs: a cold worker's start, and a grep job over 2,000 files of 200 lines run
 * inline (on this thread) and on a warm worker, plus the main thread's longest stall in each case.
 */
import { mkdtempSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { mkdirSync, writeFileSync } from 'node:fs';
import { toSource, type GrepJob } from '../src/tools/regex-worker/jobs.ts';
import { inlineRegexRunner, type RegexRunner } from '../src/tools/regex-worker/runner.ts';
import { WorkerRegexRunner } from '../src/tools/regex-worker/worker-pool.ts';

const FILES = 2_000;
const LINES = 200;
const RUNS = 5;

const root = mkdtempSync(join(tmpdir(), 'fuseforks-bench-regex-'));
const targets: GrepJob['targets'] = [];
for (let f = 0; f < FILES; f += 1) {
  const dir = join(root, `d${f % 20}`);
  mkdirSync(dir, { recursive: true });
  const name = `file${f}.ts`;
  const lines = Array.from({ length: LINES }, (_, i) =>
    i % 50 === 7 ? `export const needle${f}_${i} = ${i};` : `const value${i} = compute(${i}, 'text ${f}');`,
  );
  writeFileSync(join(dir, name), `${lines.join('\n')}\n`);
  targets.push({ rel: `d${f % 20}/${name}`, abs: join(dir, name), name });
}
const job: GrepJob = {
  kind: 'grep',
  root: realpathSync(root),
  targets,
  pattern: toSource(/needle\d+_\d+/u),
  include: toSource(/\.ts$/u),
  context: 1,
  countOnly: false,
};
const live = new AbortController().signal;

/** Median wall time of the job and the longest gap between 1 ms timer ticks (the event loop's stall). */
async function measure(runner: RegexRunner): Promise<{ ms: number; stallMs: number; total: number }> {
  const times: number[] = [];
  let stallMs = 0;
  let total = 0;
  for (let run = 0; run < RUNS; run += 1) {
    let last = performance.now();
    const ticker = setInterval(() => {
      const now = performance.now();
      stallMs = Math.max(stallMs, now - last);
      last = now;
    }, 1);
    const start = performance.now();
    const outcome = await runner.run(job, live);
    times.push(performance.now() - start);
    clearInterval(ticker);
    if (!outcome.ok) throw new Error(`job failed: ${outcome.failure}`);
    total = outcome.value.total;
  }
  times.sort((a, b) => a - b);
  return { ms: times[Math.floor(RUNS / 2)]!, stallMs, total };
}

const pool = new WorkerRegexRunner({ size: 1 });
const coldStart = performance.now();
await pool.run({ kind: 'names', names: ['x'], pattern: toSource(/x/u) }, live);
const coldMs = performance.now() - coldStart;
const inline = await measure(inlineRegexRunner());
const worker = await measure(pool);
await pool.close();
rmSync(root, { recursive: true, force: true });

const f = (ms: number): string => ms.toFixed(1);
console.log(`regex worker: cold start (thread + TypeScript loader) ${f(coldMs)} ms`);
console.log(
  `grep ${FILES.toLocaleString('en-US')} files × ${LINES} lines (${inline.total.toLocaleString('en-US')} matches), median of ${RUNS}:`,
);
console.log(`  inline      ${f(inline.ms)} ms, longest event-loop stall ${f(inline.stallMs)} ms`);
console.log(`  worker      ${f(worker.ms)} ms, longest event-loop stall ${f(worker.stallMs)} ms`);
