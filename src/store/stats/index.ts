export {
  SERIES_POINT_LIMIT,
  STOP_ORDER,
  type AgentSlice,
  type Scope,
  type ScopeKind,
  type ScopeMeta,
  type ScopeSessionRow,
  type Series,
  type SeriesPoint,
  type Slice,
  type StatsPeriod,
  type StatsReport,
  type StopCount,
  type StopKind,
} from './types.ts';
export { aggregate } from './aggregate.ts';
export { inPeriod, minTsMs, turnsInScope, type SessionTurn } from './scope.ts';
export { SliceSum, turnEffective } from './slice.ts';
export {
  ownPrices,
  priceLookupFromTemplates,
  priceTurns,
  resolvePrices,
  splitTokens,
  type CostReport,
  type ModelCost,
  type OwnPrices,
  type PriceBuckets,
  type PriceLookup,
  type PriceSource,
  type ResolvedPrices,
  type TemplatePrices,
} from './pricing.ts';
