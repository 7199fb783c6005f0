/**
 * Per-turn cost against village size (issue 24): the idle single turn at 10 and at 500 servants on an
 * instant scripted model (goal: ratio <= 1.2x), then a storm of 1,000 user messages over the 500
 * servants while `monitorEventLoopDelay` watches the loop (goal: p99 < 50 ms, max < 100 ms). The storm
 * runs on the core alone (every send in one synchronous go) and again through the server wiring
 * (startServer, the HTTP LLM client and the fake provider, which shares the measured loop; the
 * senders run on their own thread). Few loop samples in a short storm make p99 close to max. Prints
 * figures; asserts nothing; `--core` skips the server storm.
 */
import { rm } from 'node:fs/promises';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import type { EventBus } from '../src/domain/events.ts';
import type { AgentId } from '../src/domain/ids.ts';
import { Orchestrator } from '../src/orchestrator/orchestrator.ts';
import { FakeProvider } from '../test/fakes/fake-provider.ts';
import { startBenchServer } from './kit/bench-server.ts';
import { instantBackend as instant } from './kit/instant-backend.ts';
import { openBenchVillage } from './kit/bench-village.ts';

/**
 * The storm's client (plain JavaScript for a worker thread): the thousand sends as fast as a browser
 * can make them, over its 6 connections to one origin.
 */
const STORM_CLIENT = `
const { parentPort, workerData } = require('node:worker_threads');
const { url, token, ids, count, connections } = workerData;
const send = (i) =>
  fetch(url + '/api/send_user_message', {
    method: 'POST',
    headers: { authorization: 'Bearer ' + token, 'content-type': 'application/json' },
    body: JSON.stringify({ to: ids[i % ids.length], content: 'storm ' + i }),
  }).then((r) => r.json());
let next = 0;
const lane = async () => {
  while (next < count) await send(next++);
};
parentPort.once('message', () =>
  Promise.all(Array.from({ length: connections }, lane)).then(
    () => process.exit(0),
    () => process.exit(1),
  ),
);
`;
const BROWSER_CONNECTIONS = 6;

const SMALL = 10;
const LARGE = 500;
const SINGLE_TURNS = 300;
const STORM = 1000;
const RATIO_GOAL = 1.2;
const P99_GOAL_MS = 50;
const MAX_GOAL_MS = 100;

interface CoreVillage {
  orch: Orchestrator;
  events: EventBus;
  ids: AgentId[];
  close(): Promise<void>;
}

async function coreVillage(size: number): Promise<CoreVillage> {
  const { root, paths, log, events, secrets, village, templateId } =
    await openBenchVillage('fuseforks-bench-scale-');
  const orch = new Orchestrator({ village, paths, log, events, secrets, backendFor: async () => instant });
  const ids: AgentId[] = [];
  for (let i = 0; i < size; i += 1) {
    const spec = await village.createAgent({
      name: `S${i}`,
      modelTemplateId: templateId,
    });
    ids.push(spec.id);
    await orch.startAgent(spec.id);
  }
  return {
    orch,
    events,
    ids,
    close: async () => {
      await orch.close();
      await rm(root, { recursive: true, force: true });
    },
  };
}

