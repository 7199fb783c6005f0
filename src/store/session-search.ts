/**
 * The search index's writes and reads (schema version 4), called by SessionStore inside its own
 * transactions: a message and its index row commit together, and so do a delete or a fork copy.
 */
import { SEARCH_MAX_HITS, type SessionSearchHit } from '../domain/session.ts';
import { decodeMeta } from './meta.ts';
import type { SessionRecord } from './record.ts';
import type { SearchHitRow, SearchStatements } from './search-statements.ts';
import { SEARCH_CANDIDATES, SHORT_QUERY_SCAN_ROWS } from './search-statements.ts';
import { ftsPhrase, likePattern, searchableText, snippetAround, usesTrigramIndex } from './search-text.ts';

export class SessionSearch {
  constructor(private readonly s: SearchStatements) {}

  /** Inside the append's transaction. */
  recorded(sessionId: string, seq: number, record: SessionRecord): void {
    if (record.kind !== 'message') return;
    const text = searchableText(record.message);
    if (text !== null) this.s.insertRow.run(sessionId, seq, text);
  }

  /** Inside the delete's transaction. */
  deleted(sessionId: string): void {
    this.s.deleteRows.run(sessionId);
    this.backlogDeleted(sessionId);
  }

  /** The backlog part of `deleted`, for a delete whose rows go in slices afterwards. */
  backlogDeleted(sessionId: string): void {
    this.s.backlogDelete.run(sessionId);
  }

  /**
   * Inside the fork's transaction: the copied records' rows are copied too, and what of the source is
   * not indexed yet (an old file still being indexed) becomes the fork's own backlog.
   */
  forked(sourceId: string, forkId: string, atSeq: number): void {
    this.s.copyRows.run(forkId, sourceId, atSeq);
    this.forkedBacklog(sourceId, forkId, atSeq);
  }

  /** The backlog part of `forked`, for a fork copied in slices (its rows were copied slice by slice). */
  forkedBacklog(sourceId: string, forkId: string, atSeq: number): void {
    const pending = this.s.backlogOf.get(sourceId);
    if (pending === undefined) return;
    const last = Math.min(pending.last_seq, atSeq);
    if (pending.next_seq <= last) this.s.backlogInsert.run(forkId, pending.next_seq, last);
  }

  /** At most SEARCH_MAX_HITS messages containing `query` (trimmed, non-empty), newest first. */
  search(query: string): SessionSearchHit[] {
    const rows = usesTrigramIndex(query)
      ? this.s.match.all(ftsPhrase(query), SEARCH_CANDIDATES, SEARCH_MAX_HITS)
      : this.s.like.all(SHORT_QUERY_SCAN_ROWS, likePattern(query), SEARCH_MAX_HITS);
    return rows.map((row) => hitOf(row, query));
  }

  /**
   * Index up to `limit` message records of what was recorded before version 4, and no more than
   * `maxChars` characters of their text (a record longer than that alone still goes, alone), inside
   * the caller's write transaction. Returns whether more remains. A body that does not parse is
   * skipped here (the store's reads report it; the index must not stall on it).
   */
  backfill(limit: number, maxChars: number): boolean {
    const pending = this.s.backlogNext.get();
    if (pending === undefined) return false;
    const rows = this.s.messagesBetween.all(pending.session_id, pending.next_seq, pending.last_seq, limit);
    let taken = 0;
    let chars = 0;
    for (const row of rows) {
      const text = searchableText(parseOrNull(row.body));
      const size = text?.length ?? 0;
      // The trigram index's cost grows with the text, not the count: 25 long replies made one step
      // as slow as 100 short ones.
      if (taken > 0 && chars + size > maxChars) break;
      if (text !== null) this.s.insertRow.run(pending.session_id, row.seq, text);
      chars += size;
      taken += 1;
    }
    if (taken === rows.length && rows.length < limit) this.s.backlogDelete.run(pending.session_id);
    else this.s.backlogAdvance.run(rows[taken - 1]!.seq + 1, pending.session_id);
    return this.s.backlogCount.get()!.n > 0;
  }

  backlogSessions(): number {
    return this.s.backlogCount.get()!.n;
  }
}

function hitOf(row: SearchHitRow, query: string): SessionSearchHit {
  const meta = decodeMeta(row.session_id, row.meta);
  return {
    sessionId: row.session_id,
    title: meta.title,
    seq: row.seq,
    messageId: typeof row.message_id === 'string' ? row.message_id : '',
    snippet: snippetAround(row.text, query),
    updatedAt: meta.updatedAt,
  };
}

function parseOrNull(body: string): unknown {
  try {
    return JSON.parse(body);
  } catch {
    return null;
  }
}
