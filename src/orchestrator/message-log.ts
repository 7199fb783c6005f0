import { randomUUID } from 'node:crypto';
import type { EventBus } from '../domain/events.ts';
import type { AgentId } from '../domain/ids.ts';
import type { AgentMessage, AttachmentRef, Endpoint } from '../domain/message.ts';

/** Where messages are persisted once the session store lands; the log calls it at each record. */
export interface MessageSink {
  recordMessage(message: AgentMessage): void;
}

/**
 * The village conversation log (Shared.log): append-only, in memory, capped; the only source the
 * room log and `room_log` read. Recording a message also announces it (`messageSent`).
 */
export class MessageLog {
  private readonly entries: AgentMessage[] = [];

  constructor(
    private readonly capacity: number,
    private readonly events: EventBus,
    public sink: MessageSink | null = null,
  ) {}

  record(message: AgentMessage): AgentMessage {
    this.entries.push(message);
    if (this.entries.length > this.capacity) this.entries.splice(0, this.entries.length - this.capacity);
    this.sink?.recordMessage(message);
    this.events.emit({ type: 'messageSent', message });
    return message;
  }

  /** Puts back a message read from the store (no sink write, no event). */
  restore(message: AgentMessage): void {
    this.entries.push(message);
    if (this.entries.length > this.capacity) this.entries.shift();
  }

  /** Oldest first; the last `limit` when given. */
  list(limit?: number): AgentMessage[] {
    return limit === undefined ? [...this.entries] : this.entries.slice(-limit);
  }

  clear(): void {
    this.entries.length = 0;
  }
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
