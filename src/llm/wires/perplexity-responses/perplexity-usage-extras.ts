/**
 * `usage.cost.tool_calls_cost` and `usage.tool_calls_details`, read for the `pplx tools:` note only.
 * Neither goes into statistics or prices (Spec 45 D10: logged, not mapped, not dropped either).
 */
import { z } from 'zod';
import { perplexityUsageExtrasSchema } from './perplexity-api.ts';

export interface PerplexityInvocation {
  /** The tool_calls_details key as it came (`search_people` for people search, not the tool type). */
  key: string;
  /** Its `invocation`; null when the entry has no number there. */
  count: number | null;
}

export interface PerplexityUsageExtras {
  /** Sorted by key (code-unit order, like the Rust BTreeMap), so the line is deterministic. */
  invocations: PerplexityInvocation[];
  /** USD of the tool calls only (not total_cost, which includes the tokens); null when not sent. */
  toolCostUsd: number | null;
}

const invocationSchema = z.looseObject({ invocation: z.number().nullish().catch(null) });

/** Reads the extras from the raw `usage` object; anything missing or malformed reads as absent. */
export function readPerplexityUsageExtras(usage: unknown): PerplexityUsageExtras {
  const parsed = perplexityUsageExtrasSchema.safeParse(usage);
  const extras = parsed.success ? parsed.data : null;
  const details = extras?.tool_calls_details ?? {};
  const invocations = Object.keys(details)
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
    .map((key) => {
      const count = invocationSchema.safeParse(details[key]).data?.invocation ?? null;
      return { key, count: count !== null && Number.isFinite(count) ? count : null };
    });
  const cost = extras?.cost?.tool_calls_cost ?? null;
  return { invocations, toolCostUsd: cost !== null && Number.isFinite(cost) ? cost : null };
}
