/**
 * bench/peer-agents.ts compares Fuseforks with @openai/agents only if both do the same work: this
 * runs each workload's two sides (the bench's own scripted model and adapters) and checks the
 * counts of model calls, tool runs, handoffs and delegations, against each other and against what
 * the workload is meant to do.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { oursSide, type BenchSide } from '../bench/peer/ours-side.ts';
import { WORKLOADS, type WorkloadName } from '../bench/peer/scripted-policy.ts';
import { theirsSide } from '../bench/peer/theirs-side.ts';

const RUNS = 2;
const open: BenchSide[] = [];
afterEach(async () => {
  for (const side of open.splice(0)) await side.close();
});

describe('bench/peer-agents: both sides do the same work', () => {
  it.each(Object.keys(WORKLOADS) as WorkloadName[])('%s', async (name) => {
    const ours = await oursSide(name, { ageFiles: false });
    const theirs = await theirsSide(name);
    open.push(ours, theirs);
    for (let i = 0; i < RUNS; i += 1) {
      await ours.run();
      await theirs.run();
    }
    const expected = WORKLOADS[name].expected;
    const perRun = {
      modelCalls: expected.modelCalls * RUNS,
      toolRuns: expected.toolRuns * RUNS,
      handoffs: expected.handoffs * RUNS,
      delegations: expected.delegations * RUNS,
    };
    expect(ours.counts).toEqual(perRun);
    expect(theirs.counts).toEqual(perRun);
  });
});
