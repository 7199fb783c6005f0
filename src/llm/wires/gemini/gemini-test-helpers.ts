/** Test-only builders for the Gemini wire tests (imported by *.test.ts only). */
import { readFileSync } from 'node:fs';
import type { Provider } from '../../../domain/enums.ts';
import { parseModelTemplateId } from '../../../domain/ids.ts';
import { TEMPLATE_DEFAULTS, type ModelTemplate } from '../../../domain/template.ts';
import type { ChatRequest, ToolSpec, Usage } from '../../canonical.ts';
import type { WireContext } from '../wire.ts';
import { geminiWire } from './index.ts';

const FIXTURES = new URL(
  '../../../../test/fixtures/provider-responses/gemini-generate-content/',
  import.meta.url,
);

export function fixtureText(name: string): string {
  return readFileSync(new URL(name, FIXTURES), 'utf8');
}

export function fixture(name: string): unknown {
  return JSON.parse(fixtureText(name)) as unknown;
}

export function geminiContext(
  model = 'gemini-3-pro-preview',
  overrides: Partial<ModelTemplate> = {},
  provider: Provider = 'gemini',
): WireContext {
  const template: ModelTemplate = {
    ...TEMPLATE_DEFAULTS,
    id: parseModelTemplateId('tpl_gemini'),
    name: 'Gemini',
    baseUrl: 'https://generativelanguage.googleapis.com/v1beta',
    model,
    provider,
    ...overrides,
  };
  return { provider, model, template };
}

export function chatRequest(overrides: Partial<ChatRequest> = {}): ChatRequest {
  return {
    system: { stable: '', volatile: '' },
    messages: [{ role: 'user', content: 'Hello' }],
    tools: [],
    toolChoice: 'auto',
    effort: null,
    temperature: null,
    maxOutputTokens: 8192,
    ...overrides,
  };
}

export const WEATHER: ToolSpec = {
  name: 'weather',
  description: 'Weather of a city',
  parameters: { type: 'object', properties: { location: { type: 'string' } }, required: ['location'] },
};
/** A tool whose schema is recursive: Gemini cannot take it, so it is left out and named. */
export const RECURSIVE_TREE: ToolSpec = {
  name: 'srv__tree',
  description: 'A tree',
  parameters: {
    type: 'object',
    properties: { root: { $ref: '#/$defs/Node' } },
    $defs: {
      Node: { type: 'object', properties: { kids: { type: 'array', items: { $ref: '#/$defs/Node' } } } },
    },
  },
};

/** What Gemini receives for WEATHER: its `Type` names, never JSON Schema's lower-case ones. */
export const WEATHER_DECL = {
  name: 'weather',
  description: 'Weather of a city',
  parameters: { type: 'OBJECT', properties: { location: { type: 'STRING' } }, required: ['location'] },
};
export const GEN = { maxOutputTokens: 8192, thinkingConfig: { includeThoughts: true } };

export function golden(request: ChatRequest, context = geminiContext()): string {
  return JSON.stringify(geminiWire.encode(request, context));
}

export const usage = (prompt: number, completion: number, reasoning: number, cacheRead = 0): Usage => ({
  prompt,
  completion,
  cacheRead,
  cacheWrite: 0,
  cacheWrite1h: 0,
  reasoning,
});
