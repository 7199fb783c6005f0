import type { SessionStore } from './session-store.ts';

/**
 * One backfill step (one write transaction) indexes at most BACKFILL_RECORDS old message records and
 * at most BACKFILL_CHARS characters of their text, whichever comes first; a single record longer than
 * that goes alone. Both bounds, because the trigram index's cost follows the text: at 100 records a
 * step (before issue 22's bounds) 40,000 messages of ~700 characters took p99 192 ms, max 296 ms a step.
 * With the index (2026-12-02), one append costs 0.47 ms at 40,000 indexed messages; search: 16 ms
 * (`budget`), 11 ms (`テキスト`), and a two-character query's LIKE scan of 10,000 rows 33 ms (`京都`;
 * 20,000 rows took 80-100 ms).
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
