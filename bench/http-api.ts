/**
 * HTTP API throughput (issue 24): requests/s of the real server for `get_world` (50 servants) and
 * `list_messages {limit: 50}` (a conversation of a few hundred messages), against a bare Hono app on
 * the same adapter answering the same bodies with no middleware, in one run. Prints figures and the
 * ratio; asserts nothing. `npx tsx bench/http-api.ts` (part of `npm run bench`).
 *
 * The load generator runs in a worker thread so it has the second core, as a browser would.
 */
import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import autocannon from 'autocannon';
import { Hono } from 'hono';
import { startBenchServer } from './kit/bench-server.ts';

const SERVANTS = 50;
const MESSAGES = 300;
const DURATION_SECS = Number(process.env.HTTP_BENCH_SECS ?? 3);
const ROUNDS = 3;
const CONNECTIONS = 10;
/** `app` measures the real server alone (for `node --cpu-prof`); anything else measures both. */
const ONLY_APP = process.env.HTTP_BENCH_SIDE === 'app';

const bench = await startBenchServer('fuseforks-http-bench-');
const { server } = bench;
const headers = { authorization: `Bearer ${server.token}`, 'content-type': 'application/json' };
const call = bench.api;
await bench.waitReady();

const tpl = (await call('upsert_template', {
  template: { name: 'T', baseUrl: 'http://127.0.0.1:9/v1', model: 'm' },
})) as { id: string };
for (let i = 0; i < SERVANTS; i += 1)
  await call('create_agent', { spec: { name: `S${i}`, modelTemplateId: tpl.id } });
// The conversation: recorded the way the orchestrator records any line (log, store, event).
const orchestrator = server.boot.require().orchestrator;
for (let i = 0; i < MESSAGES; i += 1) orchestrator.systemLine(`line ${i}: ${'lorem ipsum '.repeat(8)}`);

const LIST_ARGS = { limit: 50 };
const worldBody = await call('get_world', {});
const messagesBody = await call('list_messages', LIST_ARGS);

// The bare figure: the same bodies, precomputed objects, encoded per request, no middleware.
const bare = new Hono();
bare.post('/api/get_world', (c) => c.json(worldBody));
bare.post('/api/list_messages', (c) => c.json(messagesBody));
const bareServer: ServerType = await new Promise((resolve) => {
  const s = serve({ fetch: bare.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s));
});
const bareUrl = `http://127.0.0.1:${(bareServer.address() as AddressInfo).port}`;

async function requestsPerSec(url: string, body: unknown): Promise<number> {
  const result = await autocannon({
    url,
    method: 'POST',
    headers,
    body: JSON.stringify(body),
    connections: CONNECTIONS,
    duration: DURATION_SECS,
    workers: 1,
  });
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return result.requests.average;
}

const cases: [string, string, unknown][] = [
  [`get_world (${SERVANTS} servants)`, 'get_world', {}],
  [`list_messages {limit: 50} (${MESSAGES} messages)`, 'list_messages', LIST_ARGS],
];
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
for (const [label, name, args] of cases) {
  // Warm both (JIT, caches) before measuring.
  await requestsPerSec(`${server.url}/api/${name}`, args);
  if (!ONLY_APP) await requestsPerSec(`${bareUrl}/api/${name}`, args);
  // Rounds alternate between the two, so a passing load on the machine weighs on both alike.
  const app: number[] = [];
  const hono: number[] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    app.push(await requestsPerSec(`${server.url}/api/${name}`, args));
    if (!ONLY_APP) hono.push(await requestsPerSec(`${bareUrl}/api/${name}`, args));
  }
  const appLine = `app ${median(app).toFixed(0).padStart(6)} req/s`;
  if (ONLY_APP) {
    console.log(`HTTP ${label.padEnd(44)} ${appLine}`);
    continue;
  }
  const ratio = median(app) / median(hono);
  console.log(
    `HTTP ${label.padEnd(44)} ${appLine}  bare Hono ${median(hono).toFixed(0).padStart(6)} req/s  ` +
      `ratio ${ratio.toFixed(2)}x (median of ${ROUNDS} alternating rounds of ${DURATION_SECS} s)`,
  );
}

await new Promise<void>((resolve) => bareServer.close(() => resolve()));
await bench.dispose();
