import type { ToolCallRecord, TurnRecord } from '../domain/session.ts';

/**
 * Where settled turns go: the session store implements this; until then (and in tests) the memory
 * sink keeps them. `sessionId` names the conversation the records belong to.
 */
export interface TurnSink {
  sessionId(): string;
  recordTurn(record: TurnRecord): void;
  recordExchange(agentId: string, sent: string, replied: string): void;
  /** A bundled / MCP tool call as the chat shows it (the `tool` record, issue 22). */
  recordToolCall(record: ToolCallRecord): void;
}

/** Keeps the most recent records in memory (bounded): for tests and for a village without a store. */
export class MemoryTurnSink implements TurnSink {
  readonly turns: TurnRecord[] = [];
  readonly exchanges: { agentId: string; sent: string; replied: string }[] = [];
  readonly toolCalls: ToolCallRecord[] = [];

  constructor(
    private readonly id = 'unsaved',
    private readonly capacity = 1000,
  ) {}

  sessionId(): string {
    return this.id;
  }
  recordTurn(record: TurnRecord): void {
    this.turns.push(record);
    if (this.turns.length > this.capacity) this.turns.shift();
  }
  recordExchange(agentId: string, sent: string, replied: string): void {
    this.exchanges.push({ agentId, sent, replied });
    if (this.exchanges.length > this.capacity) this.exchanges.shift();
  }
  recordToolCall(record: ToolCallRecord): void {
    this.toolCalls.push(record);
    if (this.toolCalls.length > this.capacity) this.toolCalls.shift();
  }
}
