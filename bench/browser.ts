/**
 * Browser recovery benchmark: prints figures, asserts nothing. `npx tsx bench/browser.ts`
 *
 * A script that never ends (`while (true) {}`) times out in `act evaluate`; how long until the caller
 * can click on that tab again? Measured with the CDP evaluate engine (`auto`) and with Playwright-only
 * evaluate (`playwright`, whose recovery retires the Playwright connection), on a small local page
 * whose button changes a text. Each click is checked by reading that text on a CDP socket of our own.
 */
import { createServer, type Server } from 'node:http';
import { performance } from 'node:perf_hooks';
import type { DiagLog } from '../src/diag/log.ts';
import { CoreError } from '../src/domain/errors.ts';
import { CdpConnection } from '../src/browser/cdp-connection.ts';
import type { BrowserCounters } from '../src/browser/counters.ts';
import { dispatchBrowser } from '../src/browser/routes.ts';
import type { SnapshotResponse } from '../src/browser/schemas.ts';
import { BrowserService } from '../src/browser/service.ts';
import { BrowserSettingsStore } from '../src/browser/settings.ts';

/** The hung evaluate's `timeoutMs`. */
const EVALUATE_TIMEOUT_MS = 1_000;
const ROUNDS = 5;
/** How long the caller keeps trying to click after the evaluate returned before it gives up. */
const CLICK_LIMIT_MS = 30_000;
const HANG = '() => { while (true) {} }';

const PAGE = `<!doctype html><html><head><title>bench</title></head><body>
<button id="b" onclick="document.getElementById('out').textContent = 'clicked ' + (++window.clicks)">Press me</button>
<p id="out">clicked 0</p><script>window.clicks = 0;</script></body></html>`;

interface Round {
  /** t0 (evaluate sent) -> click resolved; null when the click did not succeed within the limit. */
  totalMs: number | null;
  /** evaluate returned -> click resolved. */
  afterTimeoutMs: number | null;
  evaluateMs: number;
  evaluateCode: string;
  verified: boolean;
  /** Codes of the click attempts (and snapshots) that failed before the one that worked. */
  failures: string[];
}

function codeOf(error: unknown): string {
  if (error instanceof CoreError) return error.code;
  return error instanceof Error ? error.name : 'unknown';
}

/** The page's text, read on a socket of our own (not the engine's, so it does not touch the counters). */
async function readOut(service: BrowserService, targetId: string): Promise<string | null> {
  let timer: NodeJS.Timeout | undefined;
  const opened = CdpConnection.open(service.browserWsUrl, 5_000);
  const read = opened.then(async (connection) => {
    const { sessionId } = await connection.send<{ sessionId: string }>('Target.attachToTarget', {
      targetId,
      flatten: true,
    });
    const answer = await connection.send<{ result?: { value?: unknown } }>(
      'Runtime.evaluate',
      { expression: "document.getElementById('out').textContent", returnByValue: true },
      sessionId,
    );
    return typeof answer.result?.value === 'string' ? answer.result.value : null;
  });
  const late = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), 5_000)));
  try {
    return await Promise.race([read, late]).catch(() => null);
  } finally {
    clearTimeout(timer);
    // Closed even when it opens after we stopped waiting.
    void opened.then((connection) => connection.close()).catch(() => undefined);
  }
}

async function buttonRef(service: BrowserService, targetId: string, timeoutMs: number): Promise<string> {
  const shot = (await dispatchBrowser(service, 'snapshot', { targetId, timeoutMs })) as SnapshotResponse;
  const ref = Object.entries(shot.refs).find(([, r]) => r.role === 'button' && r.name === 'Press me')?.[0];
  if (!ref) throw new Error(`no button in the snapshot:\n${shot.snapshot}`);
  return ref;
}

async function round(service: BrowserService, targetId: string, ref: { value: string }): Promise<Round> {
  const before = await readOut(service, targetId);
  const failures: string[] = [];
  const t0 = performance.now();
  let evaluateCode = 'ok';
  try {
    await dispatchBrowser(service, 'act', {
      kind: 'evaluate',
      targetId,
      fn: HANG,
      timeoutMs: EVALUATE_TIMEOUT_MS,
    });
  } catch (error) {
    evaluateCode = codeOf(error);
  }
  const returned = performance.now();
  const deadline = returned + CLICK_LIMIT_MS;
  let t1: number | null = null;
  // What a caller does: click; take a new snapshot if the ref is refused; retry other failures until the limit.
  while (performance.now() < deadline) {
    const timeoutMs = Math.max(1, Math.floor(deadline - performance.now()));
    try {
      await dispatchBrowser(service, 'act', { kind: 'click', targetId, ref: ref.value, timeoutMs });
      t1 = performance.now();
      break;
    } catch (error) {
      const code = codeOf(error);
      failures.push(`click:${code}`);
      if (code !== 'BROWSER_REF_NOT_FOUND') {
        await new Promise((resolve) => setTimeout(resolve, 50));
        continue;
      }
      try {
        ref.value = await buttonRef(service, targetId, Math.max(1, Math.floor(deadline - performance.now())));
      } catch (snapError) {
        failures.push(`snapshot:${codeOf(snapError)}`);
      }
    }
  }
  const after = t1 === null ? null : await readOut(service, targetId);
  const count = (text: string | null) => Number(/clicked (\d+)/.exec(text ?? '')?.[1] ?? NaN);
  return {
    totalMs: t1 === null ? null : t1 - t0,
    afterTimeoutMs: t1 === null ? null : t1 - returned,
    evaluateMs: returned - t0,
    evaluateCode,
    verified: t1 !== null && count(after) === count(before) + 1,
    failures,
  };
}

