/**
 * Effort on the Meta Responses wire (ledger part 6 `meta_responses`, part 2 §2.11). Meta's
 * `reasoning.effort` ladder is none / minimal / low / medium / high / xhigh: the canonical `max`
 * does not exist there (measured 2026-08-13: `unknown variant \`max\``, a fatal 400 that stops the
 * agent). `xhigh` is Meta's ceiling, so `max -> xhigh` is a synonym, not a lost level (compare the
 * compat wire, whose xhigh / max -> high really drops one).
 */
import type { Effort } from '../../../domain/enums.ts';

/** The `reasoning.effort` values this wire sends: the canonical ones Meta has, capped at its ceiling. */
export type MetaReasoningEffort = 'low' | 'medium' | 'high' | 'xhigh';

/**
 * The canonical effort as Meta spells it. Only `max` changes. Nothing else is touched here or
 * anywhere on this wire: the user's `max_output_tokens` and effort are never silently rewritten,
 * even though Meta's default effort (high) can spend a small output limit on thinking alone
 * (the ledger records that as an observation, not as a rule for the implementation).
 */
export function metaEffort(effort: Effort): MetaReasoningEffort {
  return effort === 'max' ? 'xhigh' : effort;
}
