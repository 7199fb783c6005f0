import type { SessionStore } from './session-store.ts';

/** Old message records indexed per step: one step is a short write transaction (a few ms). */
export const BACKFILL_CHUNK = 500;

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
