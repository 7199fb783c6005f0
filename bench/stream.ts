/**
 * Streaming benchmark (issue 23 "Figures"): prints figures, asserts nothing. `npx tsx bench/stream.ts`
 *
 * - First visible character: Debian's Chromium on `fuseforks serve`, a servant on the fake provider
 *   (OpenAI-compatible, streaming on, as templates are by default). The fake holds its stream until
 *   the request is in, then writes the first event, which carries text; the figure is from that
 *   write to the end of the first frame that shows the text in the chat (both clocks are the
 *   machine's wall clock, read as `performance.timeOrigin + performance.now()`).
 * - Overhead: one reply read as a stream against the same reply read whole, over real HTTP from the
 *   fake provider (every wire's recorded pair, the stream written at once), median of many calls each,
 *   the kinds taken in turn so a drift of the machine falls on all; beside ours, a raw reader of the
 *   same bytes (see rawStream), which shows how much of the difference is the stream's own.
 */
import { performance } from 'node:perf_hooks';
import { FakeProvider } from '../test/fakes/fake-provider.ts';
import { streamBackend, STREAM_REQUEST } from '../test/fakes/stream-backend.ts';
import { PAIRS } from '../test/fakes/stream-pairs.ts';
import { ensureUiBuilt } from '../src/server/web-ui.ts';
import { closeBrowser, fakeTemplate, openUi, startUiVillage } from '../test/e2e/ui-village.ts';

const ROUNDS = 12;
const CALLS = 120;
const FIRST_TEXT = 'Hello';

const wallNow = () => performance.timeOrigin + performance.now();
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

/** An OpenAI-compatible stream whose first event already carries text; one event per write. */
function compatStream(): { bytes: Uint8Array; pieces: number[] } {
  const chunk = (delta: object, finish: string | null = null) =>
    JSON.stringify({
      id: 'chatcmpl-bench',
      object: 'chat.completion.chunk',
      model: 'fake-1',
      choices: [{ index: 0, delta, finish_reason: finish }],
    });
  const events = [
    chunk({ role: 'assistant', content: FIRST_TEXT }),
    ...Array.from({ length: 20 }, (_, i) => chunk({ content: ` word ${i}` })),
    chunk({}, 'stop'),
    JSON.stringify({
      id: 'chatcmpl-bench',
      object: 'chat.completion.chunk',
      choices: [],
      usage: { prompt_tokens: 20, completion_tokens: 22, total_tokens: 42 },
    }),
    '[DONE]',
  ].map((data) => Buffer.from(`data: ${data}\n\n`));
  return { bytes: Buffer.concat(events), pieces: events.map((e) => e.length) };
}

/** Installed before the app: the wall-clock time of the first frame showing the streamed text. */
const WATCH_FIRST_TEXT = `(() => {
  const bench = { shownAt: null };
  window.__stream = bench;
  const poll = () => {
    const row = document.querySelector('[data-testid="chat-stream"] [data-testid="chat-content"]');
    if (bench.shownAt === null && row && row.textContent.includes(${JSON.stringify(FIRST_TEXT)})) {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => (bench.shownAt = performance.timeOrigin + performance.now());
      channel.port2.postMessage(0);
    }
    requestAnimationFrame(poll);
  };
  requestAnimationFrame(poll);
})()`;

async function firstVisibleCharacter(): Promise<number[]> {
  const fake = await new FakeProvider().start();
  const village = await startUiVillage('en');
  try {
    const id = await fakeTemplate(village, fake.baseUrl);
    await village.api('create_agent', { spec: { name: 'Ava', modelTemplateId: id } });
    await village.api('start_agent', { agentId: 'agent_1' });
    const { page, context } = await openUi(village, { locale: 'en-US' });
    await page.addInitScript(WATCH_FIRST_TEXT);
    await page.goto(village.url);
    await page.getByTestId('chat-input').waitFor();
    const figures: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const { bytes, pieces } = compatStream();
      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      fake.enqueue({ stream: { bytes, pieces, gapMs: 15, holdAt: 0, release: released } });
      await page.evaluate('window.__stream.shownAt = null');
      const asked = fake.requests.length;
      await village.api('send_user_message', { to: 'agent_1', content: `question ${round}` });
      while (fake.requests.length === asked) await new Promise((resolve) => setTimeout(resolve, 5));
      await new Promise((resolve) => setTimeout(resolve, 100));
      const sentAt = wallNow();
      release();
      const shown = () =>
        (globalThis as unknown as { __stream: { shownAt: number | null } }).__stream.shownAt !== null;
      await page.waitForFunction(shown, undefined, { timeout: 30_000 });
      figures.push((await page.evaluate<number>('window.__stream.shownAt')) - sentAt);
      // The reply ends (its final message replaces the bubble) before the next question.
      await page.getByTestId('chat-stream').waitFor({ state: 'detached', timeout: 30_000 });
    }
    await context.close();
    return figures;
  } finally {
    await village.stop();
    await fake.stop();
  }
}

interface OverheadRow {
  name: string;
  wholeMs: number;
  streamMs: number;
  rawWholeMs: number;
  rawStreamMs: number;
}

