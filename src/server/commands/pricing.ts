import { z } from 'zod';
import { command, type CommandTable } from '../command.ts';

export const pricingCommands: CommandTable = {
  /** The price table URL of this device (`{home}/price_table.json`), null when none is set. */
  get_price_table_url: command(z.strictObject({}), async (ctx) => ({ url: await ctx.priceUrls.read() })),
  /** Saves it (https only, no user:password); null or "" clears it. Nothing is fetched. */
  set_price_table_url: command(z.strictObject({ url: z.string().nullable() }), async (ctx, { url }) => ({
    url: await ctx.priceUrls.set(url),
  })),
  /**
   * The Fetch button: one GET of the table, looked up by `model` (the form's value, saved or not).
   * Answers what the table has for it; nothing is written to the template.
   */
  fetch_template_prices: command(z.strictObject({ model: z.string() }), (ctx, { model }) =>
    ctx.prices.fetchFor(model),
  ),
};
