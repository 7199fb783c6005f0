import type {
  AgentSlice as CoreAgentSlice,
  Scope as CoreScope,
  SeriesPoint as CoreSeriesPoint,
  Slice as CoreSlice,
  StatsReport as CoreStatsReport,
  StopCount as CoreStopCount,
} from '../../../src/store/stats/types.ts';
import type {
  CostReport as CoreCostReport,
  ModelCost as CoreModelCost,
} from '../../../src/store/stats/pricing.ts';
import { periodContaining, shiftPeriod, type ClosingDay, type StatsPeriod } from './stats-period.ts';
import type { Unbrand } from './types.ts';

/** The statistics screen's pure rules (ledger part 1 `stats_contract`, Spec 39 / 42). */

export type Slice = Unbrand<CoreSlice>;
export type AgentSlice = Unbrand<CoreAgentSlice>;
export type StopCount = Unbrand<CoreStopCount>;
export type SeriesPoint = Unbrand<CoreSeriesPoint>;
export type StatsScope = Unbrand<CoreScope>;
export type CostReport = Unbrand<CoreCostReport>;
export type ModelCost = Unbrand<CoreModelCost>;
/** `session_stats` of this server: the ledger's StatsReport plus `cost` (USD at the user's own prices). */
export type StatsResponse = Unbrand<CoreStatsReport> & { cost?: CostReport };

export type StatsScopeKind = StatsScope['kind'];

/** The screen's period state: the closing month. The boundaries are derived each time, never stored. */
export interface ClosingMonth {
  year: number;
  /** 1..12 */
  month: number;
}

export function closingMonthOf(at: Date, closingDay: ClosingDay): ClosingMonth {
  const p = periodContaining(at, closingDay);
  return { year: p.year, month: p.month };
}

export function periodOfMonth(m: ClosingMonth, closingDay: ClosingDay): StatsPeriod {
  // shiftPeriod reads only year and month of its anchor.
  const anchor: StatsPeriod = { year: m.year, month: m.month, start: new Date(0), end: new Date(0) };
  return shiftPeriod(anchor, 0, closingDay);
}

export function shiftMonth(m: ClosingMonth, steps: number): ClosingMonth {
  const d = new Date(m.year, m.month - 1 + steps, 1);
  return { year: d.getFullYear(), month: d.getMonth() + 1 };
}

export function compareMonths(a: ClosingMonth, b: ClosingMonth): number {
  return a.year - b.year || a.month - b.month;
}

/** ▶ stops at the current period: future periods cannot be opened. */
export function canGoNext(m: ClosingMonth, now: Date, closingDay: ClosingDay): boolean {
  return compareMonths(m, closingMonthOf(now, closingDay)) < 0;
}

/** ◀ stops at the closing month containing the village's oldest turn; no turn at all disables it. */
export function canGoPrev(m: ClosingMonth, oldestMs: number | null, closingDay: ClosingDay): boolean {
  if (oldestMs === null) return false;
  return compareMonths(m, closingMonthOf(new Date(oldestMs), closingDay)) > 0;
}

/**
 * The `session_stats` scope. A session scope has no period by construction; `month` null in the all
 * scope is all time. Null when the session scope has no conversation to show.
 */
export function scopeArg(
  kind: StatsScopeKind,
  sessionId: string | null,
  month: ClosingMonth | null,
  closingDay: ClosingDay,
): StatsScope | null {
  if (kind === 'session') return sessionId === null ? null : { kind: 'session', sessionId };
  if (month === null) return { kind: 'all' };
  const p = periodOfMonth(month, closingDay);
  return { kind: 'all', period: { sinceMs: p.start.getTime(), untilMs: p.end.getTime() } };
}

/** Which one-line empty state replaces the tables (a table of zeros reads as "nothing was paid"). */
export type EmptyState = 'session' | 'period' | 'allTime' | null;

export function emptyState(report: Pick<StatsResponse, 'scope' | 'totals'>): EmptyState {
  if (report.totals.turns > 0) return null;
  if (report.scope.kind === 'session') return 'session';
  return report.scope.period ? 'period' : 'allTime';
}

