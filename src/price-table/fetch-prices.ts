import type { DiagLog } from '../diag/log.ts';
import { boundedText } from '../domain/chars.ts';
import { CoreError, isCoreError } from '../domain/errors.ts';
import { DEFAULT_HTTPS_GET, httpsGetText, type HttpsGetOptions } from './https-get.ts';
import { checkPriceTableUrl, priceTableHost } from './price-url.ts';
import type { FetchedPrices } from './fetched-prices.ts';
import { parsePriceTable, type PriceTable } from './table-format.ts';
import type { PriceUrlStore } from './url-settings.ts';

export interface PriceFetcherDeps {
  urls: PriceUrlStore;
  log: DiagLog;
  /** The download's bounds (and, in tests only, a CA to trust). */
  download?: Partial<HttpsGetOptions>;
}

/**
 * The Fetch button (ledger part 3 `pricing_fetch_freeze`, Spec 41 D2): one GET of the configured table,
 * matched by OUR model value. Only ever called by the command the button sends — no interval, no
 * fetch at start, on a screen change or on focus, no reachability check, no staleness comparison
 * with the remote (staleness stays local days since pricingAsOf).
 */
export class PriceFetcher {
  private readonly download: HttpsGetOptions;

  constructor(private readonly deps: PriceFetcherDeps) {
    this.download = { ...DEFAULT_HTTPS_GET, ...deps.download };
  }

  async fetchFor(rawModel: string): Promise<FetchedPrices> {
    const model = rawModel.trim();
    if (model === '') throw new CoreError('INVALID_ARGUMENT', 'the template has no model to look up');
    const saved = await this.deps.urls.read();
    if (saved === null) {
      this.logLine('-', model, 'url_unset', null);
      throw new CoreError('PRICE_URL_UNSET', 'no price table URL is set');
    }
    let url: URL;
    try {
      url = checkPriceTableUrl(saved);
    } catch (error) {
      this.logLine('-', model, 'url_invalid', null);
      throw error;
    }
    const host = priceTableHost(url);
    let table: PriceTable;
    try {
      table = parsePriceTable(await httpsGetText(url, this.download));
    } catch (error) {
      this.logLine(host, model, isCoreError(error) ? (error.detail ?? error.code) : 'error', null);
      throw error;
    }
    const entry = table.entries.get(model);
    this.logLine(host, model, entry ? 'filled' : 'not_found', table);
    if (!entry) {
      throw new CoreError('PRICE_NOT_FOUND', `the price table at ${host} has no usable prices for ${model}`, {
        detail: model,
      });
    }
    return {
      model,
      host,
      prices: entry.prices,
      contextLength: entry.contextLength,
      entries: table.entries.size,
      dropped: table.dropped,
      withContext: table.withContext,
    };
  }

  /**
   * `pricing fetch: host=… model=… outcome=… entries=N dropped=N context=N` (ledger part 3 §3.4): one
   * line per press. The host only — never the path or the query string, which may carry a token.
   * Counts are `-` when no table was read.
   */
  private logLine(host: string, model: string, outcome: string, table: PriceTable | null): void {
    const count = (n: number | undefined) => (n === undefined ? '-' : String(n));
    this.deps.log.note(
      `pricing fetch: host=${host} model=${JSON.stringify(boundedText(model, 200))} outcome=${outcome} ` +
        `entries=${count(table?.entries.size)} dropped=${count(table?.dropped)} context=${count(table?.withContext)}`,
    );
  }
}
