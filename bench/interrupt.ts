/**
 * Interrupt latency (issue 17 goal: from the click to the System line <= 500 ms while the provider is
 * still thinking). Ours: `interrupt_turn` over the real API, the call in flight through the real HTTP
 * client to a fake provider that never answers, until the System line arrives on the events socket.
 * Baseline in the same process: a bare fetch to the same provider aborted with an AbortController,
 * until its rejection. Prints figures; asserts nothing.
 */
import { performance } from 'node:perf_hooks';
import WebSocket from 'ws';
import { FakeProvider } from '../test/fakes/fake-provider.ts';
import { startBenchServer } from './kit/bench-server.ts';

const RUNS = 30;
const GOAL_MS = 500;

const fake = await new FakeProvider().start();
const bench = await startBenchServer('fuseforks-bench-interrupt-');
const { server, api } = bench;
await bench.waitReady();
const template = (await api('upsert_template', {
  template: {
    name: 'Fake',
    baseUrl: fake.baseUrl,
    model: 'm',
    provider: 'open_ai_compat',
    credential: 'not_required',
  },
})) as { id: string };
await api('create_agent', { spec: { id: 'a', name: 'A', modelTemplateId: template.id } });
await api('start_agent', { agentId: 'a' });

const ws = new WebSocket(`ws://127.0.0.1:${server.port}/api/events?token=${server.token}`);
await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
let onSystemLine: (() => void) | null = null;
ws.on('message', (data) => {
  const frame = JSON.parse(String(data)) as { type: string; message?: { from: { kind: string } } };
  if (frame.type === 'messageSent' && frame.message?.from.kind === 'system') onSystemLine?.();
});

async function waitFor(check: () => boolean): Promise<void> {
  while (!check()) await new Promise((r) => setTimeout(r, 1));
}

const ours: number[] = [];
for (let run = 0; run < RUNS; run += 1) {
  const before = fake.requests.length;
  fake.enqueue({ hold: true });
  await api('send_user_message', { to: 'a', content: `think ${run}` });
  await waitFor(() => fake.requests.length > before);
  const line = new Promise<void>((resolve) => (onSystemLine = resolve));
  const start = performance.now();
  await api('interrupt_turn', { agentId: 'a' });
  await line;
  ours.push(performance.now() - start);
  onSystemLine = null;
  // Wait until the turn has ended before the next run.
  await waitFor(() => fake.heldCount === 0);
  await new Promise((r) => setTimeout(r, 5));
}

const baseline: number[] = [];
for (let run = 0; run < RUNS; run += 1) {
  const before = fake.requests.length;
  fake.enqueue({ hold: true });
  const controller = new AbortController();
  const pending = fetch(`${fake.baseUrl}/chat/completions`, {
    method: 'POST',
    body: '{}',
    signal: controller.signal,
  }).catch(() => undefined);
  await waitFor(() => fake.requests.length > before);
  const start = performance.now();
  controller.abort();
  await pending;
  baseline.push(performance.now() - start);
  await waitFor(() => fake.heldCount === 0);
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const max = (values: number[]) => Math.max(...values);
console.log(`interrupt: click -> System line while the provider is still thinking (${RUNS} runs)`);
console.log(
  `  fuseforks interrupt_turn    median ${median(ours).toFixed(1)} ms  max ${max(ours).toFixed(1)} ms  (goal <= ${GOAL_MS} ms: ${max(ours) <= GOAL_MS ? 'met' : 'MISSED'})`,
);
console.log(
  `  bare fetch abort (baseline) median ${median(baseline).toFixed(1)} ms  max ${max(baseline).toFixed(1)} ms`,
);
console.log(`  ratio (median)              ${(median(ours) / median(baseline)).toFixed(1)}x`);

ws.close();
await bench.dispose();
await fake.stop();
