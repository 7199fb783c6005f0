import { CoreError } from '../domain/errors.ts';
import { MAX_PRICE_PER_MTOK } from '../domain/template.ts';
import type { PriceField, TableEntry } from './fetched-prices.ts';

/**
 * The price table format (ledger part 3 `pricing_fetch_freeze`, Spec 41 D2 / Spec 50 D4). The ledger
 * names no format; this reads the widely used LiteLLM `model_prices_and_context_window.json` shape: one
 * JSON object whose keys are model names, each an object with per-token USD prices
 * (`input_cost_per_token`, `output_cost_per_token`, `cache_read_input_token_cost`,
 * `cache_creation_input_token_cost`, `cache_creation_input_token_cost_above_1hr`) and
 * `max_input_tokens`. Every other key is ignored. Prices are converted to USD per 1M tokens.
 */

/** Which key of a table element feeds which template price. */
const TABLE_PRICE_KEYS: Readonly<Record<PriceField, string>> = {
  inputPerMtok: 'input_cost_per_token',
  outputPerMtok: 'output_cost_per_token',
  cacheReadPerMtok: 'cache_read_input_token_cost',
  cacheWritePerMtok: 'cache_creation_input_token_cost',
  cacheWrite1hPerMtok: 'cache_creation_input_token_cost_above_1hr',
};
const TABLE_CONTEXT_KEY = 'max_input_tokens';

const U32_MAX = 0xffff_ffff;
const PER_MTOK = 1_000_000;

export interface PriceTable {
  /** The usable elements by their key, exactly as the table spells it. */
  entries: ReadonlyMap<string, TableEntry>;
  /** Elements dropped: a price not believed, or input or output missing. */
  dropped: number;
  /** Usable elements that carry a sane window (`context=` of the log line). */
  withContext: number;
}

/**
 * `sane_context`: finite, no fractional part, 1..=u32::MAX. Anything else is "no window" for this
 * element only (read as an option so one bad value cannot fail the whole table).
 */
export function saneContext(value: unknown): number | null {
  if (typeof value !== 'number' || !Number.isInteger(value)) return null;
  return value >= 1 && value <= U32_MAX ? value : null;
}

/**
 * USD per 1M tokens from a per-token price; `absent` for a missing or null key, `bad` for anything not
 * believed (not a number — numbers only —, negative, non-finite, above the limit).
 */
export function perMtok(value: unknown): number | 'absent' | 'bad' {
  if (value === undefined || value === null) return 'absent';
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) return 'bad';
  // 12 significant digits: per-token floats times 1e6 leave binary noise (3e-7 -> 0.30000000000000004)
  // that would otherwise land in the form as typed text.
  const price = Number((value * PER_MTOK).toPrecision(12));
  return Number.isFinite(price) && price <= MAX_PRICE_PER_MTOK ? price : 'bad';
}

/**
 * One element, or null when it is dropped. The ledger's "drops that one entry" is read as the table
 * element (not the whole table, not only the one price): a table that states an impossible price for a
 * model is not trusted for that model's other prices either.
 */
export function readTableEntry(element: unknown): TableEntry | null {
  if (element === null || typeof element !== 'object' || Array.isArray(element)) return null;
  const record = element as Record<string, unknown>;
  const prices: TableEntry['prices'] = {};
  for (const [field, key] of Object.entries(TABLE_PRICE_KEYS) as [PriceField, string][]) {
    const price = perMtok(record[key]);
    if (price === 'bad') return null;
    if (price !== 'absent') prices[field] = price;
  }
  if (prices.inputPerMtok === undefined || prices.outputPerMtok === undefined) return null;
  return { prices, contextLength: saneContext(record[TABLE_CONTEXT_KEY]) };
}

/** The whole table from its parsed JSON; anything but a JSON object of elements is PRICE_TABLE_INVALID. */
export function readPriceTable(json: unknown): PriceTable {
  if (json === null || typeof json !== 'object' || Array.isArray(json)) {
    throw new CoreError('PRICE_TABLE_INVALID', 'the price table is not a JSON object of models', {
      detail: 'not_an_object',
    });
  }
  const entries = new Map<string, TableEntry>();
  let dropped = 0;
  let withContext = 0;
  for (const [name, element] of Object.entries(json as Record<string, unknown>)) {
    const entry = readTableEntry(element);
    if (entry === null) {
      dropped += 1;
      continue;
    }
    entries.set(name, entry);
    if (entry.contextLength !== null) withContext += 1;
  }
  return { entries, dropped, withContext };
}

/** The table from the downloaded text; text that is not JSON is PRICE_TABLE_INVALID. */
export function parsePriceTable(text: string): PriceTable {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    // The text is not quoted: it came from outside and may be anything.
    throw new CoreError('PRICE_TABLE_INVALID', 'the price table is not valid JSON', { detail: 'bad_json' });
  }
  return readPriceTable(json);
}
