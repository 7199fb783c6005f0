/** Small reads and checks the store's methods share (kept apart so session-store.ts stays one concept). */
import type { StoredRecord } from './record.ts';
import { decodeRecord, isRecordKind, unknownKind } from './record.ts';
import type { RecordRow, Statements } from './statements.ts';
import { invalidArgument } from './store-error.ts';

/** A chat with more records than this is never taken for empty, whatever they are. */
export const EMPTY_CHAT_MAX_RECORDS = 50;

/** A message record from the system (read loosely: a malformed one counts as content, and is kept). */
export function isSystemLine(row: RecordRow): boolean {
  if (row.kind !== 'message') return false;
  try {
    return (JSON.parse(row.body) as { from?: { kind?: unknown } }).from?.kind === 'system';
  } catch {
    return false;
  }
}

export function decodeRow(row: RecordRow): StoredRecord {
  return decodeRecord(row.seq, row.kind, row.body);
}

export function requireCount(name: string, value: number): void {
  if (!Number.isInteger(value) || value < 0) throw invalidArgument(`${name} must be a whole number >= 0`);
}

/**
 * A read that selects some kinds still refuses a kind this version does not know at or after
 * `fromSeq` (never a silent skip): the session's distinct kinds are walked through the kind index.
 */
export function requireKnownKinds(s: Statements, sessionId: string, fromSeq: number): void {
  let kind = '';
  for (;;) {
    const next = s.nextKind.get(sessionId, kind);
    if (next === undefined) return;
    kind = next.kind;
    if (isRecordKind(kind)) continue;
    const found = s.firstOfKindFrom.get(sessionId, kind, fromSeq);
    if (found !== undefined) throw unknownKind(found.seq, kind);
  }
}
