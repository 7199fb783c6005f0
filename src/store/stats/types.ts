import type { AgentId } from '../../domain/ids.ts';
import type { TurnStop } from '../../domain/session.ts';

/**
 * Wire types of the statistics screen (ledger part 1 §2.3, `stats_contract`). camelCase exactly as the
 * ledger; an `Option` of the ledger is `T | null` here (always present on the wire, never omitted).
 */

/** A half-open period `[sinceMs, untilMs)` on `TurnRecord.tsMs` (the turn's start). */
export interface StatsPeriod {
  sinceMs: number;
  untilMs: number;
}

/**
 * Two closed kinds. A session scope has no period by construction: the conversation is its own
 * boundary. `all` without a period is "all time".
 */
export type Scope = { kind: 'session'; sessionId: string } | { kind: 'all'; period?: StatsPeriod };

export type ScopeKind = Scope['kind'];

export interface Slice {
  turns: number;
  /** Turns whose stop is `failed` (any code). */
  failed: number;
  prompt: number;
  cached: number;
  /** Includes reasoning. */
  completion: number;
  /** Part of completion; never added to effective again. */
  reasoning: number;
  /** Raw count; inside prompt and inside effective at ×1.0. 0 means "not recorded". */
  cacheWrite: number;
  /** Subset of cacheWrite. */
  cacheWrite1h: number;
  /** Sum of each turn's effective tokens (the budget's single implementation, rounded up per turn). */
  effective: number;
  /** prompt > 0 ? cached / prompt : 0 */
  cacheRate: number;
  /** (prompt + completion) > 0 ? completion / (prompt + completion) : 0 */
  outputShare: number;
  /** Arithmetic mean of elapsedMs; 0 for no turns. */
  avgElapsedMs: number;
  /** Arithmetic mean of prompt + completion per turn; 0 for no turns. */
  avgTokensPerTurn: number;
}

export interface ScopeSessionRow {
  sessionId: string;
  title: string;
  /** `SessionMeta.parentId`: an attribute of the session, not of its turns. */
  forkedFrom: string | null;
  turns: number;
  effective: number;
}

export interface ScopeMeta {
  /** Earliest tsMs in the scope after the period filter; null when nothing remains. */
  recordedSince: number | null;
  /** All scope only: earliest tsMs of the whole village, before the period filter. Null otherwise. */
  oldestMs: number | null;
  sessions: ScopeSessionRow[];
}

export type AgentSlice = { agentId: AgentId; model: string } & Slice;

export type StopKind = TurnStop['kind'];

export interface StopCount {
  stop: StopKind;
  /** Present only for `failed`: one row per error code. */
  code?: string;
  count: number;
}

export interface SeriesPoint {
  tsMs: number;
  agentId: AgentId;
  effective: number;
  prompt: number;
  completion: number;
  /** The record's stop as recorded (the same wire shape as `TurnRecord.stop`). */
  stop: TurnStop;
}

export interface Series {
  points: SeriesPoint[];
  /** How many older points did not fit in the last SERIES_POINT_LIMIT. */
  dropped: number;
}

export interface StatsReport {
  scope: Scope;
  scopeMeta: ScopeMeta;
  totals: Slice;
  byAgent: AgentSlice[];
  byStop: StopCount[];
  /** Session scope only; null for the all scope. */
  series: Series | null;
}

/** Series points kept for a session scope (the same number as MESSAGE_LIMIT). */
export const SERIES_POINT_LIMIT = 500;

/** The fixed order of `byStop` (the order of the closed TurnStop enum in the ledger). */
export const STOP_ORDER = [
  'completed',
  'repeat',
  'tool_limit',
  'failed',
  'interrupted',
  'budget_exhausted',
  'reserve_short',
] as const satisfies readonly StopKind[];

/** Compile-time check: STOP_ORDER names every stop kind. */
type MissingStop = Exclude<StopKind, (typeof STOP_ORDER)[number]>;
const _everyStopOrdered: [MissingStop] extends [never] ? true : never = true;
