import type { TurnRecord } from '../../domain/session.ts';
import type { ModelTemplate } from '../../domain/template.ts';

/**
 * Cost of turn records at per-template prices (ledger part 3 §5.1 "Pricing computation", Spec 41
 * D1/D4). USD per 1M tokens as the template holds them; no currency conversion, no rounding (the
 * display rounds).
 *
 * - Resolve the prices first, then multiply tokens: cacheWrite1h -> cacheWrite -> input and
 *   cacheRead -> input.
 * - Tokens whose own price is unset are never subtracted from the plain input: they stay in it (or, for
 *   1h writes, in the cache-write bucket), so no token leaves the total when the table is incomplete.
 * - Both input and output unset (or no template for the model): "price unregistered"; the model's
 *   turns are excluded from the total and reported as excluded.
 * - Every subtraction is clamped with max(0, ..): `cacheWrite1h <= cacheWrite <= prompt` and
 *   `cached <= prompt` are not enforced on decode, so inconsistent records can occur.
 */

/** The five prices and the as-of date of a template (a ModelTemplate satisfies this). */
export type TemplatePrices = Pick<
  ModelTemplate,
  'inputPerMtok' | 'outputPerMtok' | 'cacheReadPerMtok' | 'cacheWritePerMtok' | 'cacheWrite1hPerMtok'
> &
  Partial<Pick<ModelTemplate, 'pricingAsOf'>>;

/** Prices for a turn's `model`; null when no template is known for it. */
export type PriceLookup = (model: string) => TemplatePrices | null | undefined;

export type PriceSource = PriceLookup | ReadonlyMap<string, TemplatePrices>;

/** Token counts per price class, after the fallback. */
export interface PriceBuckets {
  input: number;
  output: number;
  cacheRead: number;
  cacheWrite: number;
  cacheWrite1h: number;
}

/** USD per 1M tokens per class after the fallback; null: no price even after falling back. */
export type ResolvedPrices = { [K in keyof PriceBuckets]: number | null };

export interface ModelCost {
  model: string;
  /** `unregistered`: both input and output prices unset, or no template for this model. */
  status: 'priced' | 'unregistered';
  turns: number;
  /** Null when unregistered. */
  prices: ResolvedPrices | null;
  pricingAsOf: string | null;
  /** Tokens per class after the fallback (for an unregistered model: what the turns spent, all in input and output). */
  tokens: PriceBuckets;
  /** Cost of the tokens with a resolved price; 0 when unregistered. */
  usd: number;
  /** Tokens in the total (their class has a price). */
  pricedTokens: number;
  /** Tokens left out: every token of an unregistered model, or a class with no price (e.g. output unset). */
  excludedTokens: number;
}

export interface CostReport {
  currency: 'USD';
  /** Sum of `usd` over priced models; unregistered models are not in it. */
  usd: number;
  pricedTokens: number;
  excludedTokens: number;
  /** Turns of unregistered models (excluded from the total as a whole). */
  excludedTurns: number;
  /** pricedTokens / (pricedTokens + excludedTokens), 0 when there are no tokens. */
  coverage: number;
  /** Models of the excluded turns, in code-unit order: what the screen names as excluded. */
  unregisteredModels: string[];
  /** One row per model, in code-unit order of the model. */
  byModel: ModelCost[];
}

const MTOK = 1_000_000;

/** Prices after the fallback, or null for "price unregistered". */
export function resolvePrices(prices: TemplatePrices | null | undefined): ResolvedPrices | null {
  if (!prices) return null;
  const input = price(prices.inputPerMtok);
  const output = price(prices.outputPerMtok);
  if (input === null && output === null) return null;
  const cacheWrite = price(prices.cacheWritePerMtok) ?? input;
  return {
    input,
    output,
    cacheRead: price(prices.cacheReadPerMtok) ?? input,
    cacheWrite,
    cacheWrite1h: price(prices.cacheWrite1hPerMtok) ?? cacheWrite,
  };
}

/**
 * Tokens of one turn per price class, given which classes have their own price. Only own-priced
 * classes are taken out of their parent; a class that falls back stays inside it.
 */
export function splitTokens(turn: TurnRecord, own: OwnPrices): PriceBuckets {
  const cacheWrite1h = own.cacheWrite1h ? nonNegative(turn.cacheWrite1h) : 0;
  const cacheWrite = own.cacheWrite ? Math.max(0, nonNegative(turn.cacheWrite) - cacheWrite1h) : 0;
  const cacheRead = own.cacheRead ? nonNegative(turn.cached) : 0;
  const input = Math.max(0, nonNegative(turn.prompt) - cacheRead - cacheWrite - cacheWrite1h);
  return { input, output: nonNegative(turn.completion), cacheRead, cacheWrite, cacheWrite1h };
}

