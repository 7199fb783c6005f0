export { PriceFetcher, type FetchedPrices } from './fetch-prices.ts';
export { PriceUrlStore } from './url-settings.ts';
