/**
 * The xAI server tools a template's skills add: `{"type":"web_search"}` when
 * skills.xaiWebSearchActive, `{"type":"x_search"}` when skills.xaiXSearchActive (each is its toggle
 * AND the effective provider xai_responses: never the flag alone). Two toggles, not one: separate
 * tools, separate fees, separate output kinds (Spec 31 D3: folding them would open X's attack
 * surface to a village that only wanted the web).
 *
 * Bare on purpose: the filter fields xAI documents (web_search.allowed_domains,
 * x_search.allowed_x_handles (at most 20), from_date, to_date) are reserved, not built (ledger
 * xai_responses.reserved, Spec 31 Notes 4: an empty field keeps asking what should go in it). Adding
 * them later is additive to these elements, not a breaking change.
 */
import type { ModelTemplate } from '../../../domain/template.ts';
import { skills } from '../../provider.ts';

export type XaiServerTool = { type: 'web_search' } | { type: 'x_search' };

export function xaiServerTools(template: ModelTemplate): XaiServerTool[] {
  const tools: XaiServerTool[] = [];
  if (skills.xaiWebSearchActive(template)) tools.push({ type: 'web_search' });
  if (skills.xaiXSearchActive(template)) tools.push({ type: 'x_search' });
  return tools;
}