/** Resolves once `count` turns have ended (a turn's typing goes off in its last step). */
function turnsEnded(events: EventBus, count: number): Promise<void> {
  return new Promise((resolve) => {
    let left = count;
    const off = events.subscribe((event) => {
      if (event.type !== 'agentTyping' || event.active) return;
      left -= 1;
      if (left > 0) return;
      off();
      resolve();
    });
  });
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function idleSingleTurn(size: number): Promise<number> {
  const v = await coreVillage(size);
  const times: number[] = [];
  for (let i = 0; i < SINGLE_TURNS; i += 1) {
    const ended = turnsEnded(v.events, 1);
    const start = performance.now();
    v.orch.sendUserMessage(v.ids[i % v.ids.length]!, `message ${i}`);
    await ended;
    times.push(performance.now() - start);
  }
  await v.close();
  // The first tenth warms the JIT and the file cache.
  return median(times.slice(SINGLE_TURNS / 10));
}

interface Delay {
  p50: number;
  p99: number;
  samples: number;
  max: number;
  elapsed: number;
}

/** Runs `storm` (which resolves when every turn is over) under an event-loop delay monitor. */
async function measured(storm: () => Promise<void>): Promise<Delay> {
  const monitor = monitorEventLoopDelay({ resolution: 1 });
  monitor.enable();
  const start = performance.now();
  await storm();
  const elapsed = performance.now() - start;
  monitor.disable();
  return {
    p50: monitor.percentile(50) / 1e6,
    p99: monitor.percentile(99) / 1e6,
    max: monitor.max / 1e6,
    samples: monitor.count,
    elapsed,
  };
}

async function coreStorm(): Promise<Delay> {
  const v = await coreVillage(LARGE);
  const delay = await measured(async () => {
    const ended = turnsEnded(v.events, STORM);
    const start = performance.now();
    for (let i = 0; i < STORM; i += 1) v.orch.sendUserMessage(v.ids[i % v.ids.length]!, `storm ${i}`);
    console.log(`  (the ${STORM} sends themselves: ${(performance.now() - start).toFixed(1)} ms in one go)`);
    await ended;
  });
  await v.close();
  return delay;
}

async function serverStorm(): Promise<Delay> {
  const fake = await new FakeProvider().start();
  const bench = await startBenchServer('fuseforks-bench-scale-server-');
  const { server, api } = bench;
  await bench.waitReady();
  await api('set_token_budget', { tokenBudget: null });
  const template = (await api('upsert_template', {
    template: {
      name: 'Fake',
      baseUrl: fake.baseUrl,
      model: 'm',
      provider: 'open_ai_compat',
      credential: 'not_required',
    },
  })) as { id: string };
  const ids: string[] = [];
  for (let i = 0; i < LARGE; i += 1) {
    const id = `s${i}`;
    await api('create_agent', { spec: { id, name: `S${i}`, modelTemplateId: template.id } });
    await api('start_agent', { agentId: id });
    ids.push(id);
  }
  // Through the API's send path, as the web app does. The client runs on its own thread, started
  // before the measure: its thousand requests are not the server's work and must not weigh on the
  // loop measured here.
  const client = new Worker(STORM_CLIENT, {
    eval: true,
    workerData: { url: server.url, token: server.token, ids, count: STORM, connections: BROWSER_CONNECTIONS },
  });
  await new Promise((resolve) => client.once('online', resolve));
  const sent = new Promise<void>((resolve, reject) => {
    client.once('error', reject);
    client.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`client exit ${code}`))));
  });
  const delay = await measured(async () => {
    const ended = new Promise<void>((resolve) => {
      let left = STORM;
      const off = server.events.subscribe((event) => {
        if (event.type !== 'agentTyping' || event.active) return;
        left -= 1;
        if (left > 0) return;
        off();
        resolve();
      });
    });
    client.postMessage('go');
    await sent;
    await ended;
  });
  await bench.dispose();
  await fake.stop();
  return delay;
}

const small = await idleSingleTurn(SMALL);
const large = await idleSingleTurn(LARGE);
const ratio = large / small;
console.log(`village scale: idle single turn, median of ${SINGLE_TURNS} (instant scripted model)`);
console.log(`  ${SMALL} servants                 ${small.toFixed(3)} ms`);
console.log(`  ${LARGE} servants                ${large.toFixed(3)} ms`);
console.log(
  `  ratio                        ${ratio.toFixed(2)}x (goal <= ${RATIO_GOAL}x: ${ratio <= RATIO_GOAL ? 'met' : 'MISSED'})`,
);

const report = (name: string, d: Delay) =>
  console.log(
    `  ${name.padEnd(28)} p50 ${d.p50.toFixed(1)} ms  p99 ${d.p99.toFixed(1)} ms  max ${d.max.toFixed(1)} ms  (${d.samples} samples in ${(d.elapsed / 1000).toFixed(2)} s; goal p99 < ${P99_GOAL_MS}, max < ${MAX_GOAL_MS}: ${d.p99 < P99_GOAL_MS && d.max < MAX_GOAL_MS ? 'met' : 'MISSED'})`,
  );
console.log(`village scale: storm of ${STORM} user messages over ${LARGE} servants, event-loop delay`);
report('core', await coreStorm());
if (!process.argv.includes('--core')) report(`server + HTTP LLM client`, await serverStorm());
