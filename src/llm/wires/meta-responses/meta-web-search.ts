/**
 * Meta's one provider-side tool, `web_search` (ledger part 6 `meta_responses`, Spec 37). It is sent
 * only when `skills.metaWebSearchActive` holds (the toggle AND the effective provider is
 * meta_responses), never on the flag alone.
 *
 * The tool is the bare `{type: "web_search"}`. Meta answers a named 400 to `max_results`,
 * `filters.allowed_domains` and any unknown field (measured 2026-08-13); `search_context_size` is
 * accepted but the skill is one toggle, so that axis is recorded in the ledger and not sent.
 */
import type { ModelTemplate } from '../../../domain/template.ts';
import { skills } from '../../provider.ts';
import type { ResponsesServerTool } from '../responses/index.ts';

/** The server tools of one call; none when the skill is off (ToolChoice 'none' is the shared encoder's rule). */
export function metaServerTools(template: ModelTemplate): ResponsesServerTool[] {
  return skills.metaWebSearchActive(template) ? [{ type: 'web_search' }] : [];
}
