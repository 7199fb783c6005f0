import { sessionTitle } from './session-list.ts';
import type { AgentMessage, SessionSummary } from './types.ts';

/**
 * A conversation the person has not asked anything in yet: its title (taken from the first request)
 * is still empty. There is nothing to fork at and nothing of theirs to export.
 */
export function hasNoRequest(session: Pick<SessionSummary, 'meta'>): boolean {
  return sessionTitle(session.meta.title) === null;
}

/**
 * The open chat is empty as the store counts it (src/store/session-store.ts `deleteIfEmpty`): no
 * request and only System lines ("… started running"). Starting another chat then changes nothing
 * the person could lose, so it is neither confirmed nor announced.
 */
export function isEmptyChat(session: SessionSummary | null, messages: readonly AgentMessage[]): boolean {
  return session !== null && hasNoRequest(session) && messages.every((m) => m.from.kind === 'system');
}
