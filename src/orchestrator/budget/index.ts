export {
  WEIGHT_UNCACHED_MILLI,
  WEIGHT_CACHED_MILLI,
  WEIGHT_OUTPUT_MILLI,
  MILLI_PER_TOKEN,
  effectiveMilli,
  effectiveTokens,
  milliToTokens,
  tokensToMilli,
} from '../../domain/effective-tokens.ts';
export { BudgetPool, type Reservation, type CommitHook } from './budget-pool.ts';
export {
  FIRST_CALL_ESTIMATE_FLOOR_MILLI,
  CallEstimates,
  reserveCall,
  type ReserveCallResult,
} from './estimates.ts';
export { classifyBudgetRefusal, type BudgetRefusal } from './refusal.ts';
export {
  budgetStopSystemLine,
  budgetStopLine,
  budgetStopFieldsFor,
  type BudgetStopFields,
} from './budget-messages.ts';
