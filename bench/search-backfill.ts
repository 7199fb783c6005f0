/**
 * Search backfill benchmark: prints figures, asserts nothing. `npx tsx bench/search-backfill.ts`
 *
 * A session file as schema version 3 wrote it (no search tables) with 40,000 messages of about 700
 * characters in one session is opened by the store (the migration queues the backlog), then the real
 * startSearchBackfill indexes it one step per macrotask. Printed: total time, steps, per-step median /
 * p99 / max, and the event loop's delay while it runs (monitorEventLoopDelay p99 / max: what a request
 * arriving meanwhile waits). The same for a copy of the file at 100 records a step, the bound before
 * issue 22's. Beside them, as the floor for this stack, plain better-sqlite3 inserts of the same texts
 * into the same FTS5 trigram tables, one transaction per 25 rows, in the same process.
 *
 * Reading the figures: FTS5 merges its segments now and then inside an insert, so a few steps are far
 * slower than the median, in the plain column as well; those set the max. On a shared machine (CI
 * beside it) the figures move by tens of percent between runs.
 */
import { copyFileSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import Database from 'better-sqlite3';
import type { AgentId } from '../src/domain/ids.ts';
import type { AgentMessage } from '../src/domain/message.ts';
import { MIGRATIONS } from '../src/store/schema.ts';
import { BACKFILL_CHARS, BACKFILL_RECORDS, startSearchBackfill } from '../src/store/search-backfill.ts';
import { openStoreFile, PAGE_SIZE, sessionStorePath } from '../src/store/session-file.ts';
import { SessionStore } from '../src/store/session-store.ts';

const TOTAL = 40_000;
const SESSION = '1764460800000-0a1b2c3d';
const PLAIN_PER_TX = 25;

function messageAt(n: number): AgentMessage {
  const words = n % 3 === 0 ? '会話の本文と検索の索引 ' : 'lorem ipsum dolor sit amet, budget ';
  return {
    id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    from: n % 2 === 0 ? { kind: 'user' } : { kind: 'agent', id: 'alice' as AgentId },
    to: n % 2 === 0 ? { kind: 'agent', id: 'alice' as AgentId } : { kind: 'user' },
    content: `message ${n}: ${words.repeat(60)}`.slice(0, 700),
    tokens: 200,
    tsMs: 1_760_000_000_000 + n,
    hop: 0,
  };
}

/** The file as version 3 left it: its schema, one session, the records; no search tables. */
function seedVersion3(path: string): void {
  // Not openStoreFile: it migrates to the current version. The store's pragmas, by hand.
  const db = new Database(path);
  db.pragma(`page_size = ${PAGE_SIZE}`);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  for (const sql of MIGRATIONS.slice(0, 3)) db.exec(sql);
  db.pragma('user_version = 3');
  db.prepare('INSERT INTO sessions (id, meta) VALUES (?, ?)').run(
    SESSION,
    JSON.stringify({ title: 'old', createdAt: 100, updatedAt: 300, recordCount: TOTAL }),
  );
  const insert = db.prepare('INSERT INTO records (session_id, seq, kind, body) VALUES (?, ?, ?, ?)');
  db.transaction(() => {
    for (let n = 0; n < TOTAL; n += 1) insert.run(SESSION, n, 'message', JSON.stringify(messageAt(n)));
  })();
  db.close();
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

function stepLine(label: string, steps: number[], totalMs: number): string {
  const sorted = [...steps].sort((a, b) => a - b);
  const over = (ms: number) => steps.filter((x) => x > ms).length;
  return [
    label.padEnd(36),
    `total ${(totalMs / 1000).toFixed(2)} s`,
    `steps ${steps.length}`,
    `median ${percentile(sorted, 50).toFixed(2)} ms`,
    `p99 ${percentile(sorted, 99).toFixed(1)} ms`,
    `max ${(sorted.at(-1) ?? 0).toFixed(1)} ms`,
    `>16 ms ${over(16)}`,
    `>50 ms ${over(50)}`,
  ].join('  ');
}

/** The store's backfill, timed per step by wrapping the instance's method; resolves when it is done. */
async function storeBackfill(path: string, records = BACKFILL_RECORDS, chars = BACKFILL_CHARS) {
  const openStart = performance.now();
  const store = SessionStore.open(path);
  const openMs = performance.now() - openStart;
  const steps: number[] = [];
  const original = store.backfillSearch.bind(store);
  let finish!: () => void;
  const done = new Promise<void>((resolve) => (finish = resolve));
  let failure: unknown = null;
  store.backfillSearch = (limit?: number, maxChars?: number) => {
    const start = performance.now();
    const more = original(limit, maxChars);
    steps.push(performance.now() - start);
    if (!more) setImmediate(finish);
    return more;
  };
  const delay = monitorEventLoopDelay({ resolution: 1 });
  delay.enable();
  const start = performance.now();
  startSearchBackfill(
    store,
    (error) => {
      failure = error;
      finish();
    },
    records,
    chars,
  );
  await done;
  const totalMs = performance.now() - start;
  delay.disable();
  if (failure !== null) throw failure;
  const searchStart = performance.now();
  const hits = store.searchSessions('message 39999:').length;
  const searchMs = performance.now() - searchStart;
  store.close();
  return { openMs, steps, totalMs, delay, hits, searchMs };
}

/** The floor: the same texts straight into the same tables, PLAIN_PER_TX rows per transaction. */
function plainInserts(path: string) {
  // The store's own open: its pragmas and the current schema, search tables included.
  const db = openStoreFile(path);
  const insert = db.prepare('INSERT INTO search_rows (session_id, seq, text) VALUES (?, ?, ?)');
  const texts = Array.from({ length: TOTAL }, (_, n) => messageAt(n).content);
  const tx = db.transaction((from: number) => {
    for (let n = from; n < Math.min(TOTAL, from + PLAIN_PER_TX); n += 1) insert.run(SESSION, n, texts[n]!);
  });
  const steps: number[] = [];
  const start = performance.now();
  for (let from = 0; from < TOTAL; from += PLAIN_PER_TX) {
    const stepStart = performance.now();
    tx(from);
    steps.push(performance.now() - stepStart);
  }
  const totalMs = performance.now() - start;
  db.close();
  return { steps, totalMs };
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'fuseforks-bench-backfill-'));
  try {
    const workspace = join(dir, 'ws');
    mkdirSync(workspace);
    const path = sessionStorePath(workspace);
    const seedStart = performance.now();
    seedVersion3(path);
    const seedMs = performance.now() - seedStart;
    console.log(
      `search backfill: ${TOTAL} messages of ${messageAt(1).content.length} characters in one session ` +
        `(version 3 file written in ${(seedMs / 1000).toFixed(1)} s); step bounds ` +
        `${BACKFILL_RECORDS} records / ${BACKFILL_CHARS} characters; node ${process.version}`,
    );

    // A copy of the old file for the comparison run (the first run migrates and indexes its own).
    const beforeWorkspace = join(dir, 'before');
    mkdirSync(beforeWorkspace);
    copyFileSync(path, sessionStorePath(beforeWorkspace));

    const ms = (ns: number) => (ns / 1e6).toFixed(1);
    const report = (label: string, run: Awaited<ReturnType<typeof storeBackfill>>) => {
      console.log(`${label}: open (the migration queues the backlog) ${run.openMs.toFixed(1)} ms`);
      console.log(stepLine('  backfill (startSearchBackfill)', run.steps, run.totalMs));
      console.log(
        `  event loop delay during backfill  p50 ${ms(run.delay.percentile(50))} ms  ` +
          `p99 ${ms(run.delay.percentile(99))} ms  max ${ms(run.delay.max)} ms`,
      );
      console.log(`  search after backfill             ${run.hits} hit(s) in ${run.searchMs.toFixed(1)} ms`);
    };
    report(
      `store, ${BACKFILL_RECORDS} records / ${BACKFILL_CHARS} characters a step`,
      await storeBackfill(path),
    );
    // The bound before issue 22's (100 records, no character bound), on the same machine and minute.
    report(
      'store, 100 records a step (the bound before)',
      await storeBackfill(sessionStorePath(beforeWorkspace), 100, Number.MAX_SAFE_INTEGER),
    );

    const plainWorkspace = join(dir, 'plain');
    mkdirSync(plainWorkspace);
    const plain = plainInserts(sessionStorePath(plainWorkspace));
    console.log(`plain better-sqlite3, same tables, the same texts`);
    console.log(stepLine(`  FTS5 insert, ${PLAIN_PER_TX} rows a transaction`, plain.steps, plain.totalMs));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
