/** The counts the formula reads (an LLM Usage fits: reasoning and cache writes are inside these). */
export interface TokenCounts {
  prompt: number;
  completion: number;
  cacheRead: number;
}

/**
 * Effective tokens (ledger part 3, `token_budget.unit`, Spec 11; Spec 40 D3):
 * uncached input ×1 + cached input ×0.1 + output ×4, held as integer milli-effective-tokens.
 * The weights are code constants, never settings: no per-model or per-village weights. Changing
 * one is a change of the ledger, not of config. Effective tokens are a brake, not a currency.
 */
export const WEIGHT_UNCACHED_MILLI = 1000;
/** Anthropic's cache-read price ratio is the direct basis. */
export const WEIGHT_CACHED_MILLI = 100;
export const WEIGHT_OUTPUT_MILLI = 4000;

/** One effective token in milli. */
export const MILLI_PER_TOKEN = 1000;

/** A token count as the budget reads it: non-finite or negative is 0, a fraction rounds up. */
function count(value: number): number {
  return Number.isFinite(value) && value > 0 ? Math.ceil(value) : 0;
}

/**
 * The effective cost of one call in milli:
 * (prompt − cacheRead) × 1000 + cacheRead × 100 + completion × 4000.
 *
 * - Cache writes are inside `prompt` and so count as uncached ×1 (Spec 40 D3, user ruling
 *   2026-08-18), although they are billed at ×2.0: the ceiling is deliberately looser than the bill.
 * - `reasoning` is inside `completion` and is NOT added again.
 * - The subtraction saturates at 0 (a provider reporting more cached than prompt tokens).
 * - Missing counts are the caller's job (`withUsageFallback`: never an optimistic 0).
 */
export function effectiveMilli(usage: TokenCounts): number {
  const prompt = count(usage.prompt);
  const cached = count(usage.cacheRead);
  const completion = count(usage.completion);
  const uncached = Math.max(0, prompt - cached);
  return uncached * WEIGHT_UNCACHED_MILLI + cached * WEIGHT_CACHED_MILLI + completion * WEIGHT_OUTPUT_MILLI;
}

/**
 * Milli to whole effective tokens, rounded up (the conservative side): the ledger's integer
 * division `(milli + 999) / 1000`, i.e. ceil(milli / 1000). Negative input is 0.
 */
export function milliToTokens(milli: number): number {
  if (!(milli > 0)) return 0;
  return Math.floor((Math.ceil(milli) + (MILLI_PER_TOKEN - 1)) / MILLI_PER_TOKEN);
}

/** Whole effective tokens (a ceiling as world.json holds it) to milli. */
export function tokensToMilli(tokens: number): number {
  return tokens * MILLI_PER_TOKEN;
}

/** Effective tokens of one call, rounded up: what the stats and settings pages show. */
export function effectiveTokens(usage: TokenCounts): number {
  return milliToTokens(effectiveMilli(usage));
}
