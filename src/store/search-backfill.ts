import type { SessionStore } from './session-store.ts';

/**
 * Old message records indexed per step: one step is one write transaction. Figures (2026-12-02, this
 * machine, 40,000 messages of ~700 characters in one session): backfill 5.5 s in 402 steps, median
 * 7 ms, p99 192 ms, max 296 ms (15 steps over 50 ms: FTS5's automatic segment merges, which grow with
 * the index); at 500 per step the median was 56 ms and the max 484 ms. With the index, one append
 * costs 0.47 ms at 40,000 indexed messages; search: 16 ms (`budget`), 11 ms (`テキスト`), and a
 * two-character query's LIKE scan of 10,000 rows 33 ms (`京都`; 20,000 rows took 80-100 ms).
 */
export const BACKFILL_CHUNK = 100;

/**
 * Builds the search index of a file from before schema version 4 after open, one chunk per macrotask
 * (setImmediate), so the event loop serves requests between chunks and opening stays fast. A failed
 * step ends the backfill (what is indexed stays; the next open resumes from the backlog). Returns a
 * stop function; the loop also ends by itself when the backlog is empty.
 */
export function startSearchBackfill(
  store: SessionStore,
  onFailure: (error: unknown) => void,
  chunk = BACKFILL_CHUNK,
): () => void {
  let stopped = false;
  let timer: NodeJS.Immediate | null = null;
  const step = () => {
    timer = null;
    if (stopped) return;
    let more: boolean;
    try {
      more = store.backfillSearch(chunk);
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
