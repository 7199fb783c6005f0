/**
 * Fuseforks against @openai/agents (issue 24) on the same instant scripted model (bench/peer/):
 * a 10-agent transfer chain, a single-agent tool loop and a fan-out 1 -> 20. Both sides run in this
 * process, interleaved, the order rotated every repetition; the figure is the median over the
 * repetitions. The work each side did per run (model calls, tool runs, handoffs, delegations) is
 * printed beside it so a reader can check the two did the same. Asserts nothing.
 */
import { performance } from 'node:perf_hooks';
import { oursSide, type BenchSide } from './peer/ours-side.ts';
import { WORKLOADS, type WorkCounts, type WorkloadName } from './peer/scripted-policy.ts';
import { theirsSide } from './peer/theirs-side.ts';

const REPETITIONS = 9;
const WARM_UP_RUNS = 30;
const RUNS_PER_BLOCK: Record<WorkloadName, number> = { chain: 40, toolLoop: 40, fanOut: 15 };

async function block(side: BenchSide, runs: number): Promise<number> {
  const start = performance.now();
  for (let i = 0; i < runs; i += 1) await side.run();
  return performance.now() - start;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** The repetitions' range, so a reader sees how noisy the run was. */
function spread(values: number[]): string {
  return `(${Math.min(...values).toFixed(3)}-${Math.max(...values).toFixed(3)})`;
}

function perRun(counts: WorkCounts, runs: number): string {
  const f = (n: number) => (n / runs).toFixed(n % runs === 0 ? 0 : 2);
  return `model calls ${f(counts.modelCalls)}, tool runs ${f(counts.toolRuns)}, handoffs ${f(counts.handoffs)}, delegations ${f(counts.delegations)}`;
}

console.log('peer-agents: Fuseforks vs @openai/agents 0.20.0, instant scripted model, same process');
console.log(`  ${REPETITIONS} repetitions, interleaved, order rotated; medians; tracing off on their side`);
console.log(
  `  both sides keep the conversation in memory (ours without its session store, theirs without a session)`,
);
for (const name of Object.keys(WORKLOADS) as WorkloadName[]) {
  const workload = WORKLOADS[name];
  const ours = await oursSide(name);
  const theirs = await theirsSide(name);
  await block(ours, WARM_UP_RUNS);
  await block(theirs, WARM_UP_RUNS);
  const runs = RUNS_PER_BLOCK[name];
  const units = runs * workload.unitsPerRun;
  const oursMs: number[] = [];
  const theirsMs: number[] = [];
  for (let rep = 0; rep < REPETITIONS; rep += 1) {
    const sides = rep % 2 === 0 ? ([ours, theirs] as const) : ([theirs, ours] as const);
    for (const side of sides) {
      const elapsed = await block(side, runs);
      (side === ours ? oursMs : theirsMs).push(elapsed / units);
    }
  }
  const totalRuns = WARM_UP_RUNS + REPETITIONS * runs;
  const a = median(oursMs);
  const b = median(theirsMs);
  const ratio = a / b;
  console.log(`${workload.name} (${workload.unit})`);
  console.log(`  ours     ${a.toFixed(3)} ms ${spread(oursMs)}   [${perRun(ours.counts, totalRuns)}]`);
  console.log(`  theirs   ${b.toFixed(3)} ms ${spread(theirsMs)}   [${perRun(theirs.counts, totalRuns)}]`);
  console.log(
    `  ratio    ${ratio.toFixed(2)}x   goal <= ${workload.goal}x   ${ratio <= workload.goal ? 'met' : 'NOT met'}`,
  );
  await ours.close();
  await theirs.close();
}
