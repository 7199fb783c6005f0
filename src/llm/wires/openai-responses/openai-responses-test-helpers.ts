/** Test-only builders for the OpenAI Responses wire tests (imported by *.test.ts only). */
import { expect } from 'vitest';
import { parseModelTemplateId } from '../../../domain/ids.ts';
import { TEMPLATE_DEFAULTS, type ModelTemplate } from '../../../domain/template.ts';
import type { ChatRequest } from '../../canonical.ts';
import type { WireContext } from '../wire.ts';
import { openAiResponsesWire } from './index.ts';

export const MODEL = 'gpt-5.6-terra';

/** A WireContext for `model` on an open_ai_responses template with the given toggles. */
export function context(model = MODEL, fields: Partial<ModelTemplate> = {}): WireContext {
  const template: ModelTemplate = {
    ...TEMPLATE_DEFAULTS,
    id: parseModelTemplateId('tpl-openai-responses'),
    name: 'OpenAI Responses',
    baseUrl: 'https://api.openai.com/v1',
    model,
    provider: 'open_ai_responses',
    ...fields,
  };
  return { provider: 'open_ai_responses', model, template };
}

/** Compares `JSON.stringify` of the encoded body with the literal, so key order is pinned too. */
export function expectGolden(req: ChatRequest, golden: unknown, ctx: WireContext = context()): void {
  expect(JSON.stringify(openAiResponsesWire.encode(req, ctx))).toBe(JSON.stringify(golden));
}

export { LIST_FILES, request } from '../test-request.ts';
