/** Test-only: the Perplexity fixtures (see __fixtures__/README.md for where each comes from). */
import { readFileSync } from 'node:fs';
import { parseModelTemplateId } from '../../../domain/ids.ts';
import { TEMPLATE_DEFAULTS, type ModelTemplate } from '../../../domain/template.ts';
import type { WireContext } from '../wire.ts';

const FIXTURES = new URL('./__fixtures__/', import.meta.url);

export function fixture(name: string): Record<string, unknown> {
  return JSON.parse(readFileSync(new URL(name, FIXTURES), 'utf8')) as Record<string, unknown>;
}

/** The `output` array of a fixture ([] when it has none, as the legacy chat bodies). */
export function outputOf(body: Record<string, unknown>): unknown[] {
  return Array.isArray(body.output) ? (body.output as unknown[]) : [];
}

export const TEST_MODEL = 'perplexity/sonar';

/** A WireContext for a Perplexity template with the given toggles (TEMPLATE_DEFAULTS otherwise). */
export function context(fields: Partial<ModelTemplate> = {}): WireContext {
  const template: ModelTemplate = {
    ...TEMPLATE_DEFAULTS,
    id: parseModelTemplateId('tpl-pplx'),
    name: 'Perplexity',
    baseUrl: 'https://api.perplexity.ai/v1',
    model: TEST_MODEL,
    provider: 'perplexity_responses',
    ...fields,
  };
  return { provider: 'perplexity_responses', model: TEST_MODEL, template };
}

/** The four Perplexity skill toggles on. */
export const ALL_ON = {
  perplexityWebSearch: true,
  perplexityFinanceSearch: true,
  perplexityPeopleSearch: true,
  perplexityFetchUrl: true,
} as const satisfies Partial<ModelTemplate>;
