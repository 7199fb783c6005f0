/**
 * Benchmarks: print figures, assert nothing. `npm run bench`.
 * - world.json decode/encode for a large village
 * - API round trips (get_world, update_agent) over real HTTP on loopback
 */
import { performance } from 'node:perf_hooks';
import { decodeWorld, encodeWorld } from '../src/world/world-codec.ts';
import { startBenchServer } from './kit/bench-server.ts';

function largeWorldJson(agents: number): string {
  return JSON.stringify({
    agents: Array.from({ length: agents }, (_, i) => ({
      id: `agent_${i + 1}`,
      name: `Servant ${i + 1}`,
      modelTemplateId: 't1',
      connectedAgents: [`agent_${((i + 1) % agents) + 1}`, `agent_${((i + 7) % agents) + 1}`],
      order: i,
    })),
    templates: [
      { id: 't1', name: 'T', baseUrl: 'https://example.invalid/v1', model: 'm', credential: 'unset' },
    ],
    tokenBudget: 1_000_000,
    language: 'en',
  });
}

function time(label: string, runs: number, fn: () => void): void {
  fn();
  const start = performance.now();
  for (let i = 0; i < runs; i += 1) fn();
  const per = (performance.now() - start) / runs;
  console.log(`${label.padEnd(44)} ${per.toFixed(3)} ms/op  (${runs} runs)`);
}

async function timeAsync(label: string, runs: number, fn: () => Promise<void>): Promise<void> {
  await fn();
  const samples: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    const start = performance.now();
    await fn();
    samples.push(performance.now() - start);
  }
  samples.sort((a, b) => a - b);
  const pct = (p: number) =>
    samples[Math.min(samples.length - 1, Math.floor(p * samples.length))]!.toFixed(3);
  console.log(`${label.padEnd(44)} p50 ${pct(0.5)} ms  p95 ${pct(0.95)} ms  (${runs} runs)`);
}

const text = largeWorldJson(500);
time('decode world.json (500 agents)', 200, () => void decodeWorld(text));
const decoded = decodeWorld(text).world;
time('encode world.json (500 agents)', 200, () => void encodeWorld(decoded));

const bench = await startBenchServer('fuseforks-bench-');
const call = bench.api;
await bench.waitReady();
const tpl = (await call('upsert_template', {
  template: { name: 'T', baseUrl: 'http://127.0.0.1:9/v1', model: 'm' },
})) as { id: string };
for (let i = 0; i < 50; i += 1)
  await call('create_agent', { spec: { name: `S${i}`, modelTemplateId: tpl.id } });
await timeAsync('API get_world (50 agents)', 300, async () => void (await call('get_world', {})));
let n = 0;
await timeAsync('API update_agent (writes world.json)', 200, async () => {
  await call('update_agent', { spec: { id: 'agent_1', name: `Renamed ${(n += 1)}` } });
});
await bench.dispose();
