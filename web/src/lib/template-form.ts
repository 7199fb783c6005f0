/**
 * The model-template editor's form: what the person types (numbers as text, empty = unset), its checks
 * (the ranges of the core's `templateInput` schema, src/domain/schemas.ts) and the exact `upsert_template`
 * argument it becomes. Holds no secret: the API key never passes through here.
 */
import { EFFORTS, PROVIDERS, SKILL_FIELDS, type SkillField } from './provider-skills.ts';
import type { CredentialSource, Effort, ModelTemplate, Provider } from './types.ts';

export const PRICE_FIELDS = [
  'inputPerMtok',
  'outputPerMtok',
  'cacheReadPerMtok',
  'cacheWritePerMtok',
  'cacheWrite1hPerMtok',
] as const;
export type PriceField = (typeof PRICE_FIELDS)[number];

/** Prices above this (USD per 1M tokens) are implausible; the core refuses them. */
export const MAX_PRICE_PER_MTOK = 1000;
const U32_MAX = 0xffff_ffff;
export const MAX_SECRET_CHARS = 16_384;

/** The core's defaults for a new template (TEMPLATE_DEFAULTS in src/domain/template.ts). */
export const NEW_TEMPLATE_DEFAULTS = {
  contextLength: 128_000,
  maxOutputTokens: 8192,
  requestTimeoutSecs: 120,
  maxRetries: 3,
  useTools: true,
  stream: true,
} as const;

export interface TemplateForm {
  /** Null: not saved yet (the core issues the id). */
  id: string | null;
  name: string;
  provider: Provider | null;
  baseUrl: string;
  model: string;
  contextLength: string;
  maxOutputTokens: string;
  /** Empty: not sent to the model. */
  temperature: string;
  effort: Effort | null;
  useTools: boolean;
  /** Replies shown as they arrive (the template's `stream`, on unless switched off). */
  stream: boolean;
  requestTimeoutSecs: string;
  maxRetries: string;
  skills: Record<SkillField, boolean>;
  /** Empty: unset (never 0). */
  prices: Record<PriceField, string>;
  pricingAsOf: string;
  /** The "no key needed" checkbox (credential `not_required`). */
  notRequired: boolean;
}

export type TemplateInput = Omit<ModelTemplate, 'id'> & { id?: string };

export type FormField =
  | 'name'
  | 'baseUrl'
  | 'model'
  | 'contextLength'
  | 'maxOutputTokens'
  | 'temperature'
  | 'requestTimeoutSecs'
  | 'maxRetries'
  | PriceField;

/** An i18n key under `templates.errors` plus its parameters. */
export interface FieldError {
  key: 'required' | 'url' | 'urlCredentials' | 'integer' | 'number' | 'range';
  params?: Record<string, number>;
}

export type FormErrors = Partial<Record<FormField, FieldError>>;

function skillsOf(template: Partial<Record<SkillField, boolean>>): Record<SkillField, boolean> {
  return Object.fromEntries(SKILL_FIELDS.map((f) => [f, template[f] === true])) as Record<
    SkillField,
    boolean
  >;
}

const text = (value: number | null | undefined): string =>
  value === null || value === undefined ? '' : String(value);

export function emptyForm(): TemplateForm {
  const d = NEW_TEMPLATE_DEFAULTS;
  return {
    id: null,
    name: '',
    provider: null,
    baseUrl: '',
    model: '',
    contextLength: String(d.contextLength),
    maxOutputTokens: String(d.maxOutputTokens),
    temperature: '',
    effort: null,
    useTools: d.useTools,
    stream: d.stream,
    requestTimeoutSecs: String(d.requestTimeoutSecs),
    maxRetries: String(d.maxRetries),
    skills: skillsOf({}),
    prices: Object.fromEntries(PRICE_FIELDS.map((f) => [f, ''])) as Record<PriceField, string>,
    pricingAsOf: '',
    notRequired: false,
  };
}

/** The form for an existing template; values the core would refuse are kept as typed, to be shown. */
export function formFromTemplate(t: ModelTemplate): TemplateForm {
  return {
    id: t.id,
    name: t.name,
    provider: (PROVIDERS as readonly string[]).includes(t.provider ?? '') ? t.provider : null,
    baseUrl: t.baseUrl,
    model: t.model,
    contextLength: text(t.contextLength),
    maxOutputTokens: text(t.maxOutputTokens),
    temperature: text(t.temperature),
    effort: (EFFORTS as readonly string[]).includes(t.effort ?? '') ? t.effort : null,
    useTools: t.useTools,
    stream: t.stream !== false,
    requestTimeoutSecs: text(t.requestTimeoutSecs),
    maxRetries: text(t.maxRetries),
    skills: skillsOf(t),
    prices: Object.fromEntries(PRICE_FIELDS.map((f) => [f, text(t[f])])) as Record<PriceField, string>,
    pricingAsOf: t.pricingAsOf ?? '',
    notRequired: t.credential === 'not_required',
  };
}

