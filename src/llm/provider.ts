/** Provider plumbing shared by the client and the UI: detection, paths, auth, carries, skill predicates. */
import { detectProvider, type Provider } from '../domain/enums.ts';
import type { ModelTemplate } from '../domain/template.ts';
import type { AttachmentKind } from './canonical.ts';

export { detectProvider };

/** The provider a template actually uses: its explicit choice, else detected from baseUrl. */
export function effectiveProvider(template: Pick<ModelTemplate, 'provider' | 'baseUrl'>): Provider {
  return template.provider ?? detectProvider(template.baseUrl);
}

/**
 * Meta: `api.meta.ai` is the host the ledger names for the Meta Responses wire (part 6 §1.6 and
 * §7.6). The web UI keeps a copy of this table (web/src/lib/provider-skills.ts), pinned equal by its test.
 */
export const DEFAULT_BASE_URL: Record<Provider, string> = {
  open_ai_compat: 'https://api.openai.com/v1',
  open_ai_responses: 'https://api.openai.com/v1',
  anthropic: 'https://api.anthropic.com/v1',
  gemini: 'https://generativelanguage.googleapis.com/v1beta',
  xai_responses: 'https://api.x.ai/v1',
  meta_responses: 'https://api.meta.ai/v1',
  perplexity_responses: 'https://api.perplexity.ai/v1',
};

/** The path appended to baseUrl (Gemini's contains the model). */
export function providerPath(provider: Provider, model: string): string {
  switch (provider) {
    case 'open_ai_compat':
      return '/chat/completions';
    case 'anthropic':
      return '/messages';
    case 'gemini':
      return `/models/${encodeURIComponent(model)}:generateContent`;
    case 'xai_responses':
    case 'open_ai_responses':
    case 'meta_responses':
    case 'perplexity_responses':
      return '/responses';
  }
}

const bearer = (apiKey: string): Record<string, string> => ({ authorization: `Bearer ${apiKey}` });

/**
 * How each wire carries the key (ledger part 2 wire table). One entry per provider and no default
 * (part 6 §1.8 / §5.6): a new provider does not compile until someone says how its key is sent,
 * instead of silently getting a Bearer header that provider may not read.
 */
const AUTH_HEADERS: Record<Provider, (apiKey: string) => Record<string, string>> = {
  open_ai_compat: bearer,
  anthropic: (apiKey) => ({ 'x-api-key': apiKey }),
  gemini: (apiKey) => ({ 'x-goog-api-key': apiKey }),
  xai_responses: bearer,
  open_ai_responses: bearer,
  meta_responses: bearer,
  perplexity_responses: bearer,
};

/** The only place an API key becomes a header. */
export function authHeaders(provider: Provider, apiKey: string | null): Record<string, string> {
  return apiKey === null ? {} : AUTH_HEADERS[provider](apiKey);
}

/** Which attachment kinds each wire accepts (ledger part 2 §2.9); models may still refuse. */
const CARRIES: Record<Provider, Record<AttachmentKind, boolean>> = {
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

type Toggles = Pick<ModelTemplate, 'provider' | 'baseUrl'> & Partial<ModelTemplate>;

/** Each skill is its flag AND the effective provider it belongs to; never the flag alone. */
export const skills = {
  groundingActive: (t: Toggles) => t.googleSearch === true && effectiveProvider(t) === 'gemini',
  geminiUrlContextActive: (t: Toggles) => t.geminiUrlContext === true && effectiveProvider(t) === 'gemini',
  xaiWebSearchActive: (t: Toggles) => t.xaiWebSearch === true && effectiveProvider(t) === 'xai_responses',
  xaiXSearchActive: (t: Toggles) => t.xaiXSearch === true && effectiveProvider(t) === 'xai_responses',
  openaiWebSearchActive: (t: Toggles) =>
    t.openaiWebSearch === true && effectiveProvider(t) === 'open_ai_responses',
  openaiReasoningProActive: (t: Toggles) =>
    t.openaiReasoningPro === true && effectiveProvider(t) === 'open_ai_responses',
  metaWebSearchActive: (t: Toggles) => t.metaWebSearch === true && effectiveProvider(t) === 'meta_responses',
  perplexityWebSearchActive: (t: Toggles) =>
    t.perplexityWebSearch === true && effectiveProvider(t) === 'perplexity_responses',
  perplexityFinanceSearchActive: (t: Toggles) =>
    t.perplexityFinanceSearch === true && effectiveProvider(t) === 'perplexity_responses',
  perplexityPeopleSearchActive: (t: Toggles) =>
    t.perplexityPeopleSearch === true && effectiveProvider(t) === 'perplexity_responses',
  perplexityFetchUrlActive: (t: Toggles) =>
    t.perplexityFetchUrl === true && effectiveProvider(t) === 'perplexity_responses',
};

/** `LlmBackend.name()` per wire, as the `backend=` field of the turn line shows it. */
export const BACKEND_NAMES: Record<Provider, string> = {
  open_ai_compat: 'openai-compat',
  anthropic: 'anthropic',
  gemini: 'gemini',
  xai_responses: 'xai-responses',
  open_ai_responses: 'openai-responses',
  meta_responses: 'meta-responses',
  perplexity_responses: 'perplexity-responses',
};
