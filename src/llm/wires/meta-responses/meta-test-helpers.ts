/** Test-only builders for the Meta Responses wire tests (imported by *.test.ts only). */
import { readFileSync } from 'node:fs';
import type { Provider } from '../../../domain/enums.ts';
import { parseModelTemplateId } from '../../../domain/ids.ts';
import { TEMPLATE_DEFAULTS, type ModelTemplate } from '../../../domain/template.ts';
import type { WireContext } from '../wire.ts';

const FIXTURES = new URL('./__fixtures__/', import.meta.url);

export function fixtureText(name: string): string {
  return readFileSync(new URL(name, FIXTURES), 'utf8');
}

export function fixture(name: string): unknown {
  return JSON.parse(fixtureText(name)) as unknown;
}

export const META_MODEL = 'muse-spark1.2-contributor';

/** A Meta template from TEMPLATE_DEFAULTS with the given fields replaced. */
export function metaTemplate(fields: Partial<ModelTemplate> = {}): ModelTemplate {
  return {
    ...TEMPLATE_DEFAULTS,
    id: parseModelTemplateId('tpl-meta'),
    name: 'Meta',
    baseUrl: 'https://api.meta.ai/v1',
    model: META_MODEL,
    provider: 'meta_responses' satisfies Provider,
    ...fields,
  };
}

export function metaContext(fields: Partial<ModelTemplate> = {}): WireContext {
  const template = metaTemplate(fields);
  return { provider: 'meta_responses', model: template.model, template };
}