/** Changed since `baseline`? (Compared by value; the form holds only plain data.) */
export function formDirty(form: TemplateForm, baseline: TemplateForm): boolean {
  return JSON.stringify(form) !== JSON.stringify(baseline);
}

/** Digits with optional thousands separators ("128,000", "128 000") read as the number. */
function parseNumber(raw: string): number | null {
  const cleaned = raw.trim().replace(/[,\s_]/g, '');
  if (cleaned === '' || !/^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i.test(cleaned)) return null;
  const value = Number(cleaned);
  return Number.isFinite(value) ? value : null;
}

type Check<T> = { ok: true; value: T } | { ok: false; error: FieldError };

function integerIn(raw: string, min: number, max: number): Check<number> {
  if (raw.trim() === '') return { ok: false, error: { key: 'required' } };
  const value = parseNumber(raw);
  if (value === null || !Number.isInteger(value)) return { ok: false, error: { key: 'integer' } };
  if (value < min || value > max) return { ok: false, error: { key: 'range', params: { min, max } } };
  return { ok: true, value };
}

function optionalNumberIn(raw: string, min: number, max: number): Check<number | null> {
  if (raw.trim() === '') return { ok: true, value: null };
  const value = parseNumber(raw);
  if (value === null) return { ok: false, error: { key: 'number' } };
  if (value < min || value > max) return { ok: false, error: { key: 'range', params: { min, max } } };
  return { ok: true, value };
}

/** The core accepts `echo:` (no network) or an http(s) URL without user:password. */
export function checkBaseUrl(raw: string): FieldError | null {
  const value = raw.trim();
  if (value === '') return { key: 'required' };
  if (value === 'echo:') return null;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return { key: 'url' };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return { key: 'url' };
  if (url.username || url.password) return { key: 'urlCredentials' };
  return null;
}

export type FormResult = { ok: true; input: TemplateInput } | { ok: false; errors: FormErrors };

/**
 * Checks the form and builds the `upsert_template` argument. `currentCredential` is the saved template's
 * live value: a `keyring` template keeps asking for `keyring` (the core keeps it while the key still
 * matches the base URL's origin); otherwise only unset ⇄ not_required comes from the checkbox.
 */
export function formToInput(form: TemplateForm, currentCredential: CredentialSource | null): FormResult {
  const errors: FormErrors = {};
  const need = (field: FormField, value: string) => {
    if (value.trim() === '') errors[field] = { key: 'required' };
  };
  need('name', form.name);
  need('model', form.model);
  const urlError = checkBaseUrl(form.baseUrl);
  if (urlError) errors.baseUrl = urlError;

  const take = <T>(field: FormField, check: Check<T>): T | undefined => {
    if (check.ok) return check.value;
    errors[field] = check.error;
    return undefined;
  };
  const contextLength = take('contextLength', integerIn(form.contextLength, 1, U32_MAX));
  const maxOutputTokens = take('maxOutputTokens', integerIn(form.maxOutputTokens, 1, U32_MAX));
  const temperature = take('temperature', optionalNumberIn(form.temperature, 0, 2));
  const requestTimeoutSecs = take('requestTimeoutSecs', integerIn(form.requestTimeoutSecs, 1, 3600));
  const maxRetries = take('maxRetries', integerIn(form.maxRetries, 0, 10));
  const prices = {} as Record<PriceField, number | null>;
  for (const field of PRICE_FIELDS) {
    const price = take(field, optionalNumberIn(form.prices[field], 0, MAX_PRICE_PER_MTOK));
    if (price !== undefined) prices[field] = price;
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors };

  const credential: CredentialSource =
    currentCredential === 'keyring' ? 'keyring' : form.notRequired ? 'not_required' : 'unset';
  const input: TemplateInput = {
    name: form.name.trim(),
    baseUrl: form.baseUrl.trim(),
    model: form.model.trim(),
    contextLength: contextLength!,
    temperature: temperature ?? null,
    maxOutputTokens: maxOutputTokens!,
    credential,
    provider: form.provider,
    useTools: form.useTools,
    stream: form.stream,
    effort: form.effort,
    ...form.skills,
    requestTimeoutSecs: requestTimeoutSecs!,
    maxRetries: maxRetries!,
    ...prices,
    pricingAsOf: form.pricingAsOf.trim() === '' ? null : form.pricingAsOf.trim(),
  };
  if (form.id !== null) input.id = form.id;
  return { ok: true, input };
}

