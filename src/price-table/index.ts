export type { FetchedPrices } from './fetched-prices.ts';
export { PriceFetcher } from './fetch-prices.ts';
export { PriceUrlStore } from './url-settings.ts';
