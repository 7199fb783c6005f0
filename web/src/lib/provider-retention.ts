/**
 * Files a provider keeps after a call (ledger part 6 `meta_responses.files_are_retained`, Spec 37 D7 / D11).
 *
 * Measured on Meta (2026-08-13): every attachment sent is stored at `/v1/files` with
 * `purpose: "user_data"` and `expires_at: null` — kept with no expiry — and this holds for the compatible
 * endpoint (/v1/chat/completions) as well as for Responses, so it is a property of the endpoint, not of a
 * wire. The app does not delete them (Spec 37 D11: no CRUD of a provider's state); it says so and shows
 * the deletion procedure instead.
 *
 * The ledger puts the warning on the attachment chip; attachments do not exist in this version yet, so
 * issue 18 asks for it where a template is Meta: the template editor. It is a notice, never a passive
 * skill (keeping files is what the endpoint does, not something this app uses), and it states the
 * observed fact only — never "used for training", which is a policy claim nobody here can check.
 */
import { effectiveProvider, hostOf } from './provider-skills.ts';
import type { Provider } from './types.ts';

/** A Record so that a new provider makes the compiler ask whether it keeps files (`variant_addition_sites`). */
export const RETAINS_SENT_FILES: Record<Provider, boolean> = {
  open_ai_compat: false,
  anthropic: false,
  gemini: false,
  xai_responses: false,
  open_ai_responses: false,
  meta_responses: true,
  perplexity_responses: false,
};

/** Meta's own host: files sent there are kept whichever wire sent them (measured on the compat endpoint too). */
const RETAINING_HOSTS: ReadonlySet<string> = new Set(['api.meta.ai']);

/**
 * Whether the editor shows the retention notice: the effective provider keeps files, or the base URL
 * points at a host that does. Going past the "where a template is Meta" on purpose: an
 * OpenAI-compatible template on api.meta.ai sends to the same store (the ledger measured images kept from
 * /v1/chat/completions). This is a notice only; no capability, skill or encoding branches on the URL.
 */
export function retainsSentFiles(template: { provider: Provider | null; baseUrl: string }): boolean {
  const host = hostOf(template.baseUrl);
  return RETAINS_SENT_FILES[effectiveProvider(template)] || (host !== null && RETAINING_HOSTS.has(host));
}

/**
 * The way to delete kept files by hand, in order. The HTTP calls are not translated; the UI puts each
 * step's words in the village language around them. The list is eventually consistent (it lags up to
 * about 20 s after a delete), so the confirmation is the single-file GET answering 404 file_not_found.
 */
export const META_FILE_DELETION_STEPS = [
  { step: 'list', call: 'GET /v1/files' },
  { step: 'delete', call: 'DELETE /v1/files/{id}' },
  { step: 'confirm', call: 'GET /v1/files/{id}' },
] as const;

export type FileDeletionStep = (typeof META_FILE_DELETION_STEPS)[number]['step'];