/** The promptfoo columns plus the budget's effective tokens and the cache rate of one row. */
export interface UsageRow {
  key: string;
  agentId: string | null;
  model: string;
  /** Requests */
  turns: number;
  /** Total Tokens: prompt + completion. */
  totalTokens: number;
  /** Avg Tokens */
  avgTokens: number;
  /** Avg Latency, ms */
  avgLatencyMs: number;
  /** As the core computed it: summed, never recomputed from the formula. */
  effective: number;
  cacheRate: number;
  cacheWrite: number;
  cacheWrite1h: number;
}

export function agentUsageRows(byAgent: readonly AgentSlice[]): UsageRow[] {
  return byAgent.map((a) => ({
    key: JSON.stringify([a.agentId, a.model]),
    agentId: a.agentId,
    model: a.model,
    turns: a.turns,
    totalTokens: a.prompt + a.completion,
    avgTokens: a.avgTokensPerTurn,
    avgLatencyMs: a.avgElapsedMs,
    effective: a.effective,
    cacheRate: a.cacheRate,
    cacheWrite: a.cacheWrite,
    cacheWrite1h: a.cacheWrite1h,
  }));
}

/**
 * Rows per model, folded from the (agent, model) rows: sums, then the same definitions as the core
 * (cacheRate = cached ÷ prompt, the card's denominator; arithmetic means). Order: model, code units.
 */
export function modelUsageRows(byAgent: readonly AgentSlice[]): UsageRow[] {
  const byModel = new Map<
    string,
    {
      turns: number;
      prompt: number;
      cached: number;
      completion: number;
      effective: number;
      elapsed: number;
      cacheWrite: number;
      cacheWrite1h: number;
    }
  >();
  for (const a of byAgent) {
    const m = byModel.get(a.model) ?? {
      turns: 0,
      prompt: 0,
      cached: 0,
      completion: 0,
      effective: 0,
      elapsed: 0,
      cacheWrite: 0,
      cacheWrite1h: 0,
    };
    m.turns += a.turns;
    m.prompt += a.prompt;
    m.cached += a.cached;
    m.completion += a.completion;
    m.effective += a.effective;
    m.elapsed += a.avgElapsedMs * a.turns;
    m.cacheWrite += a.cacheWrite;
    m.cacheWrite1h += a.cacheWrite1h;
    byModel.set(a.model, m);
  }
  return [...byModel.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([model, m]) => ({
      key: model,
      agentId: null,
      model,
      turns: m.turns,
      totalTokens: m.prompt + m.completion,
      avgTokens: m.turns > 0 ? (m.prompt + m.completion) / m.turns : 0,
      avgLatencyMs: m.turns > 0 ? m.elapsed / m.turns : 0,
      effective: m.effective,
      cacheRate: m.prompt > 0 ? m.cached / m.prompt : 0,
      cacheWrite: m.cacheWrite,
      cacheWrite1h: m.cacheWrite1h,
    }));
}

/** The cache-write breakdown for the cache rate's tooltip; null when not recorded (0: older records). */
export function cacheWriteBreakdown(row: {
  cacheWrite: number;
  cacheWrite1h: number;
}): { cacheWrite: number; cacheWrite1h: number } | null {
  return row.cacheWrite > 0 ? { cacheWrite: row.cacheWrite, cacheWrite1h: row.cacheWrite1h } : null;
}

/** Money is shown only when the report carries it and at least one model has the user's own prices. */
export function showsMoney(cost: CostReport | undefined | null): cost is CostReport {
  return !!cost && cost.byModel.some((m) => m.status === 'priced');
}

/** Whole local days from `pricingAsOf` (starting YYYY-MM-DD) to now; null when absent or unreadable. */
export function daysSince(asOf: string | null, now: Date): number | null {
  const match = asOf ? /^(\d{4})-(\d{2})-(\d{2})/.exec(asOf) : null;
  if (!match) return null;
  const then = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  if (Number.isNaN(then.getTime())) return null;
  const today = new Date(now.getFullYear(), now.getMonth(), now.getDate());
  return Math.max(0, Math.round((today.getTime() - then.getTime()) / 86_400_000));
}
