/**
 * What each provider (wire) brings to a model template: its default base URL, the advisory base-URL
 * mismatch warning, and the provider-gated skill toggles (ledger part 2 §2.10, part 3 §2.2, part 6 §1.3–1.7).
 *
 * Every table here is a `Record<Provider, …>` on purpose: a string union absorbs a new provider silently,
 * a Record makes the compiler point at each table that needs a row (ledger part 6 `variant_addition_sites`).
 * The values are copied from the core (the UI imports no server code); the unit test pins them to it.
 */
import { openAiResponsesSendsReasoning, openAiResponsesSendsTemperature } from './openai-responses-models.ts';
import type { Effort, ModelTemplate, Provider } from './types.ts';

export const PROVIDERS = [
  'open_ai_compat',
  'anthropic',
  'gemini',
  'xai_responses',
  'open_ai_responses',
  'meta_responses',
  'perplexity_responses',
] as const satisfies readonly Provider[];

/** `xhigh` is the wire spelling; there is no `minimal` (ledger part 2 Effort). */
export const EFFORTS = ['low', 'medium', 'high', 'xhigh', 'max'] as const satisfies readonly Effort[];

/**
 * Keyed by provider and only ever read forward. Not injective: open_ai_compat and open_ai_responses share
 * one URL, so there must never be a lookup from URL to provider (ledger part 2 `non_injective_defaults`).
 * Meta: the ledger names api.meta.ai as the host of the Meta Responses wire (part 6 `meta_responses`).
 */
export const DEFAULT_BASE_URL: Record<Provider, string> = {
  open_ai_compat: 'https://api.openai.com/v1',
  anthropic: 'https://api.anthropic.com/v1',
  gemini: 'https://generativelanguage.googleapis.com/v1beta',
  xai_responses: 'https://api.x.ai/v1',
  open_ai_responses: 'https://api.openai.com/v1',
  meta_responses: 'https://api.meta.ai/v1',
  perplexity_responses: 'https://api.perplexity.ai/v1',
};

/**
 * What each wire appends to the base URL (the core's `providerPath`, src/llm/provider.ts), shown under the
 * field so nobody types the path twice. Gemini's path holds the model, encoded as the core does; with no
 * model yet the placeholder `{model}` is shown as it is.
 */
export function providerPath(provider: Provider, model: string): string {
  const paths: Record<Provider, string> = {
    open_ai_compat: '/chat/completions',
    anthropic: '/messages',
    gemini: `/models/${model === '' ? '{model}' : encodeURIComponent(model)}:generateContent`,
    xai_responses: '/responses',
    open_ai_responses: '/responses',
    meta_responses: '/responses',
    perplexity_responses: '/responses',
  };
  return paths[provider];
}

/**
 * Other vendors' hosts that also serve Chat Completions: open_ai_compat pointing there is legitimate.
 * OpenAI is not listed (it is not "another" vendor: api.openai.com is open_ai_compat's own default), nor is
 * Perplexity (its /chat/completions answers 404).
 */
export const ALSO_SERVES_COMPAT: readonly string[] = [
  'generativelanguage.googleapis.com',
  'api.x.ai',
  'api.meta.ai',
];

/** Other vendors' hosts that also serve Responses: open_ai_responses + api.perplexity.ai is a live setup. */
export const ALSO_SERVES_RESPONSES: readonly string[] = ['api.perplexity.ai'];

/** Which exemption table applies to which provider; the others have none. */
const EXEMPT_HOSTS: Record<Provider, readonly string[]> = {
  open_ai_compat: ALSO_SERVES_COMPAT,
  anthropic: [],
  gemini: [],
  xai_responses: [],
  open_ai_responses: ALSO_SERVES_RESPONSES,
  meta_responses: [],
  perplexity_responses: [],
};

/** The core's auto-detection for `provider: null` (ledger part 2 Provider.detect; DETECTED_HOSTS in src/domain/enums.ts). */
export const DETECTED_HOSTS: readonly (readonly [host: string, provider: Provider])[] = [
  ['api.anthropic.com', 'anthropic'],
  ['api.perplexity.ai', 'perplexity_responses'],
];

export function detectProvider(baseUrl: string): Provider {
  return DETECTED_HOSTS.find(([host]) => baseUrl.includes(host))?.[1] ?? 'open_ai_compat';
}

/** The wire a template actually uses: its explicit choice, else the one detected from the base URL. */
export function effectiveProvider(template: { provider: Provider | null; baseUrl: string }): Provider {
  return template.provider ?? detectProvider(template.baseUrl);
}

/** Lower-case host (with port) of an http(s) URL; null for anything else (empty, `echo:`, garbage). */
export function hostOf(baseUrl: string): string | null {
  try {
    const url = new URL(baseUrl.trim());
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
    return url.host.toLowerCase();
  } catch {
    return null;
  }
}

