import type { SessionMeta } from '../domain/session.ts';
import { encodeMeta } from './meta.ts';
import type { Statements } from './statements.ts';
import type { Transactions } from './transactions.ts';

/**
 * How stale the stored updatedAt may grow while appends go on: the session row is written again
 * once the stored value is this much older than the newest append.
 */
export const META_WRITE_INTERVAL_MS = 1000;

/**
 * The session row's updatedAt and recordCount move with every append, but rewriting that row (and
 * the updatedAt index) on each one made an append cost 1.6-1.8x a plain insert (issue 24: 5.15 WAL
 * pages against 3.15). An append now writes the row only when it must (see `mustWrite`); in between,
 * the newer fields wait here, and every reader of the store sees them: `meta()` lays them over the
 * row, and whatever lists or orders sessions in SQL writes them first (`SessionStore.flushMeta`), as
 * does a clean close. What a crash can cost: the stored updatedAt up to META_WRITE_INTERVAL_MS behind
 * the last record; recordCount is worked out again from the records at the next open.
 */
export class LaggingMeta {
  /** Per session: the row as stored, and the fields readers see. */
  private readonly waiting = new Map<string, { stored: SessionMeta; next: SessionMeta }>();

  get size(): number {
    return this.waiting.size;
  }

  /** What readers see: the waiting fields when there are any, else the row as stored. */
  shown(sessionId: string, stored: SessionMeta): SessionMeta {
    return this.waiting.get(sessionId)?.next ?? stored;
  }

  /**
   * The waiting fields with the row as stored (the store is the file's only writer, and whatever else
   * writes a session row flushes or forgets first): an append need not read the row again.
   */
  held(sessionId: string): { stored: SessionMeta; next: SessionMeta } | undefined {
    return this.waiting.get(sessionId);
  }

  /**
   * Whether an append that turns `stored` into `next` writes the row now: when the title changed (a
   * first user message titles the chat), when the session had no record yet (empty chats are found
   * by SQL), when the clock went back, or when the stored updatedAt has grown too old.
   */
  mustWrite(stored: SessionMeta, next: SessionMeta): boolean {
    return (
      next.title !== stored.title ||
      stored.recordCount === 0 ||
      next.updatedAt < stored.updatedAt ||
      next.updatedAt - stored.updatedAt >= META_WRITE_INTERVAL_MS
    );
  }

  hold(sessionId: string, entry: { stored: SessionMeta; next: SessionMeta }): void {
    this.waiting.set(sessionId, entry);
  }

  /** The row was written (or removed) with current fields: nothing waits for it any more. */
  forget(sessionId: string): void {
    this.waiting.delete(sessionId);
  }

  /** Writes every waiting row in one transaction (a session deleted meanwhile is passed over). */
  flush(tx: Transactions, s: Statements): void {
    if (this.waiting.size === 0) return;
    tx.write(() => {
      for (const [id, { next }] of this.waiting) {
        if (s.sessionExists.get(id) !== undefined) s.updateMeta.run(encodeMeta(next), id);
      }
    });
    this.waiting.clear();
  }
}
