import type { AttachmentRef } from './attachment.ts';
import type { AgentId } from './ids.ts';

export interface SessionMeta {
  /** First 30 characters of the first user message. */
  title: string;
  createdAt: number;
  /** The sort key: decides which session is "latest". */
  updatedAt: number;
  /** Present only for forks. */
  parentId?: string;
  /** Present only for forks; the copy includes this seq. */
  forkedAtSeq?: number;
  recordCount: number;
}

export interface SessionSummary {
  /** `{epoch_ms}-{short random}` */
  id: string;
  meta: SessionMeta;
}

export interface ForkPoint {
  /** seq - 1: the point just before the user message. */
  atSeq: number;
  /** First 60 characters, newlines replaced by spaces. */
  preview: string;
  /** The original text, untruncated. */
  text: string;
  to?: AgentId;
  tsMs: number;
  /**
   * The message's attachment references (present only when it had one): the row names the file,
   * and after the fork the chat puts the file back with the text when it is still stored.
   */
  attachments?: AttachmentRef[];
}

/**
 * `tool` goes past the ledger's closed set of four (issue 22): tool rows must survive reload, resume
 * and fork, and nothing else records a tool call. The kind came with schema version 5, so an older
 * reader refuses the file at open instead of misreading it; a newer reader reads older files (they
 * simply have no tool rows). History restore and statistics read their own kinds and never see it.
 */
export const RECORD_KINDS = ['message', 'exchange', 'summary', 'turn', 'tool'] as const;
export type RecordKind = (typeof RECORD_KINDS)[number];

/** How a turn ended: seven closed values. */
export type TurnStop =
  | { kind: 'completed' }
  | { kind: 'repeat'; tool: string }
  | { kind: 'tool_limit' }
  | { kind: 'failed'; code: string }
  | { kind: 'interrupted' }
  | { kind: 'budget_exhausted' }
  | { kind: 'reserve_short' };

export interface TurnRecord {
  agentId: AgentId;
  /** Turn start time. */
  tsMs: number;
  hop: number;
  rounds: number;
  waves: number;
  stop: TurnStop;
  prompt: number;
  cached: number;
  /** Includes reasoning. */
  completion: number;
  reasoning: number;
  /** 0 means "not recorded". Part of prompt. */
  cacheWrite: number;
  /** Subset of cacheWrite. */
  cacheWrite1h: number;
  model: string;
  backend: string;
  elapsedMs: number;
}

export interface ExchangeRecord {
  agentId: AgentId;
  /** Exactly the string that was sent. */
  sent: string;
  replied: string;
}

export interface SummaryRecord {
  agentId: AgentId;
  text: string;
  coversUpToSeq: number;
}

/** Arguments and result are each kept up to this many characters; the full length is kept beside. */
export const TOOL_PREVIEW_CHARS = 16_000;

/** One bundled / MCP tool call as the chat shows it again after a reload (display only). */
export interface ToolCallRecord {
  agentId: AgentId;
  /** The model's call id (unique within its response). */
  callId: string;
  /** The raw tool name as offered (`ask_agent_2`, `server__tool`, `file`). */
  name: string;
  /** The model's one-line intent, when it wrote one. */
  reason: string | null;
  reasonState: 'written' | 'omitted' | 'unsupported' | 'excluded';
  /** Pretty JSON of the arguments, cut at TOOL_PREVIEW_CHARS characters. */
  argsPreview: string;
  argsChars: number;
  /** The result text the model read, cut at TOOL_PREVIEW_CHARS characters. */
  resultPreview: string;
  resultChars: number;
  isError: boolean;
  /** When the tool returned. */
  tsMs: number;
  /** The hop of the turn that made the call (links the row to its turn record). */
  hop: number;
  /** For `ask_*` routing calls: the servant asked (the row reads `ask → Bob`). */
  target?: AgentId;
  /**
   * For a `run` call queued for a person's approval: the request as run.json's pending list holds it,
   * so the row can offer Allow / Deny live and after a reload (issue 22). Left out when the request
   * is longer than TOOL_PREVIEW_CHARS (the Approvals dialog still lists it).
   */
  approval?: ApprovalRequest;
}

/** A `run` call waiting for approval, named as approve_command / reject_command take it. */
export interface ApprovalRequest {
  command: string;
  args: string[];
}

export const SESSION_TITLE_CHARS = 30;
export const FORK_PREVIEW_CHARS = 60;

/** A conversation title set by `rename_session`: 1..120 characters after trimming (issue 22). */
export const SESSION_RENAME_MAX_CHARS = 120;

/** The characters around a search match that a result shows. */
export const SEARCH_SNIPPET_CHARS = 120;
/** At most this many results per search. */
export const SEARCH_MAX_HITS = 50;

/**
 * One message matching `search_sessions` (issue 22). The snippet is plain text; `matchStart` /
 * `matchEnd` are UTF-16 offsets into it (the UI marks that range as text, never as HTML), equal when
 * the match could not be placed in the snippet.
 */
export interface SessionSearchHit {
  sessionId: string;
  title: string;
  /** The message record's seq in that session. */
  seq: number;
  /** The message's id (this server's addition: the chat finds the row to scroll to by it). */
  messageId: string;
  snippet: { text: string; matchStart: number; matchEnd: number };
  /** The session's updatedAt (the order: newest first). */
  updatedAt: number;
}
