import type { ModelTemplateId } from './ids.ts';
import type { CredentialSource, Effort, Provider } from './enums.ts';

/** LLM connection settings (ledger part 3 §2.2). Holds no secret: only where the secret comes from. */
export interface ModelTemplate {
  id: ModelTemplateId;
  name: string;
  baseUrl: string;
  model: string;
  contextLength: number;
  temperature: number | null;
  maxOutputTokens: number;
  credential: CredentialSource;
  /** Null: detected from baseUrl. */
  provider: Provider | null;
  useTools: boolean;
  effort: Effort | null;
  googleSearch: boolean;
  geminiUrlContext: boolean;
  xaiWebSearch: boolean;
  xaiXSearch: boolean;
  openaiWebSearch: boolean;
  openaiReasoningPro: boolean;
  metaWebSearch: boolean;
  perplexityWebSearch: boolean;
  perplexityFinanceSearch: boolean;
  perplexityPeopleSearch: boolean;
  perplexityFetchUrl: boolean;
  requestTimeoutSecs: number;
  maxRetries: number;
  /**
   * Ask the provider for a streamed reply and show it as it arrives (`messageDelta` events). Going
   * past the ledger on purpose (issue 23): the ledger's wires are whole-body only, but a reply that
   * appears after 30 s of silence feels broken and every peer streams. On by default, so a world.json
   * written before it reads as true; a wire (or the echo backend) that does not stream ignores it.
   * Optional only for clients that predate it (their forms send templates without it): an edit
   * from one keeps the stored value (catalog.ts), and every stored template has it. Read it with
   * `templateStreams`.
   */
  stream?: boolean;
  /** USD per 1M tokens; null means unset, not 0. */
  inputPerMtok: number | null;
  outputPerMtok: number | null;
  cacheReadPerMtok: number | null;
  cacheWritePerMtok: number | null;
  cacheWrite1hPerMtok: number | null;
  pricingAsOf: string | null;
}

export const SKILL_TOGGLES = [
  'googleSearch',
  'geminiUrlContext',
  'xaiWebSearch',
  'xaiXSearch',
  'openaiWebSearch',
  'openaiReasoningPro',
  'metaWebSearch',
  'perplexityWebSearch',
  'perplexityFinanceSearch',
  'perplexityPeopleSearch',
  'perplexityFetchUrl',
] as const satisfies readonly (keyof ModelTemplate)[];

export const PRICE_FIELDS = [
  'inputPerMtok',
  'outputPerMtok',
  'cacheReadPerMtok',
  'cacheWritePerMtok',
  'cacheWrite1hPerMtok',
] as const satisfies readonly (keyof ModelTemplate)[];

/** Prices above this are rejected as implausible (ledger part 3 §6). */
export const MAX_PRICE_PER_MTOK = 1000;

export const TEMPLATE_DEFAULTS = {
  contextLength: 128_000,
  temperature: null,
  maxOutputTokens: 8192,
  credential: 'unset',
  provider: null,
  useTools: true,
  effort: null,
  googleSearch: false,
  geminiUrlContext: false,
  xaiWebSearch: false,
  xaiXSearch: false,
  openaiWebSearch: false,
  openaiReasoningPro: false,
  metaWebSearch: false,
  perplexityWebSearch: false,
  perplexityFinanceSearch: false,
  perplexityPeopleSearch: false,
  perplexityFetchUrl: false,
  requestTimeoutSecs: 120,
  maxRetries: 3,
  stream: true,
  inputPerMtok: null,
  outputPerMtok: null,
  cacheReadPerMtok: null,
  cacheWritePerMtok: null,
  cacheWrite1hPerMtok: null,
  pricingAsOf: null,
} satisfies Omit<ModelTemplate, 'id' | 'name' | 'baseUrl' | 'model'>;

/** Whether calls on this template stream (the option, on unless switched off). */
export function templateStreams(template: Pick<ModelTemplate, 'stream'>): boolean {
  return template.stream !== false;
}
