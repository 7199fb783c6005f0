import { CoreError } from '../domain/errors.ts';
import type { AgentMessage } from '../domain/message.ts';

/** One page of the conversation for a scrolling screen: oldest first, and whether older ones exist. */
export interface MessagePage {
  messages: AgentMessage[];
  hasMore: boolean;
}

/** A message id (as the screen holds it) or a store record seq. */
export type MessageCursor = string | number;

/** Reads pages older than the in-memory log; null when there is no store (the log is all there is). */
export type OlderMessages = (before: MessageCursor, limit: number) => MessagePage | null;

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
    return page;
  }
  const end = before === undefined ? memory.length : memory.findIndex((m) => m.id === before);
  if (end < 0) {
    const page = older(before!, limit);
    if (page === null) throw unknownMessage(before!);
    return page;
  }
  const start = Math.max(0, end - limit);
  const fromMemory = memory.slice(start, end);
  if (start > 0) return { messages: fromMemory, hasMore: true };
  // The memory is exhausted: the rest of the page (or just whether more exist) comes from the store.
  const anchor = memory[0]?.id;
  if (anchor === undefined) return { messages: [], hasMore: false };
  const fromStore = olderThanMemory(older, anchor, limit - fromMemory.length);
  return { messages: [...fromStore.messages, ...fromMemory], hasMore: fromStore.hasMore };
}

/** A log entry whose save failed is not in the store: then nothing older is known. */
function olderThanMemory(older: OlderMessages, anchor: string, limit: number): MessagePage {
  try {
    return older(anchor, limit) ?? { messages: [], hasMore: false };
  } catch (error) {
    if (error instanceof CoreError && error.code === 'INVALID_ARGUMENT')
      return { messages: [], hasMore: false };
    throw error;
  }
}

function unknownMessage(id: string): CoreError {
  return new CoreError('INVALID_ARGUMENT', `no message ${JSON.stringify(id)} in this conversation`);
}