/**
 * The raw baseline, on the same fake and the same bytes: the least a reader must do. Whole: fetch
 * and JSON.parse the body. Stream: fetch, decode the bytes as they come, cut them into lines at LF
 * and JSON.parse every `data:` line. What it pays for the stream over the whole body is the stream's
 * own cost (every event repeats its envelope: a recorded stream is 2 to 40 times the bytes of the
 * same reply whole), not ours.
 */
async function rawWhole(url: string): Promise<void> {
  const response = await fetch(url, { method: 'POST', body: '{}' });
  await response.json();
}

async function rawStream(url: string): Promise<void> {
  const response = await fetch(url, { method: 'POST', body: '{}' });
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let rest = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    const lines = (rest + value).split('\n');
    rest = lines.pop() ?? '';
    for (const line of lines) {
      if (!line.startsWith('data:')) continue;
      const data = line.slice(5).trim();
      if (data !== '[DONE]') JSON.parse(data);
    }
  }
}

async function overhead(): Promise<OverheadRow[]> {
  const fake = await new FakeProvider().start();
  const url = `${fake.baseUrl}/raw`;
  try {
    const rows: OverheadRow[] = [];
    for (const pair of PAIRS) {
      const { backend } = streamBackend(fake, pair.provider);
      const times = {
        whole: [] as number[],
        stream: [] as number[],
        rawWhole: [] as number[],
        rawStream: [] as number[],
      };
      const timed = async (into: number[], call: () => Promise<unknown>) => {
        const started = performance.now();
        // Some recorded replies are refusals (a content filter): an error is the reply, timed the same.
        await call().catch(() => undefined);
        into.push(performance.now() - started);
      };
      const streamed = { bytes: pair.bytes, pieces: [pair.bytes.length], gapMs: 0 };
      for (let i = 0; i < CALLS; i++) {
        fake.enqueue({ body: pair.whole });
        await timed(times.whole, () => backend.chat(STREAM_REQUEST));
        fake.enqueue({ stream: streamed });
        await timed(times.stream, () => backend.chat(STREAM_REQUEST, { onDelta: () => undefined }));
        fake.enqueue({ body: pair.whole });
        await timed(times.rawWhole, () => rawWhole(url));
        fake.enqueue({ stream: streamed });
        await timed(times.rawStream, () => rawStream(url));
      }
      fake.requests.splice(0);
      rows.push({
        name: `${pair.provider} ${pair.name}`,
        wholeMs: median(times.whole),
        streamMs: median(times.stream),
        rawWholeMs: median(times.rawWhole),
        rawStreamMs: median(times.rawStream),
      });
    }
    return rows;
  } finally {
    await fake.stop();
  }
}

async function main(): Promise<void> {
  await ensureUiBuilt((line) => console.log(line));
  const rows = await overhead();
  let first: number[];
  try {
    first = await firstVisibleCharacter();
  } finally {
    await closeBrowser();
  }
  const ms = (n: number) => `${n.toFixed(2).padStart(7)} ms`;
  console.log('Streaming (printed, not asserted)');
  console.log(
    `  first visible character in the chat after the provider's first chunk, ${ROUNDS} replies: median ${ms(median(first))}, max ${ms(Math.max(...first))} (goal < 50 ms: ${median(first) < 50 ? 'met' : 'NOT met'})`,
  );
  console.log(
    `  one reply read whole and as a stream over localhost (the provider answers at once), median of ${CALLS} calls each;`,
  );
  console.log('  ours beside the raw baseline (fetch, cut lines, JSON.parse each event) on the same bytes:');
  console.log(
    `    ${'wire and recorded reply'.padEnd(56)}      whole      stream   stream/whole  |  raw whole  raw stream  raw stream/whole`,
  );
  const pct = (ratio: number) => `${(ratio * 100).toFixed(0).padStart(5)} %`;
  for (const row of rows) {
    console.log(
      `    ${row.name.slice(0, 56).padEnd(56)} ${ms(row.wholeMs)} ${ms(row.streamMs)}   ${pct(row.streamMs / row.wholeMs - 1)}     |  ${ms(row.rawWholeMs)} ${ms(row.rawStreamMs)}   ${pct(row.rawStreamMs / row.rawWholeMs - 1)}`,
    );
  }
  const sum = (pick: (row: OverheadRow) => number) => rows.reduce((n, row) => n + pick(row), 0);
  const ours = sum((r) => r.streamMs) / sum((r) => r.wholeMs) - 1;
  const raw = sum((r) => r.rawStreamMs) / sum((r) => r.rawWholeMs) - 1;
  const oursOverRaw = sum((r) => r.streamMs) / sum((r) => r.rawStreamMs) - 1;
  const perReply = (sum((r) => r.streamMs) - sum((r) => r.wholeMs)) / rows.length;
  console.log(
    `  overall: stream against whole ${pct(ours)} (goal < 5 %: ${ours < 0.05 ? 'met' : 'NOT met'}); the raw baseline pays ${pct(raw)} for the same streams;`,
  );
  console.log(
    `  our stream reader against the raw one ${pct(oursOverRaw)}; streaming costs ${perReply.toFixed(2)} ms more per reply on average, ${((perReply / 1000) * 100).toFixed(2)} % of a reply that takes the provider 1 s`,
  );
}

await main();
