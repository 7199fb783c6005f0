/** The Perplexity request pieces: server tools gated by the skill predicates, max_steps, effort. */
import { describe, expect, it } from 'vitest';
import type { ModelTemplate } from '../../../domain/template.ts';
import {
  FINANCE_MAX_STEPS,
  perplexityMaxSteps,
  perplexityReasoningEffort,
  perplexityServerTools,
} from './perplexity-tools.ts';
import { ALL_ON, context } from './perplexity-test-helpers.ts';

function template(fields: Partial<ModelTemplate>): ModelTemplate {
  return context(fields).template;
}

describe('perplexityServerTools', () => {
  it('sends nothing when every toggle is off', () => {
    expect(perplexityServerTools(template({}))).toEqual([]);
  });

  it('sends each tool only when its own toggle is on', () => {
    expect(perplexityServerTools(template({ perplexityWebSearch: true }))).toEqual([{ type: 'web_search' }]);
    expect(perplexityServerTools(template({ perplexityFinanceSearch: true }))).toEqual([
      { type: 'finance_search' },
    ]);
    expect(perplexityServerTools(template({ perplexityPeopleSearch: true }))).toEqual([
      { type: 'people_search' },
    ]);
    expect(perplexityServerTools(template({ perplexityFetchUrl: true }))).toEqual([{ type: 'fetch_url' }]);
  });

  it('sends all four in the editor order', () => {
    expect(perplexityServerTools(template(ALL_ON)).map((t) => t.type)).toEqual([
      'web_search',
      'finance_search',
      'people_search',
      'fetch_url',
    ]);
  });

  it('follows the effective provider, never the flag alone', () => {
    // The piggyback setup (open_ai_responses on api.perplexity.ai) is OpenAI's wire: no Perplexity tool.
    expect(perplexityServerTools(template({ ...ALL_ON, provider: 'open_ai_responses' }))).toEqual([]);
    expect(perplexityServerTools(template({ ...ALL_ON, provider: 'open_ai_compat' }))).toEqual([]);
    // Auto-detect: api.perplexity.ai is detected as perplexity_responses (Spec 45 D1).
    expect(perplexityServerTools(template({ perplexityFetchUrl: true, provider: null }))).toEqual([
      { type: 'fetch_url' },
    ]);
  });
});

describe('perplexityMaxSteps', () => {
  it('is 5 exactly when finance search goes out, absent otherwise', () => {
    expect(FINANCE_MAX_STEPS).toBe(5);
    const finance = perplexityServerTools(template({ perplexityFinanceSearch: true }));
    expect(perplexityMaxSteps(finance)).toBe(5);
    expect(perplexityMaxSteps(perplexityServerTools(template(ALL_ON)))).toBe(5);
    const others = perplexityServerTools(template({ ...ALL_ON, perplexityFinanceSearch: false }));
    expect(perplexityMaxSteps(others)).toBeUndefined();
    expect(perplexityMaxSteps([])).toBeUndefined();
    // Finance on under another provider sends no finance tool, so no max_steps either.
    const piggyback = perplexityServerTools(template({ ...ALL_ON, provider: 'open_ai_responses' }));
    expect(perplexityMaxSteps(piggyback)).toBeUndefined();
  });
});

describe('perplexityReasoningEffort', () => {
  it('passes low / medium / high and lowers xhigh / max to high (the documented ceiling)', () => {
    expect(perplexityReasoningEffort(null)).toBeNull();
    expect(perplexityReasoningEffort('low')).toBe('low');
    expect(perplexityReasoningEffort('medium')).toBe('medium');
    expect(perplexityReasoningEffort('high')).toBe('high');
    expect(perplexityReasoningEffort('xhigh')).toBe('high');
    expect(perplexityReasoningEffort('max')).toBe('high');
  });
});
