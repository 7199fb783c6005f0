/**
 * Test-only (imported by *.test.ts only): a WireContext for the xAI wire, and the recorded xAI bodies in ./__fixtures__ (see its README for provenance). The
 * `.chunks.txt` streams of the shared set are not read: streaming belongs to a later issue; two
 * streams' final `response.completed` objects are kept as extracts because they are the only
 * recorded bodies with `custom_tool_call` items, `server_side_tool_usage_details` and a reasoning
 * summary.
 */
import { readFileSync } from 'node:fs';
import { parseModelTemplateId } from '../../../domain/ids.ts';
import { TEMPLATE_DEFAULTS, type ModelTemplate } from '../../../domain/template.ts';
import type { WireContext } from '../wire.ts';

const XAI_MODEL = 'grok-4-fast-reasoning';

export function xaiTemplate(overrides: Partial<ModelTemplate> = {}): ModelTemplate {
  return {
    ...TEMPLATE_DEFAULTS,
    id: parseModelTemplateId('tpl_xai'),
    name: 'Grok',
    baseUrl: 'https://api.x.ai/v1',
    model: XAI_MODEL,
    provider: 'xai_responses',
    ...overrides,
  };
}

export function xaiContext(overrides: Partial<ModelTemplate> = {}): WireContext {
  return { provider: 'xai_responses', model: XAI_MODEL, template: xaiTemplate(overrides) };
}

const FIXTURES = new URL('./__fixtures__/', import.meta.url);

export const XAI_FIXTURES = [
  'xai-code-execution-tool.1.json',
  'xai-web-search-tool.1.json',
  'xai-x-search-tool.1.json',
  'xai-x-search-tool.completed.json',
  'xai-text-streaming.completed.json',
] as const;
export type XaiFixtureName = (typeof XAI_FIXTURES)[number];

export function xaiFixture(name: XaiFixtureName): Record<string, unknown> {
  return JSON.parse(readFileSync(new URL(name, FIXTURES), 'utf8')) as Record<string, unknown>;
}

/** A fixture's `output` items as the plain objects they are. */
export function xaiFixtureItems(name: XaiFixtureName): { type: string }[] {
  return xaiFixture(name).output as { type: string }[];
}
