import { CoreError } from '../domain/errors.ts';
import type { AgentMessage } from '../domain/message.ts';

/** One page of the conversation for a scrolling screen: oldest first, and whether older ones exist. */
export interface MessagePage {
  messages: AgentMessage[];
  hasMore: boolean;
  /**
   * The `before` to ask for the page older than this one: the oldest's store seq when it came from
   * the store (an index seek), its id when from memory, null when the page is empty.
   */
  next: MessageCursor | null;
}

/** What the store answers for a range older than a cursor. */
export interface StorePage {
  messages: AgentMessage[];
  hasMore: boolean;
  oldestSeq: number | null;
}

/** A message id (as the screen holds it) or a store record seq. */
export type MessageCursor = string | number;

/** Reads pages older than the in-memory log; null when there is no store (the log is all there is). */
export type OlderMessages = (before: MessageCursor, limit: number) => StorePage | null;

/**
 * `list_messages {before?, limit}`: the in-memory log (Shared.log) serves what it holds; what is older
 * than its oldest entry comes from the store, in one indexed range read (never the whole file). An id
 * neither holds is INVALID_ARGUMENT, as is a seq without a store.
 */
export function pageMessages(
  memory: readonly AgentMessage[],
  cursor: { before?: MessageCursor; limit: number },
  older: OlderMessages,
): MessagePage {
  const { before, limit } = cursor;
  if (typeof before === 'number') {
    const page = older(before, limit);
    if (page === null) throw new CoreError('INVALID_ARGUMENT', 'a seq cursor needs the session store');
    return fromStore(page);
  }
  const end = before === undefined ? memory.length : memory.findIndex((m) => m.id === before);
  if (end < 0) {
    const page = older(before!, limit);
    if (page === null) throw unknownMessage(before!);
    return fromStore(page);
  }
  const start = Math.max(0, end - limit);
  const fromMemory = memory.slice(start, end);
  if (start > 0) return { messages: fromMemory, hasMore: true, next: fromMemory[0]!.id };
  // The memory is exhausted: the rest of the page (or just whether more exist) comes from the store.
  const anchor = memory[0]?.id;
  if (anchor === undefined) return { messages: [], hasMore: false, next: null };
  const stored = olderThanMemory(older, anchor, limit - fromMemory.length);
  return {
    messages: [...stored.messages, ...fromMemory],
    hasMore: stored.hasMore,
    next: stored.oldestSeq ?? fromMemory[0]?.id ?? null,
  };
}

function fromStore(page: StorePage): MessagePage {
  return { messages: page.messages, hasMore: page.hasMore, next: page.oldestSeq };
}

/** A log entry whose save failed is not in the store: then nothing older is known. */
function olderThanMemory(older: OlderMessages, anchor: string, limit: number): StorePage {
  const none: StorePage = { messages: [], hasMore: false, oldestSeq: null };
  try {
    return older(anchor, limit) ?? none;
  } catch (error) {
    if (error instanceof CoreError && error.code === 'INVALID_ARGUMENT') return none;
    throw error;
  }
}

function unknownMessage(id: string): CoreError {
  return new CoreError('INVALID_ARGUMENT', `no message ${JSON.stringify(id)} in this conversation`);
}
