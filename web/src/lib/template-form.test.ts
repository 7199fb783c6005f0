import { describe, expect, it } from 'vitest';
import { templateInput } from '../../../src/domain/schemas.ts';
import {
  MAX_PRICE_PER_MTOK as CORE_MAX_PRICE,
  PRICE_FIELDS as CORE_PRICE_FIELDS,
  TEMPLATE_DEFAULTS,
} from '../../../src/domain/template.ts';
import {
  MAX_PRICE_PER_MTOK,
  NEW_TEMPLATE_DEFAULTS,
  OBSERVED_ANSWER_FLOOR,
  PRICE_FIELDS,
  belowObservedAnswerFloor,
  checkBaseUrl,
  daysSince,
  emptyForm,
  formDirty,
  formFromTemplate,
  formToInput,
  keyOriginChanged,
  localDate,
  outputBudgetHint,
  priceUnregistered,
  secretProblem,
  type TemplateForm,
} from './template-form.ts';
import type { ModelTemplate } from './types.ts';
import { EFFORTS, PROVIDERS, SKILL_FIELDS, SKILL_NOTES, type EffortNote } from './provider-skills.ts';
import ja from '../locales/ja/templates.json';
import en from '../locales/en/templates.json';

function filled(partial: Partial<TemplateForm> = {}): TemplateForm {
  return {
    ...emptyForm(),
    name: 'Claude',
    baseUrl: 'https://api.anthropic.com/v1',
    model: 'claude-x',
    ...partial,
  };
}

function template(partial: Partial<ModelTemplate> = {}): ModelTemplate {
  return {
    ...TEMPLATE_DEFAULTS,
    id: 't1',
    name: 'Claude',
    baseUrl: 'https://api.anthropic.com/v1',
    model: 'claude-x',
    ...partial,
  } as ModelTemplate;
}

