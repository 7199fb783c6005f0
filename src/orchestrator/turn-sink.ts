import type { TurnRecord } from '../domain/session.ts';

/**
 * Where settled turns go: the session store implements this; until then (and in tests) the memory
 * sink keeps them. `sessionId` names the conversation the records belong to.
 */
export interface TurnSink {
  sessionId(): string;
  recordTurn(record: TurnRecord): void;
  recordExchange(agentId: string, sent: string, replied: string): void;
}

export class MemoryTurnSink implements TurnSink {
  readonly turns: TurnRecord[] = [];
  readonly exchanges: { agentId: string; sent: string; replied: string }[] = [];

  constructor(private readonly id = 'unsaved') {}

  sessionId(): string {
    return this.id;
  }
  recordTurn(record: TurnRecord): void {
    this.turns.push(record);
  }
  recordExchange(agentId: string, sent: string, replied: string): void {
    this.exchanges.push({ agentId, sent, replied });
  }
}
