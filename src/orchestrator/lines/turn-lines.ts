import type { AgentId } from '../../domain/ids.ts';
import type { TurnRecord, TurnStop } from '../../domain/session.ts';
import { clipChars, fieldValue, oneLine } from './fields.ts';

/**
 * What one settled turn spent (ledger part 4 observability_rule; part 1 Record::Turn, Spec 39 D1).
 * The `turn…` usage line and the session's TurnRecord are both built from this one value
 * (`settle_turn` is the only writer), so the line and the record cannot disagree.
 *
 * The ledger's Rust TurnSpend holds `total` and settle_turn subtracts `completion = total − prompt`;
 * here the per-round usage already arrives split (prompt / completion), so TurnSpend holds completion
 * and the one derivation is the line's `total = prompt + completion`. Same numbers, no subtraction.
 */
export interface TurnSpend {
  agentId: AgentId;
  hop: number;
  /** Rounds run (LLM calls of the tool loop). */
  rounds: number;
  /** The round ceiling in force (max_tool_iterations for this agent). */
  maxRounds: number;
  waves: number;
  stop: TurnStop;
  /** Sum over the turn's rounds. */
  prompt: number;
  cached: number;
  /**
   * Output tokens over the turn, reasoning included. The line's `total=` is prompt + completion
   * ("入力 + 出力"), derived in one place ({@link totalTokens}); the record stores completion as is.
   */
  completion: number;
  /** Part of completion, not added to it. */
  reasoning: number;
  /** 0 means "not recorded". Part of prompt. */
  cacheWrite?: number;
  /** Subset of cacheWrite. */
  cacheWrite1h?: number;
  /** `LlmBackend::name()`: openai-compat / anthropic / gemini / xai-responses / openai-responses. */
  backend: string;
  /** Never absent: the template resolves before any of the four exits. */
  model: string;
  elapsedMs: number;
}

/** The four turn exits, one usage line each. */
export type TurnExit = 'completed' | 'failed' | 'interrupted' | 'budget_exhausted';

export function turnExitOf(stop: TurnStop): TurnExit {
  switch (stop.kind) {
    case 'completed':
    case 'repeat':
    case 'tool_limit':
      return 'completed';
    case 'failed':
      return 'failed';
    case 'interrupted':
      return 'interrupted';
    case 'budget_exhausted':
    case 'reserve_short':
      return 'budget_exhausted';
  }
}

/**
 * The `stop=` value: `-` (completed) / `repeat:{tool}` / `tool_limit` / `failed:{CODE}`; the other
 * three stops never reach a `turn:` line (they have their own prefixes) and are written by name.
 */
export function stopField(stop: TurnStop): string {
  switch (stop.kind) {
    case 'completed':
      return '-';
    case 'repeat':
      return `repeat:${fieldValue(stop.tool)}`;
    case 'tool_limit':
      return 'tool_limit';
    case 'failed':
      return `failed:${fieldValue(stop.code)}`;
    case 'interrupted':
    case 'budget_exhausted':
    case 'reserve_short':
      return stop.kind;
  }
}

function head(spend: TurnSpend): string[] {
  return [
    `agent=${fieldValue(spend.agentId)}`,
    `hop=${spend.hop}`,
    `rounds=${spend.rounds}/${spend.maxRounds}`,
    `waves=${spend.waves}`,
  ];
}

/** `total=`: prompt + completion (the ledger's "入力 + 出力"; there is no `output=` field). */
export function totalTokens(spend: Pick<TurnSpend, 'prompt' | 'completion'>): number {
  return spend.prompt + spend.completion;
}

function tokens(spend: TurnSpend): string[] {
  return [
    `prompt=${spend.prompt}`,
    `cached=${spend.cached}`,
    `total=${totalTokens(spend)}`,
    `reasoning=${spend.reasoning}`,
  ];
}

/**
 * `turn: agent=… hop=… rounds=…/… waves=… stop=… prompt=… cached=… total=… reasoning=… backend=… model=…`
 * for completed and failed turns (same fields, `stop=failed:{CODE}` for the latter).
 */