describe('template form', () => {
  it('starts from the core defaults', () => {
    expect(NEW_TEMPLATE_DEFAULTS).toEqual({
      contextLength: TEMPLATE_DEFAULTS.contextLength,
      maxOutputTokens: TEMPLATE_DEFAULTS.maxOutputTokens,
      requestTimeoutSecs: TEMPLATE_DEFAULTS.requestTimeoutSecs,
      maxRetries: TEMPLATE_DEFAULTS.maxRetries,
      useTools: TEMPLATE_DEFAULTS.useTools,
      stream: TEMPLATE_DEFAULTS.stream,
    });
    expect([...PRICE_FIELDS]).toEqual([...CORE_PRICE_FIELDS]);
    expect(MAX_PRICE_PER_MTOK).toBe(CORE_MAX_PRICE);
    const form = emptyForm();
    expect(form.id).toBeNull();
    expect(form.temperature).toBe('');
    expect(form.effort).toBeNull();
    expect(form.provider).toBeNull();
  });

  it('builds an argument the core schema accepts, with the defaults of a new template', () => {
    const result = formToInput(filled(), null);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.input).not.toHaveProperty('id');
    const parsed = templateInput.parse(result.input);
    expect(parsed).toEqual({
      ...TEMPLATE_DEFAULTS,
      name: 'Claude',
      baseUrl: 'https://api.anthropic.com/v1',
      model: 'claude-x',
    });
  });

  it('round-trips a saved template unchanged (numbers, nulls, toggles, prices)', () => {
    const t = template({
      provider: 'gemini',
      temperature: 0.7,
      effort: 'xhigh',
      googleSearch: true,
      inputPerMtok: 3,
      outputPerMtok: 15,
      cacheWrite1hPerMtok: 6,
      pricingAsOf: '2026-08-01',
      credential: 'not_required',
    });
    const result = formToInput(formFromTemplate(t), t.credential);
    expect(result.ok && templateInput.parse(result.input)).toEqual(t);
  });

  it('keeps empty optional numbers as null, never 0', () => {
    const result = formToInput(filled({ temperature: ' ' }), null);
    expect(result.ok && result.input.temperature).toBeNull();
    expect(result.ok && result.input.inputPerMtok).toBeNull();
    expect(result.ok && result.input.pricingAsOf).toBeNull();
  });

  it('trims the text fields and reads thousands separators', () => {
    const result = formToInput(filled({ name: '  A ', model: ' m ', contextLength: '200,000' }), null);
    expect(result.ok && [result.input.name, result.input.model, result.input.contextLength]).toEqual([
      'A',
      'm',
      200_000,
    ]);
  });

  it('requires name, base URL and model', () => {
    const result = formToInput({ ...emptyForm(), name: ' ' }, null);
    expect(!result.ok && result.errors).toMatchObject({
      name: { key: 'required' },
      baseUrl: { key: 'required' },
      model: { key: 'required' },
    });
  });

  it('applies the ranges of the core schema', () => {
    const bad = filled({
      contextLength: '0',
      maxOutputTokens: '1.5',
      temperature: '2.1',
      requestTimeoutSecs: '3601',
      maxRetries: '11',
      prices: { ...emptyForm().prices, inputPerMtok: '1000.01', outputPerMtok: '$3', cacheReadPerMtok: '-1' },
    });
    const result = formToInput(bad, null);
    expect(!result.ok && result.errors).toEqual({
      contextLength: { key: 'range', params: { min: 1, max: 4294967295 } },
      maxOutputTokens: { key: 'integer' },
      temperature: { key: 'range', params: { min: 0, max: 2 } },
      requestTimeoutSecs: { key: 'range', params: { min: 1, max: 3600 } },
      maxRetries: { key: 'range', params: { min: 0, max: 10 } },
      inputPerMtok: { key: 'range', params: { min: 0, max: 1000 } },
      outputPerMtok: { key: 'number' },
      cacheReadPerMtok: { key: 'range', params: { min: 0, max: 1000 } },
    });
    const edge = filled({
      contextLength: '4294967295',
      temperature: '0',
      requestTimeoutSecs: '3600',
      maxRetries: '0',
      prices: { ...emptyForm().prices, inputPerMtok: '1000', outputPerMtok: '0' },
    });
    const ok = formToInput(edge, null);
    expect(ok.ok && templateInput.safeParse(ok.input).success).toBe(true);
  });

  it('checks the base URL as the core does', () => {
    expect(checkBaseUrl('echo:')).toBeNull();
    expect(checkBaseUrl('http://localhost:8080/v1')).toBeNull();
    expect(checkBaseUrl('ftp://x')).toEqual({ key: 'url' });
    expect(checkBaseUrl('api.openai.com')).toEqual({ key: 'url' });
    expect(checkBaseUrl('https://u:p@api.openai.com/v1')).toEqual({ key: 'urlCredentials' });
  });

  it('asks for the credential the core lets a client choose', () => {
    const credentialOf = (form: TemplateForm, current: ModelTemplate['credential'] | null) => {
      const r = formToInput(form, current);
      return r.ok ? r.input.credential : null;
    };
    expect(credentialOf(filled(), null)).toBe('unset');
    expect(credentialOf(filled({ notRequired: true }), null)).toBe('not_required');
    expect(credentialOf(filled({ notRequired: false }), 'not_required')).toBe('unset');
    // A registered key is kept; the checkbox cannot downgrade it.
    expect(credentialOf(filled({ notRequired: true }), 'keyring')).toBe('keyring');
  });

  it('sends the id of a saved template, and only known keys', () => {
    const t = template({ id: 'abc' });
    const result = formToInput(formFromTemplate({ ...t, extra: 1 } as ModelTemplate), 'unset');
    expect(result.ok && result.input.id).toBe('abc');
    expect(result.ok && templateInput.safeParse(result.input).success).toBe(true);
  });

  it('notices changes', () => {
    const baseline = formFromTemplate(template());
    const form = structuredClone(baseline);
    expect(formDirty(form, baseline)).toBe(false);
    form.skills.googleSearch = true;
    expect(formDirty(form, baseline)).toBe(true);
  });
});

