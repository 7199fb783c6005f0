/**
 * Which attachment kinds each wire can carry (ledger part 2 §2.9, Spec 36/37/45 `carries`): a copy of
 * the core's table (src/llm/provider.ts `carries`), which the chat reads to refuse a file before it is
 * sent and to say what the servant's connection can take. The core still decides at the send entry;
 * this copy only spares the person a round trip. Its test reads the core's predicate cell by cell, so
 * the two cannot drift (the ledger's "machine-synchronised with the table").
 *
 * A Record so that a new provider (or kind) makes the compiler ask for its row (`variant_addition_sites`).
 * The wire layer only: a model may still refuse a kind its wire carries (that refusal arrives as a 400
 * on the screen, ledger §2.9 "two layers").
 */
import { ATTACHMENT_KINDS, type AttachmentKind } from '../../../src/domain/attachment.ts';
import type { Provider } from './types.ts';

export const CARRIES: Record<Provider, Record<AttachmentKind, boolean>> = {
  open_ai_compat: { image: true, audio: true, video: false, pdf: true },
  anthropic: { image: true, audio: false, video: false, pdf: true },
  gemini: { image: true, audio: true, video: true, pdf: true },
  xai_responses: { image: true, audio: false, video: false, pdf: true },
  open_ai_responses: { image: true, audio: false, video: false, pdf: true },
  meta_responses: { image: true, audio: true, video: true, pdf: true },
  perplexity_responses: { image: true, audio: false, video: false, pdf: false },
};

export function carries(provider: Provider, kind: AttachmentKind): boolean {
  return CARRIES[provider][kind];
}

/** The kinds a provider's wire takes, in the contract's order (for "it can take: …"). */
export function carriedKinds(provider: Provider): AttachmentKind[] {
  return ATTACHMENT_KINDS.filter((kind) => CARRIES[provider][kind]);
}
