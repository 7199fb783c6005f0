import type { AttachmentRef } from './attachment.ts';
import type { AgentId } from './ids.ts';
import type { GroundingEngine } from './enums.ts';

/** The longest message text a person (the chat, the door, the CLI) may send. */
export const MESSAGE_CONTENT_MAX_CHARS = 200_000;

/** Who sent or receives a message; `external` is an outside MCP client, never folded into user. */
export type Endpoint =
  | { kind: 'user' }
  | { kind: 'system' }
  | { kind: 'agent'; id: AgentId }
  | { kind: 'external'; client: string };

export interface GroundingSource {
  uri: string;
  /** "" when no title is available. */
  title: string;
}

/** Display-only provenance of a grounded answer; an empty `sources` means "no source exists". */
export interface Grounding {
  queries: string[];
  sources: GroundingSource[];
  engine: GroundingEngine;
}

export type { AttachmentRef } from './attachment.ts';

/**
 * The figures of a budget stop's System line, in whole effective tokens (issue 22: the UI shows the
 * stop with them; the line's text stays as the ledger words it). `remaining` is what the pool still
 * held, `estimate` what the next call needed to reserve.
 */
export interface BudgetStopFigures {
  ceilingTokens: number;
  remainingTokens: number;
  estimateTokens: number;
  reason: 'exhausted' | 'reserve_short';
}

export interface AgentMessage {
  /** uuid v4 */
  id: string;
  from: Endpoint;
  to: Endpoint;
  content: string;
  /** Only the first of N broadcast copies carries the count. */
  tokens: number;
  tsMs: number;
  /** Forwards since the originating input. */
  hop: number;
  /** Omitted for a single recipient. */
  coRecipients?: AgentId[];
  /** Omitted when not grounded; first copy only. */
  grounding?: Grounding;
  reasoningSummary?: string;
  attachments?: AttachmentRef[];
  /** Only on the System line of a budget stop. */
  budgetStop?: BudgetStopFigures;
}
