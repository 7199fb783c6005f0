import type { ModelTemplate, PRICE_FIELDS } from '../domain/template.ts';

export type PriceField = (typeof PRICE_FIELDS)[number];

/** What one element of the table gives: only the prices it has, and its window when sane. */
export interface TableEntry {
  prices: Partial<Pick<ModelTemplate, PriceField>>;
  contextLength: number | null;
}

/**
 * What the Fetch button puts in the form (the `fetch_template_prices` answer): only what the table has.
 * Nothing here is saved. Its own file, free of Node imports, because the UI types read it.
 */
export interface FetchedPrices {
  /** Our template's model, the only key looked up. */
  model: string;
  /** Where the table came from (host only). */
  host: string;
  prices: TableEntry['prices'];
  /** The table's `max_input_tokens` when sane; null: the form's contextLength stays as it is. */
  contextLength: number | null;
  /** Usable elements in the table, elements dropped, and usable ones with a window. */
  entries: number;
  dropped: number;
  withContext: number;
}