const KNOWN_VENDOR_HOSTS: ReadonlySet<string> = new Set(
  Object.values(DEFAULT_BASE_URL).map((url) => hostOf(url) ?? ''),
);

export interface BaseUrlMismatch {
  /** The provider the warning is about (the detected one when the template leaves provider null). */
  provider: Provider;
  /** The host the base URL points at. */
  host: string;
  /** The provider's own default base URL (what "use the default" would put in). */
  expected: string;
}

/**
 * The advisory base-URL warning (`baseUrlMismatch`). The ledger gives its properties, not a formula; this
 * is the reading implemented here:
 *
 *   warn ⇔ the URL's host is one of the vendor hosts of the DEFAULT_BASE_URL table
 *          AND it is not the host of DEFAULT_BASE_URL[provider]
 *          AND it is not in the exemption table of that provider (ALSO_SERVES_COMPAT / _RESPONSES).
 *
 * Why "one of the vendor hosts": open_ai_compat is also the wire for every local server and proxy
 * (llama.cpp, vLLM, a company gateway); a host the table does not know says nothing about the provider,
 * so it is never flagged. The cited bug — anthropic → open_ai_responses leaving api.anthropic.com — is a
 * known vendor host under the wrong provider, which this flags. Only forward lookups by provider (and a
 * membership test over all default hosts) are used: nothing maps a URL back to a provider.
 * With `provider: null` the detected provider is checked (it is the wire that will be used).
 * Advisory only: nothing about capability, skills or encoding may branch on the base URL.
 */
export function baseUrlMismatch(provider: Provider | null, baseUrl: string): BaseUrlMismatch | null {
  const host = hostOf(baseUrl);
  if (host === null || !KNOWN_VENDOR_HOSTS.has(host)) return null;
  const effective = provider ?? detectProvider(baseUrl);
  const expected = DEFAULT_BASE_URL[effective];
  if (host === hostOf(expected) || EXEMPT_HOSTS[effective].includes(host)) return null;
  return { provider: effective, host, expected };
}

/**
 * The base URL to put in the field when the provider select changes (`presetBaseUrlFor`): the new provider's
 * default when the field is empty or the current URL would be flagged under the new provider; otherwise the
 * current URL is kept (a local server or proxy the user typed, or a legitimate exempt host).
 * Auto-detect (null) keeps whatever is there.
 */
export function presetBaseUrlFor(provider: Provider | null, currentBaseUrl: string): string {
  if (provider === null) return currentBaseUrl;
  if (currentBaseUrl.trim() === '' || baseUrlMismatch(provider, currentBaseUrl)) {
    return DEFAULT_BASE_URL[provider];
  }
  return currentBaseUrl;
}

// ---------------------------------------------------------------------------------------------------
// Skill toggles

export type SkillField =
  | 'googleSearch'
  | 'geminiUrlContext'
  | 'xaiWebSearch'
  | 'xaiXSearch'
  | 'openaiWebSearch'
  | 'openaiReasoningPro'
  | 'metaWebSearch'
  | 'perplexityWebSearch'
  | 'perplexityFinanceSearch'
  | 'perplexityPeopleSearch'
  | 'perplexityFetchUrl';

/** Each provider's own toggles, in display order (`providerSkills`). */
export const PROVIDER_SKILLS: Record<Provider, readonly SkillField[]> = {
  open_ai_compat: [],
  anthropic: [],
  gemini: ['googleSearch', 'geminiUrlContext'],
  xai_responses: ['xaiWebSearch', 'xaiXSearch'],
  open_ai_responses: ['openaiWebSearch', 'openaiReasoningPro'],
  meta_responses: ['metaWebSearch'],
  perplexity_responses: [
    'perplexityWebSearch',
    'perplexityFinanceSearch',
    'perplexityPeopleSearch',
    'perplexityFetchUrl',
  ],
};

export const SKILL_FIELDS: readonly SkillField[] = PROVIDERS.flatMap((p) => PROVIDER_SKILLS[p]);

/** The one provider under which a toggle has any effect. */
export function skillProvider(field: SkillField): Provider {
  const owner = PROVIDERS.find((p) => PROVIDER_SKILLS[p].includes(field));
  if (!owner) throw new Error(`unknown skill ${field}`);
  return owner;
}

export type SkillFlags = Pick<ModelTemplate, SkillField>;
type SkillSource = Partial<SkillFlags> & { provider: Provider | null; baseUrl: string };

/** A toggle is effective only as flag AND its provider (the core's AND predicates); never the flag alone. */
export function skillActive(template: SkillSource, field: SkillField): boolean {
  return template[field] === true && effectiveProvider(template) === skillProvider(field);
}