/**
 * A stored key is bound to the origin of the base URL it was set for (src/secrets/bound-secret.ts): saving
 * a template whose base URL moved to another origin leaves the key unusable (the core then reports `unset`).
 */
export function keyOriginChanged(savedBaseUrl: string, formBaseUrl: string): boolean {
  const origin = (url: string) => {
    try {
      return new URL(url.trim()).origin;
    } catch {
      return url.trim();
    }
  };
  return origin(savedBaseUrl) !== origin(formBaseUrl);
}

/**
 * The "raise requestTimeoutSecs together with maxOutputTokens" hint (ledger part 3 §2.2: 16,000 tokens do
 * not fit the default 120 s; above 32K assumes streaming, which the product does not do). The ledger gives
 * no rate; 100 tokens/s is assumed here (it puts 16,000 tokens over 120 s, as the ledger says).
 */
export const ASSUMED_TOKENS_PER_SEC = 100;
export const STREAMING_ONLY_ABOVE = 32_000;

export type OutputBudgetHint = 'streaming' | 'raise_timeout';

export function outputBudgetHint(
  maxOutputTokens: string,
  requestTimeoutSecs: string,
): OutputBudgetHint | null {
  const tokens = parseNumber(maxOutputTokens);
  const secs = parseNumber(requestTimeoutSecs);
  if (tokens === null) return null;
  if (tokens > STREAMING_ONLY_ABOVE) return 'streaming';
  if (secs !== null && secs > 0 && tokens > secs * ASSUMED_TOKENS_PER_SEC) return 'raise_timeout';
  return null;
}

/**
 * The smallest output limit observed to leave room for an answer, per provider, where one was measured
 * (ledger part 6 `meta_responses`, 2026-08-13: at Meta's default effort high, with an attachment, 512 and
 * 1,024 were spent on thinking alone and the text was empty; 2,048 and 4,096 gave text). It is an
 * observation, not a law (the floor moves with effort), so the editor says so and never changes the value.
 * A Record, so a new provider makes the compiler ask.
 */
export const OBSERVED_ANSWER_FLOOR: Record<Provider, number | null> = {
  open_ai_compat: null,
  anthropic: null,
  gemini: null,
  xai_responses: null,
  open_ai_responses: null,
  meta_responses: 2048,
  perplexity_responses: null,
};

/** Whether the limit is below the observed floor of the template's provider (the observation is shown). */
export function belowObservedAnswerFloor(provider: Provider, maxOutputTokens: string): boolean {
  const floor = OBSERVED_ANSWER_FLOOR[provider];
  const tokens = parseNumber(maxOutputTokens);
  return floor !== null && tokens !== null && tokens < floor;
}

/** Both input and output unset: 「単価未登録」, left out of cost totals (ledger part 3 `pricing`). */
export function priceUnregistered(prices: Record<PriceField, string>): boolean {
  return prices.inputPerMtok.trim() === '' && prices.outputPerMtok.trim() === '';
}

/**
 * Staleness is only the local number of days since `pricingAsOf` (never compared with a remote).
 * Null when the text is not a date (YYYY-MM-DD or anything Date parses) or lies in the future.
 */
export function daysSince(pricingAsOf: string, nowMs: number): number | null {
  const value = pricingAsOf.trim();
  if (value === '') return null;
  const ymd = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  const thenMs = ymd
    ? new Date(Number(ymd[1]), Number(ymd[2]) - 1, Number(ymd[3])).getTime()
    : Date.parse(value);
  if (!Number.isFinite(thenMs)) return null;
  const startOf = (ms: number) => {
    const d = new Date(ms);
    return new Date(d.getFullYear(), d.getMonth(), d.getDate()).getTime();
  };
  const days = Math.round((startOf(nowMs) - startOf(thenMs)) / 86_400_000);
  return days >= 0 ? days : null;
}

/** Today as YYYY-MM-DD in local time (the "today" button of pricingAsOf). */
export function localDate(nowMs: number): string {
  const d = new Date(nowMs);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/** The set_credential argument after the checks the core makes (non-empty after trim, ≤ 16,384 chars). */
export function secretProblem(secret: string): 'empty' | 'too_long' | null {
  if (secret.trim() === '') return 'empty';
  if (secret.length > MAX_SECRET_CHARS) return 'too_long';
  return null;
}
