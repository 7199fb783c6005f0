import { randomUUID } from 'node:crypto';
import type { EventBus } from '../domain/events.ts';
import type { AgentId } from '../domain/ids.ts';
import type { AgentMessage, AttachmentRef, Endpoint } from '../domain/message.ts';

/** Where messages are persisted once the session store lands; the log calls it at each record. */
export interface MessageSink {
  recordMessage(message: AgentMessage): void;
}

/** How many leading characters of a lowercased id key the prefix index (the room log's shortest shown id). */
const ID_KEY_LENGTH = 8;

/**
 * The village conversation log (Shared.log): append-only, in memory, capped; the only source the
 * room log and `room_log` read. Recording a message also announces it (`messageSent`).
 *
 * Besides the entries it keeps what each turn's room log asks for (issue 24): the messages sent by
 * an agent (the only ones the room log may show) and the messages by id prefix, so a turn reads the
 * few it shows instead of filtering and copying the whole log. Both follow every record, eviction
 * and clear; a recorded message's endpoints and id never change.
 */
export class MessageLog {
  private readonly entries: AgentMessage[] = [];
  private readonly agentSent: AgentMessage[] = [];
  private readonly byIdKey = new Map<string, AgentMessage[]>();

  constructor(
    private readonly capacity: number,
    private readonly events: EventBus,
    public sink: MessageSink | null = null,
  ) {}

  record(message: AgentMessage): AgentMessage {
    this.append(message);
    this.sink?.recordMessage(message);
    this.events.emit({ type: 'messageSent', message });
    return message;
  }

  /** Puts back a message read from the store (no sink write, no event). */
  restore(message: AgentMessage): void {
    this.append(message);
  }

  /** Oldest first; the last `limit` when given (a copy either way). */
  list(limit?: number): AgentMessage[] {
    return limit === undefined ? [...this.entries] : this.entries.slice(-limit);
  }

  /** Oldest first, without a copy: read it at once, it changes with the next record. */
  view(): readonly AgentMessage[] {
    return this.entries;
  }

  /** The messages sent by an agent, newest first. */
  *agentSentNewestFirst(): Iterable<AgentMessage> {
    for (let i = this.agentSent.length - 1; i >= 0; i -= 1) yield this.agentSent[i]!;
  }

  /** Every message whose lowercased id starts with `prefix` (lowercase), oldest first. */
  withIdPrefix(prefix: string): readonly AgentMessage[] {
    if (prefix.length !== ID_KEY_LENGTH)
      return this.entries.filter((m) => m.id.toLowerCase().startsWith(prefix));
    return this.byIdKey.get(prefix) ?? [];
  }

  clear(): void {
    this.entries.length = 0;
    this.agentSent.length = 0;
    this.byIdKey.clear();
  }

  private append(message: AgentMessage): void {
    this.entries.push(message);
    if (message.from.kind === 'agent') this.agentSent.push(message);
    const key = idKey(message);
    const bucket = this.byIdKey.get(key);
    if (bucket) bucket.push(message);
    else this.byIdKey.set(key, [message]);
    if (this.entries.length > this.capacity) this.evict(this.entries.length - this.capacity);
  }

  private evict(count: number): void {
    for (const message of this.entries.splice(0, count)) {
      // The oldest entry is also the oldest of its kind: the front of each index.
      if (message.from.kind === 'agent') this.agentSent.shift();
      const key = idKey(message);
      const bucket = this.byIdKey.get(key);
      const at = bucket?.indexOf(message) ?? -1;
      if (at < 0) continue;
      bucket!.splice(at, 1);
      if (bucket!.length === 0) this.byIdKey.delete(key);
    }
  }
}

function idKey(message: AgentMessage): string {
  return message.id.toLowerCase().slice(0, ID_KEY_LENGTH);
}

export function newMessage(fields: {
  /** Given when the id was announced before the message existed (a streamed reply's bubble). */
  id?: string;
  from: Endpoint;
  to: Endpoint;
  content: string;
  hop: number;
  tokens?: number;
  coRecipients?: AgentId[];
  /** The stored references (at most one); omitted when empty, so a message without one is unchanged. */
  attachments?: AttachmentRef[];
  nowMs: number;
}): AgentMessage {
  const message: AgentMessage = {
    id: fields.id ?? randomUUID(),
    from: fields.from,
    to: fields.to,
    content: fields.content,
    tokens: fields.tokens ?? 0,
    tsMs: fields.nowMs,
    hop: fields.hop,
  };
  if (fields.coRecipients && fields.coRecipients.length > 1) message.coRecipients = fields.coRecipients;
  if (fields.attachments && fields.attachments.length > 0) message.attachments = fields.attachments;
  return message;
}
