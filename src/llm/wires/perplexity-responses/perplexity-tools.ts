/**
 * What the Perplexity wire adds to the shared request: its server tools, `max_steps` and the
 * reasoning effort. Each tool goes out only when its `skills.perplexity*Active` predicate (flag AND
 * effective provider) is true, never on the flag alone (ledger part 6 §5.5, Spec 45 D3).
 */
import type { Effort } from '../../../domain/enums.ts';
import { skills } from '../../provider.ts';
import type { PerplexityServerTool } from './perplexity-api.ts';

type SkillSource = Parameters<typeof skills.perplexityWebSearchActive>[0];

/**
 * finance_search without `max_steps` returns only a `skill_loaded` item and a 200 — it silently does
 * nothing (measured, Spec 45 probes). A constant, not a setting, never shown (Spec 45 D4).
 */
export const FINANCE_MAX_STEPS = 5;

/** In the template editor's order: web, finance, people, fetch. */
export function perplexityServerTools(template: SkillSource): PerplexityServerTool[] {
  const tools: PerplexityServerTool[] = [];
  if (skills.perplexityWebSearchActive(template)) tools.push({ type: 'web_search' });
  if (skills.perplexityFinanceSearchActive(template)) tools.push({ type: 'finance_search' });
  if (skills.perplexityPeopleSearchActive(template)) tools.push({ type: 'people_search' });
  if (skills.perplexityFetchUrlActive(template)) tools.push({ type: 'fetch_url' });
  return tools;
}

/**
 * `max_steps`: 5 only when finance search is active, else undefined (the key is left out). The flag
 * and the field are decided here together so one cannot go out without the other. Takes the tools
 * actually sent, so a wrap-up call that sends no tools sends no `max_steps` either.
 */
export function perplexityMaxSteps(sentTools: readonly PerplexityServerTool[]): number | undefined {
  return sentTools.some((tool) => tool.type === 'finance_search') ? FINANCE_MAX_STEPS : undefined;
}

export type PerplexityReasoningEffort = 'low' | 'medium' | 'high';

/**
 * Perplexity documents `reasoning.effort` as low / medium / high only (its ReasoningConfig). The
 * ledger's rule is "map to the provider's ceiling" (part 6 §5.5, Meta's max -> xhigh), so xhigh and
 * max go out as high: sending a value outside the documented set risks a 400 that stops the agent.
 * Null: no `reasoning` object at all.
 */
export function perplexityReasoningEffort(effort: Effort | null): PerplexityReasoningEffort | null {
  if (effort === null) return null;
  return effort === 'xhigh' || effort === 'max' ? 'high' : effort;
}