describe('hints', () => {
  it('says when a key stops applying because the base URL moved to another origin', () => {
    expect(keyOriginChanged('https://api.x.ai/v1', 'https://api.x.ai/v2')).toBe(false);
    expect(keyOriginChanged('https://api.x.ai/v1', 'https://api.openai.com/v1')).toBe(true);
    expect(keyOriginChanged('http://localhost:1/v1', 'http://localhost:2/v1')).toBe(true);
  });

  it('pairs maxOutputTokens with requestTimeoutSecs', () => {
    expect(outputBudgetHint('8192', '120')).toBeNull();
    expect(outputBudgetHint('16000', '120')).toBe('raise_timeout');
    expect(outputBudgetHint('16000', '300')).toBeNull();
    expect(outputBudgetHint('32001', '3600')).toBe('streaming');
    expect(outputBudgetHint('', '120')).toBeNull();
  });

  it('shows Meta’s observed answer floor below 2,048 tokens (1,024 was empty, 2,048 answered), for Meta only', () => {
    expect(belowObservedAnswerFloor('meta_responses', '1024')).toBe(true);
    expect(belowObservedAnswerFloor('meta_responses', '2,047')).toBe(true);
    expect(belowObservedAnswerFloor('meta_responses', '2048')).toBe(false);
    expect(belowObservedAnswerFloor('meta_responses', '')).toBe(false);
    expect(PROVIDERS.filter((p) => OBSERVED_ANSWER_FLOOR[p] !== null)).toEqual(['meta_responses']);
    expect(belowObservedAnswerFloor('open_ai_responses', '512')).toBe(false);
  });

  it('calls a template without input and output price unregistered', () => {
    const prices = emptyForm().prices;
    expect(priceUnregistered(prices)).toBe(true);
    expect(priceUnregistered({ ...prices, cacheReadPerMtok: '1' })).toBe(true);
    expect(priceUnregistered({ ...prices, outputPerMtok: '1' })).toBe(false);
  });

  it('counts local days since pricingAsOf', () => {
    const now = new Date(2026, 7, 11, 9, 30).getTime();
    expect(daysSince('2026-08-11', now)).toBe(0);
    expect(daysSince('2026-08-01', now)).toBe(10);
    expect(daysSince('2026-07-11', now)).toBe(31);
    expect(daysSince('2026-08-12', now)).toBeNull();
    expect(daysSince('', now)).toBeNull();
    expect(daysSince('someday', now)).toBeNull();
    expect(localDate(now)).toBe('2026-08-11');
  });

  it('checks a secret as the core does', () => {
    expect(secretProblem('  ')).toBe('empty');
    expect(secretProblem('sk-1')).toBeNull();
    expect(secretProblem('x'.repeat(16_385))).toBe('too_long');
  });
});

describe('templates locale', () => {
  // Keys built at run time (`templates.providers.${p}` …) that a static search would not find.
  it.each([
    ['ja', ja],
    ['en', en],
  ])('%s names every provider, effort, skill, price field, error and credential state', (_, messages) => {
    const has = (path: string) =>
      typeof path.split('.').reduce<unknown>((v, k) => (v as Record<string, unknown>)?.[k], messages) ===
      'string';
    const keys = [
      'providers.auto',
      ...PROVIDERS.map((p) => `providers.${p}`),
      ...EFFORTS.map((e) => `effort.${e}`),
      ...(
        [
          'ignored',
          'lowered_to_high',
          'mapped_to_xhigh',
          'perplexity_capped_at_high',
          'not_sent_to_chat_model',
        ] satisfies EffortNote[]
      ).map((n) => `effort.notes.${n}`),
      ...SKILL_FIELDS.map((f) => `skills.labels.${f}`),
      ...SKILL_FIELDS.flatMap((f) => SKILL_NOTES[f]).map((n) => `skills.notes.${n}`),
      ...PRICE_FIELDS.map((f) => `pricing.fields.${f}`),
      ...['required', 'url', 'urlCredentials', 'integer', 'number', 'range'].map((k) => `errors.${k}`),
      ...['unset', 'not_required', 'keyring'].map((c) => `credential.status.${c}`),
      ...['empty', 'too_long'].map((p) => `credential.problems.${p}`),
      ...['raise_timeout', 'streaming', 'observedFloor'].map((h) => `hints.output.${h}`),
    ];
    expect(keys.filter((k) => !has(k))).toEqual([]);
  });
});