interface EngineResult {
  label: string;
  rounds: Round[];
  /** Clicks with no hung evaluate before them, for comparison. */
  plainClicksMs: number[];
  counters: BrowserCounters;
  warnings: number;
}

async function runEngine(engine: 'auto' | 'playwright', url: string): Promise<EngineResult> {
  const lines: string[] = [];
  const log: DiagLog = { note: (line) => lines.push(line), warn: (line) => lines.push(`WARN ${line}`) };
  const service = new BrowserService({
    log,
    settings: new BrowserSettingsStore(null),
    evaluateEngine: engine,
  });
  try {
    await service.start();
    const { targetId } = (await dispatchBrowser(service, 'tabs/open', { url })) as { targetId: string };
    // The tab loads on its own (opened over CDP); wait until the button is there.
    for (let i = 0; i < 100 && (await readOut(service, targetId)) === null; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const ref = { value: await buttonRef(service, targetId, 10_000) };
    await round(service, targetId, ref); // warm-up, not counted
    const plainClicksMs: number[] = [];
    for (let i = 0; i < ROUNDS; i += 1) {
      const start = performance.now();
      await dispatchBrowser(service, 'act', { kind: 'click', targetId, ref: ref.value });
      plainClicksMs.push(performance.now() - start);
    }
    const rounds: Round[] = [];
    for (let i = 0; i < ROUNDS; i += 1) rounds.push(await round(service, targetId, ref));
    return {
      label: engine === 'auto' ? 'cdp' : 'playwright',
      rounds,
      plainClicksMs,
      counters: structuredClone(service.counters),
      warnings: lines.filter((line) => line.startsWith('WARN ')).length,
    };
  } finally {
    await service.stop().catch(() => undefined);
  }
}

const ms = (value: number): string => `${value.toFixed(1)} ms`;

function median(values: number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

interface Summary {
  total: number | null;
  after: number | null;
}

function report(result: EngineResult): Summary {
  const done = result.rounds.filter((r) => r.totalMs !== null);
  const totals = done.map((r) => r.totalMs!);
  const summary = { total: median(totals), after: median(done.map((r) => r.afterTimeoutMs!)) };
  const name = result.label.padEnd(11);
  const pad = ' '.repeat(14);
  if (summary.total === null) {
    console.log(`  ${name} click did not succeed within ${CLICK_LIMIT_MS} ms in any round`);
  } else {
    console.log(
      `  ${name} hung evaluate -> click: median ${ms(summary.total)}, max ${ms(Math.max(...totals))}; click after timeout: median ${ms(summary.after!)} (a plain click: median ${ms(median(result.plainClicksMs)!)})`,
    );
  }
  const missed = result.rounds.length - done.length;
  if (missed > 0 && done.length > 0) {
    console.log(`${pad}click did not succeed within ${CLICK_LIMIT_MS} ms in ${missed}/${ROUNDS} rounds`);
  }
  const codes = [...new Set(result.rounds.map((r) => r.evaluateCode))].join(', ');
  const evalMedian = median(result.rounds.map((r) => r.evaluateMs));
  const verified = result.rounds.filter((r) => r.verified).length;
  const failures = result.rounds.flatMap((r) => r.failures);
  console.log(
    `${pad}evaluate returned ${codes} after median ${ms(evalMedian!)}; clicks verified ${verified}/${ROUNDS}; failed click/snapshot attempts: ${failures.length === 0 ? 'none' : failures.join(', ')}`,
  );
  const c = result.counters;
  console.log(
    `${pad}counters: terminateExecution sent ${c.terminateExecution.sent} / acknowledged ${c.terminateExecution.acknowledged}, fallbacks ${c.fallbacks.total}, playwrightRecoveries ${c.playwrightRecoveries}, playwrightConnects ${c.playwrightConnects}, evaluate timeouts ${c.evaluate.timeouts}${result.warnings > 0 ? `, log warnings ${result.warnings}` : ''}`,
  );
  return summary;
}

function ratio(a: number | null, b: number | null): string {
  return a === null || b === null || b === 0 ? 'n/a' : `${(a / b).toFixed(2)}x`;
}

const server: Server = createServer((_, res) => {
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(PAGE);
});
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const address = server.address();
const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/`;
try {
  console.log(
    `browser: hung evaluate (timeoutMs ${EVALUATE_TIMEOUT_MS}) -> next click on the same tab, ${ROUNDS} rounds after 1 warm-up, click limit ${CLICK_LIMIT_MS} ms`,
  );
  const cdp = report(await runEngine('auto', url));
  const playwright = report(await runEngine('playwright', url));
  console.log(
    `  ratio playwright/cdp of the medians: hung evaluate -> click ${ratio(playwright.total, cdp.total)}, click after timeout ${ratio(playwright.after, cdp.after)}`,
  );
} finally {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
}
