/** Empty chats (issue 22): untitled sessions holding nothing but system lines, pruned at boot and on leaving. */
import { decodeMeta } from './meta.ts';
import type { SessionSearch } from './session-search.ts';
import type { Statements } from './statements.ts';
import { EMPTY_CHAT_MAX_RECORDS, isSystemLine } from './store-rows.ts';

/** Inside the caller's write transaction: deletes `sessionId` when it is an empty chat; whether it did. */
export function deleteIfEmptyChat(s: Statements, search: SessionSearch, sessionId: string): boolean {
  const row = s.selectMeta.get(sessionId);
  if (row === undefined || decodeMeta(sessionId, row.meta).title !== '') return false;
  const head = s.recordsHead.all(sessionId, EMPTY_CHAT_MAX_RECORDS + 1);
  if (head.length > EMPTY_CHAT_MAX_RECORDS || !head.every(isSystemLine)) return false;
  s.deleteRecords.run(sessionId);
  s.deleteSession.run(sessionId);
  search.deleted(sessionId);
  return true;
}

/** The ids of every empty chat, most recently updated first. */
export function emptyChats(s: Statements): string[] {
  return s.untitledSessions
    .all()
    .map((row) => row.id)
    .filter((id) => {
      const head = s.recordsHead.all(id, EMPTY_CHAT_MAX_RECORDS + 1);
      return head.length <= EMPTY_CHAT_MAX_RECORDS && head.every(isSystemLine);
    });
}