/** The skills that actually work for this template (`passiveSkills`). */
export function passiveSkills(template: SkillSource): SkillField[] {
  return SKILL_FIELDS.filter((field) => skillActive(template, field));
}

export interface SkillRow {
  field: SkillField;
  /** The provider it belongs to. */
  provider: Provider;
  /** On, but the template's provider is another one: shown with the reason and the fix, never hidden. */
  misconfigured: boolean;
}

/**
 * The toggles the editor shows: those of the effective provider, plus any toggle that is on under another
 * provider (a hand-edited world.json, or a provider switch). Toggle values are never copied between
 * providers: switching cannot open another vendor's billing surface.
 */
export function visibleSkills(template: SkillSource): SkillRow[] {
  const provider = effectiveProvider(template);
  return SKILL_FIELDS.flatMap((field): SkillRow[] => {
    const owner = skillProvider(field);
    if (owner === provider) return [{ field, provider: owner, misconfigured: false }];
    if (template[field] === true) return [{ field, provider: owner, misconfigured: true }];
    return [];
  });
}

/** Per-call tool fees of Perplexity's toggles, USD (ledger part 6 §6). */
export const SKILL_CALL_FEE_USD: Partial<Record<SkillField, number>> = {
  perplexityFinanceSearch: 0.005,
  perplexityPeopleSearch: 0.005,
  perplexityFetchUrl: 0.0005,
};

/**
 * What the editor says under a toggle besides a per-call fee (keys under `templates.skills.notes`). Every
 * toggle has a row, so a new one has to decide. Only what is known is said: OpenAI's and xAI's search
 * calls are billed by the provider on top of tokens (their prices are not in the ledger, so none is
 * quoted); pro mode's extra input is the ledger's measurement (part 6 §6: input 20 → 1,558).
 */
export type SkillNote = 'reasoningProMode' | 'reasoningProCost' | 'searchBilled';

export const SKILL_NOTES: Record<SkillField, readonly SkillNote[]> = {
  googleSearch: [],
  geminiUrlContext: [],
  xaiWebSearch: ['searchBilled'],
  xaiXSearch: ['searchBilled'],
  openaiWebSearch: ['searchBilled'],
  openaiReasoningPro: ['reasoningProMode', 'reasoningProCost'],
  metaWebSearch: [],
  perplexityWebSearch: [],
  perplexityFinanceSearch: [],
  perplexityPeopleSearch: [],
  perplexityFetchUrl: [],
};

// ---------------------------------------------------------------------------------------------------
// Effort

export type EffortNote =
  'ignored' | 'lowered_to_high' | 'mapped_to_xhigh' | 'perplexity_capped_at_high' | 'not_sent_to_chat_model';

/**
 * What the wire does with the chosen effort (ledger part 2 Effort): xAI and Anthropic do not read it,
 * the compat wire lowers xhigh/max to high, Meta maps max to xhigh (its ceiling), Perplexity sends
 * xhigh/max as high (its documented reasoning.effort set is low / medium / high; the core's
 * perplexityReasoningEffort), OpenAI Responses sends no reasoning block to the chat models it knows
 * (gpt-4o …; the core's sendsReasoning). Null: sent as chosen.
 */
export function effortNote(provider: Provider, effort: Effort | null, model = ''): EffortNote | null {
  if (effort === null) return null;
  const notes: Record<Provider, EffortNote | null> = {
    open_ai_compat: effort === 'xhigh' || effort === 'max' ? 'lowered_to_high' : null,
    anthropic: 'ignored',
    gemini: null,
    xai_responses: 'ignored',
    open_ai_responses: openAiResponsesSendsReasoning(model) ? null : 'not_sent_to_chat_model',
    meta_responses: effort === 'max' ? 'mapped_to_xhigh' : null,
    perplexity_responses: effort === 'xhigh' || effort === 'max' ? 'perplexity_capped_at_high' : null,
  };
  return notes[provider];
}

/**
 * Whether a temperature the template sets stays out of the request. Only OpenAI Responses drops it: its
 * reasoning models answer 400 to it, so the core sends it to known chat models only (temperatureAllowed).
 * With no model typed yet there is nothing to say.
 */
export function temperatureNotSent(provider: Provider, model: string): boolean {
  if (model.trim() === '') return false;
  const dropped: Record<Provider, () => boolean> = {
    open_ai_compat: () => false,
    anthropic: () => false,
    gemini: () => false,
    xai_responses: () => false,
    open_ai_responses: () => !openAiResponsesSendsTemperature(model),
    meta_responses: () => false,
    perplexity_responses: () => false,
  };
  return dropped[provider]();
}
