/**
 * The Perplexity-only parts of the Responses wire (`POST https://api.perplexity.ai/v1/responses`),
 * ledger part 6 `perplexity_responses`. The shared Responses shapes live in `../responses/`; here are
 * only what no other Responses dialect sends or returns: the four server tools, the `*_results`
 * output kinds (`skill_loaded` needs nothing: the core counts it as dropped) and the `usage.cost` /
 * `usage.tool_calls_details` extras.
 *
 * Response shapes are zod schemas where every field is optional and every object loose: the three
 * `*_results` kinds carry different shapes under the same `results` key (ledger P1 addendum), so
 * nothing here may fail a decode; a field of the wrong type reads as absent.
 *
 * Why this wire reads its kinds and usage extras from the RAW body rather than from the core's parsed
 * `ResponsesOutputItem` / `ResponsesUsage`: the core parses `results`, `queries` and
 * `tool_calls_details` as whole arrays / records, so one odd element (a bare array in `results`, a
 * detail entry that is not an object) would null the whole list and silently lose every source or
 * invocation key. Here each element is read on its own, and a key without a number still shows.
 */
import { z } from 'zod';
import { optionalText } from '../tolerant-fields.ts';

/**
 * Perplexity's server tools. Type names from the ledger (part 6 §3.4) and Perplexity's Agent API
 * docs (`web_search`, `fetch_url`, `finance_search`, `people_search`); a wrong type is a named 400
 * (`unknown discriminator value`). None of them takes options here.
 */
export type PerplexityServerTool =
  { type: 'web_search' } | { type: 'finance_search' } | { type: 'people_search' } | { type: 'fetch_url' };

/** Output kinds that carry sources (ledger part 6 §5.5, Spec 45 D5). */
export const PERPLEXITY_RESULT_KINDS = [
  'search_results',
  'people_search_results',
  'fetch_url_results',
  'finance_results',
] as const;
export type PerplexityResultKind = (typeof PERPLEXITY_RESULT_KINDS)[number];

export function isPerplexityResultKind(kind: string): kind is PerplexityResultKind {
  return (PERPLEXITY_RESULT_KINDS as readonly string[]).includes(kind);
}

/** An optional string that never fails the decode. */
const text = optionalText;
/** An optional array that never fails the decode (its elements are read one by one). */
const list = z.array(z.unknown()).nullish().catch(null);

/**
 * One element of `results` / `contents`. search / people / fetch entries are `{url, title, snippet…}`;
 * a finance entry has only `sources` (bare URL strings, nested arrays), so all fields are optional.
 */
export const perplexityResultEntrySchema = z.looseObject({
  url: text,
  title: text,
  sources: z.unknown().optional(),
});

/** The Perplexity fields of one output item; the item's other fields belong to the shared core. */
export const perplexityOutputItemSchema = z.looseObject({
  type: z.string().catch(''),
  queries: list,
  /** search_results, people_search_results, finance_results. */
  results: list,
  /** fetch_url_results (Perplexity's `UrlContent`: url, title, snippet). */
  contents: list,
});
export type PerplexityOutputItem = z.infer<typeof perplexityOutputItemSchema>;

/**
 * The usage extras, measured (Spec 45 probes): `cost` = {currency, input_cost, output_cost,
 * tool_calls_cost, tool_calls_cost_details, total_cost} in USD, and `tool_calls_details` =
 * {<key>: {invocation: N}} (people search's key is `search_people` in both fields). Only
 * `tool_calls_cost` and the details are read, and only for the `pplx tools:` note (Spec 45 D10).
 */
export const perplexityUsageExtrasSchema = z.looseObject({
  cost: z
    .looseObject({ tool_calls_cost: z.number().nullish().catch(null) })
    .nullish()
    .catch(null),
  tool_calls_details: z.record(z.string(), z.unknown()).nullish().catch(null),
});
