import type { SessionStore } from './session-store.ts';

/**
 * One backfill step (one write transaction) indexes at most BACKFILL_RECORDS old message records and
 * at most BACKFILL_CHARS characters of their text, whichever comes first; a single record longer than
 * that goes alone. Both bounds, because the trigram index's cost follows the text, not the count.
 * Figures (2026-12-03, `bench/search-backfill.ts`, 40,000 messages of 700 characters in one session,
 * this 2-core machine with CI running beside it, so noisy: two quieter runs, then one at load 5-6):
 * 25 records a step, 1,601 steps in 6.5-6.7 s, median 2.2 ms, p99 37-39 ms, max 57-61 ms (loaded:
 * 14.2 s, median 6.0, p99 63, max 155 ms); the event loop's delay meanwhile is the same (p99 37-39 ms,
 * max 57-61 ms). The bound before (100 records), same runs: 401 steps in 5.6-7.1 s, median 10-12 ms,
 * p99 58-74 ms, max 79-115 ms (loaded: p99 134, max 569 ms; the 2026-12-02 figures were p99 192,
 * max 296 ms). Plain better-sqlite3 inserts of the same texts, 25 rows a transaction: 4.7-4.9 s,
 * median 1.6 ms, p99 25-27 ms, max 44-49 ms (loaded: p99 50, max 120 ms). What remains above the
 * median is FTS5's automatic segment merges inside an insert, which grow with the index (the plain
 * inserts have them too). With the index (2026-12-02), one append costs 0.47 ms at 40,000 indexed
 * messages; search: 16 ms (`budget`), 11 ms (`テキスト`), and a two-character query's LIKE scan of
 * 10,000 rows 33 ms (`京都`; 20,000 rows took 80-100 ms).
 */
export const BACKFILL_RECORDS = 25;
export const BACKFILL_CHARS = 20_000;

/**
 * Builds the search index of a file from before schema version 4 after open, one step per macrotask
 * (setImmediate), so the event loop serves requests between steps and opening stays fast. A failed
 * step ends the backfill (what is indexed stays; the next open resumes from the backlog). Returns a
 * stop function; the loop also ends by itself when the backlog is empty.
 */
export function startSearchBackfill(
  store: SessionStore,
  onFailure: (error: unknown) => void,
  records = BACKFILL_RECORDS,
  chars = BACKFILL_CHARS,
): () => void {
  let stopped = false;
  let timer: NodeJS.Immediate | null = null;
  const step = () => {
    timer = null;
    if (stopped) return;
    let more: boolean;
    try {
      more = store.backfillSearch(records, chars);
    } catch (error) {
      stopped = true;
      onFailure(error);
      return;
    }
    if (more) timer = setImmediate(step);
  };
  timer = setImmediate(step);
  return () => {
    stopped = true;
    if (timer !== null) clearImmediate(timer);
  };
}