export function turnLine(spend: TurnSpend): string {
  return [
    'turn:',
    ...head(spend),
    `stop=${stopField(spend.stop)}`,
    ...tokens(spend),
    `backend=${fieldValue(spend.backend)}`,
    `model=${fieldValue(spend.model)}`,
  ].join(' ');
}

/**
 * `turn interrupted: agent=… hop=… rounds=…/… waves=… prompt=… cached=… total=… reasoning=… model=…`.
 * No `backend=` / `elapsed_ms=` (Spec 39: read the TurnRecord for those).
 */
export function turnInterruptedLine(spend: TurnSpend): string {
  return ['turn interrupted:', ...head(spend), ...tokens(spend), `model=${fieldValue(spend.model)}`].join(
    ' ',
  );
}

/**
 * `turn budget exhausted: agent=… hop=… rounds=…/… waves=… reason=exhausted|reserve_short prompt=…
 * cached=… total=… reasoning=… model=…` for both budget stops (one line, the reason as an argument —
 * the same two values as `budget stop:`). No `backend=` / `elapsed_ms=`.
 */
export function turnBudgetExhaustedLine(spend: TurnSpend): string {
  const reason = spend.stop.kind === 'reserve_short' ? 'reserve_short' : 'exhausted';
  return [
    'turn budget exhausted:',
    ...head(spend),
    `reason=${reason}`,
    ...tokens(spend),
    `model=${fieldValue(spend.model)}`,
  ].join(' ');
}

/** The one usage line of a settled turn, chosen by its exit. */
export function usageLine(spend: TurnSpend): string {
  switch (turnExitOf(spend.stop)) {
    case 'completed':
    case 'failed':
      return turnLine(spend);
    case 'interrupted':
      return turnInterruptedLine(spend);
    case 'budget_exhausted':
      return turnBudgetExhaustedLine(spend);
  }
}

/** The session's Record::Turn from the same value as the line. `tsMs` is the turn's start. */
export function turnRecordFrom(spend: TurnSpend, tsMs: number): TurnRecord {
  return {
    agentId: spend.agentId,
    tsMs,
    hop: spend.hop,
    rounds: spend.rounds,
    waves: spend.waves,
    stop: spend.stop,
    prompt: spend.prompt,
    cached: spend.cached,
    completion: spend.completion,
    reasoning: spend.reasoning,
    cacheWrite: spend.cacheWrite ?? 0,
    cacheWrite1h: spend.cacheWrite1h ?? 0,
    model: spend.model,
    backend: spend.backend,
    elapsedMs: spend.elapsedMs,
  };
}

export interface TurnStartFields {
  agent: AgentId;
  hop: number;
  /** Characters (code points) of the message that started the turn. Only the count, never the text. */
  chars: number;
}

/** `turn start: agent=… hop=… chars=…`: written when a turn enters the run loop. */
export function turnStartLine({ agent, hop, chars }: TurnStartFields): string {
  return ['turn start:', `agent=${fieldValue(agent)}`, `hop=${hop}`, `chars=${chars}`].join(' ');
}

/** Longest reason text a `turn failed:` line carries. */
export const TURN_FAILED_REASON_CHARS = 300;

export interface TurnFailedFields {
  agent: AgentId;
  /** The error code, the same value as the `turn:` line's `stop=failed:{CODE}`. */
  code: string;
  /** The error message. Never a prompt or a response body. */
  reason: string;
}

/**
 * `turn failed: agent=… code=… reason=<text>`: the line that carries the failure's *text* (the numbers
 * are on the `turn:` line with `stop=failed:{CODE}`; a failed turn has both lines). The text is folded
 * onto one line and clipped to {@link TURN_FAILED_REASON_CHARS}; it is the last field because it has
 * spaces.
 */
export function turnFailedLine({ agent, code, reason }: TurnFailedFields): string {
  const text = clipChars(oneLine(reason), TURN_FAILED_REASON_CHARS);
  return `turn failed: agent=${fieldValue(agent)} code=${fieldValue(code)} reason=${text === '' ? '-' : text}`;
}
