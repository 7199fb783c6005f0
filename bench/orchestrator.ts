/**
 * Orchestrator overhead: 50 agents against an instant scripted backend. Prints rounds per second
 * and memory per agent; asserts nothing.
 */
import { rm } from 'node:fs/promises';
import { performance } from 'node:perf_hooks';
import type { AgentId } from '../src/domain/ids.ts';
import { Orchestrator } from '../src/orchestrator/orchestrator.ts';
import { instantBackend as instant } from './kit/instant-backend.ts';
import { openBenchVillage } from './kit/bench-village.ts';

const AGENTS = 50;
const TURNS_PER_AGENT = 40;

const { root, paths, log, events, secrets, village, templateId } =
  await openBenchVillage('fuseforks-bench-orch-');

const heapBefore = process.memoryUsage().heapUsed;
const orch = new Orchestrator({ village, paths, log, events, secrets, backendFor: async () => instant });
const ids: AgentId[] = [];
for (let i = 0; i < AGENTS; i += 1) {
  const spec = await village.createAgent({ name: `S${i}`, modelTemplateId: templateId });
  ids.push(spec.id);
  await orch.startAgent(spec.id);
}
const heapAfterStart = process.memoryUsage().heapUsed;

const start = performance.now();
for (let turn = 0; turn < TURNS_PER_AGENT; turn += 1) {
  for (const id of ids) orch.sendUserMessage(id, `message ${turn}`);
  while (ids.some((id) => orch.runtimeIfKnown(id)?.busy)) await new Promise((r) => setImmediate(r));
}
const elapsed = performance.now() - start;
const rounds = AGENTS * TURNS_PER_AGENT;
const heapAfterRun = process.memoryUsage().heapUsed;

console.log(`orchestrator: ${AGENTS} agents x ${TURNS_PER_AGENT} turns = ${rounds} rounds`);
console.log(`  rounds per second         ${(rounds / (elapsed / 1000)).toFixed(0)}`);
console.log(`  mean ms per round         ${(elapsed / rounds).toFixed(3)}`);
console.log(`  heap per agent at start   ${((heapAfterStart - heapBefore) / AGENTS / 1024).toFixed(1)} KiB`);
console.log(`  heap per agent after run  ${((heapAfterRun - heapBefore) / AGENTS / 1024).toFixed(1)} KiB`);
await orch.close();
await rm(root, { recursive: true, force: true });
