/** Test-only builders for the OpenAI-compatible wire tests (imported by *.test.ts only). */
import { readFileSync } from 'node:fs';
import { expect } from 'vitest';
import { parseModelTemplateId } from '../../../domain/ids.ts';
import { TEMPLATE_DEFAULTS, type ModelTemplate } from '../../../domain/template.ts';
import type { ChatRequest, ToolSpec } from '../../canonical.ts';
import type { WireContext } from '../wire.ts';
import { openAiCompatWire } from './index.ts';
import { LIST_FILES } from '../test-request.ts';

const FIXTURES = new URL(
  '../../../../test/fixtures/provider-responses/openai-chat-completions/',
  import.meta.url,
);

export function fixtureText(name: string): string {
  return readFileSync(new URL(name, FIXTURES), 'utf8');
}

export function fixture(name: string): unknown {
  return JSON.parse(fixtureText(name)) as unknown;
}

/** A WireContext for `model` on a template built from TEMPLATE_DEFAULTS. */
export function context(model = 'gpt-4.1-nano'): WireContext {
  const template: ModelTemplate = {
    ...TEMPLATE_DEFAULTS,
    id: parseModelTemplateId('tpl-compat'),
    name: 'Compat',
    baseUrl: 'https://api.openai.com/v1',
    model,
    provider: 'open_ai_compat',
  };
  return { provider: 'open_ai_compat', model, template };
}

export const READ_FILE: ToolSpec = {
  name: 'read_file',
  description: 'Read one file.',
  parameters: { type: 'object', properties: { path: { type: 'string' } }, required: ['path'] },
};

/** The wire form of LIST_FILES / READ_FILE. */
export const WIRE_LIST_FILES = {
  type: 'function',
  function: { name: LIST_FILES.name, description: LIST_FILES.description, parameters: LIST_FILES.parameters },
};
export const WIRE_READ_FILE = {
  type: 'function',
  function: { name: READ_FILE.name, description: READ_FILE.description, parameters: READ_FILE.parameters },
};

/**
 * Compares `JSON.stringify` of the encoded body with the literal, so the key order (model,
 * messages, tools, tool_choice, max_tokens | max_completion_tokens, temperature, reasoning_effort)
 * is pinned as well as the values.
 */
export function expectGolden(req: ChatRequest, golden: unknown, model = 'gpt-4.1-nano'): void {
  expect(JSON.stringify(openAiCompatWire.encode(req, context(model)))).toBe(JSON.stringify(golden));
}

export { LIST_FILES, request } from '../test-request.ts';
