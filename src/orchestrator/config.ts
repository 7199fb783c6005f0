/**
 * The hidden orchestrator settings (OrchestratorConfig): never shown in the UI; exposing one needs its
 * own spec. The ask timeout lives in the village (`askTimeoutSecs`).
 */
export interface OrchestratorConfig {
  /** Fuel: forwards (transfer, ask) since the originating input. */
  maxHops: number;
  /** Exchanges of history restored and resent per agent. */
  historyTurns: number;
  roomLogWindow: number;
  roomLogExcerptChars: number;
  /** Turns waiting per agent before MAILBOX_FULL. */
  mailboxCapacity: number;
  /** The in-memory conversation log (Shared.log). */
  logCapacity: number;
  statsIntervalMs: number;
}

export const DEFAULT_ORCHESTRATOR_CONFIG: OrchestratorConfig = {
  maxHops: 8,
  historyTurns: 8,
  roomLogWindow: 12,
  roomLogExcerptChars: 200,
  mailboxCapacity: 32,
  logCapacity: 5000,
  statsIntervalMs: 1000,
};