/** Which classes keep their own tokens (their own price is set, not fallen back). */
export interface OwnPrices {
  cacheRead: boolean;
  cacheWrite: boolean;
  cacheWrite1h: boolean;
}

export function ownPrices(prices: TemplatePrices | null | undefined): OwnPrices {
  return {
    cacheRead: price(prices?.cacheReadPerMtok) !== null,
    cacheWrite: price(prices?.cacheWritePerMtok) !== null,
    cacheWrite1h: price(prices?.cacheWrite1hPerMtok) !== null,
  };
}

const NO_OWN_PRICES: OwnPrices = { cacheRead: false, cacheWrite: false, cacheWrite1h: false };
const BUCKET_KEYS = ['input', 'output', 'cacheRead', 'cacheWrite', 'cacheWrite1h'] as const;

/** Price every turn by its model and report what was excluded. Pure; the order of turns does not matter. */
export function priceTurns(turns: readonly TurnRecord[], source: PriceSource): CostReport {
  const lookup: PriceLookup = typeof source === 'function' ? source : (model) => source.get(model);
  const byModel = new Map<string, { turns: TurnRecord[] }>();
  for (const turn of turns) {
    const entry = byModel.get(turn.model);
    if (entry) entry.turns.push(turn);
    else byModel.set(turn.model, { turns: [turn] });
  }

  const rows = [...byModel.keys()]
    .sort(compareCodeUnits)
    .map((model) => priceModel(model, byModel.get(model)?.turns ?? [], lookup(model)));

  const pricedTokens = sum(rows.map((r) => r.pricedTokens));
  const excludedTokens = sum(rows.map((r) => r.excludedTokens));
  const all = pricedTokens + excludedTokens;
  return {
    currency: 'USD',
    usd: sum(rows.map((r) => r.usd)),
    pricedTokens,
    excludedTokens,
    excludedTurns: sum(rows.filter((r) => r.status === 'unregistered').map((r) => r.turns)),
    coverage: all > 0 ? pricedTokens / all : 0,
    unregisteredModels: rows.filter((r) => r.status === 'unregistered').map((r) => r.model),
    byModel: rows,
  };
}

function priceModel(
  model: string,
  turns: readonly TurnRecord[],
  template: TemplatePrices | null | undefined,
): ModelCost {
  const prices = resolvePrices(template);
  const own = prices === null ? NO_OWN_PRICES : ownPrices(template);
  const tokens: PriceBuckets = { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, cacheWrite1h: 0 };
  for (const turn of turns) {
    const split = splitTokens(turn, own);
    for (const key of BUCKET_KEYS) tokens[key] += split[key];
  }
  let usd = 0;
  let pricedTokens = 0;
  let excludedTokens = 0;
  for (const key of BUCKET_KEYS) {
    const perMtok = prices === null ? null : prices[key];
    if (perMtok === null) {
      excludedTokens += tokens[key];
    } else {
      pricedTokens += tokens[key];
      usd += (tokens[key] * perMtok) / MTOK;
    }
  }
  return {
    model,
    status: prices === null ? 'unregistered' : 'priced',
    turns: turns.length,
    prices,
    pricingAsOf: template?.pricingAsOf ?? null,
    tokens,
    usd,
    pricedTokens,
    excludedTokens,
  };
}

/**
 * A lookup over templates by their `model`. Turn records carry the model, not the template, so when
 * several templates name the same model the first one in the given order with a registered price wins
 * (the first one at all when none is registered).
 */
export function priceLookupFromTemplates(
  templates: readonly (TemplatePrices & { model: string })[],
): PriceLookup {
  const byModel = new Map<string, TemplatePrices>();
  for (const template of templates) {
    const known = byModel.get(template.model);
    if (known === undefined || (resolvePrices(known) === null && resolvePrices(template) !== null)) {
      byModel.set(template.model, template);
    }
  }
  return (model) => byModel.get(model) ?? null;
}

/** A usable price: finite and not negative. Anything else is "unset". */
function price(value: number | null | undefined): number | null {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : null;
}

function nonNegative(value: number): number {
  return Number.isFinite(value) && value > 0 ? value : 0;
}

function sum(values: readonly number[]): number {
  return values.reduce((a, b) => a + b, 0);
}

function compareCodeUnits(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
