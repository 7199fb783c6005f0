/** Shared fixtures for the adapter's tests: a WireContext from TEMPLATE_DEFAULTS and request builders. */
import { expect } from 'vitest';
import type { ChatRequest } from '../../canonical.ts';
import { parseModelTemplateId } from '../../../domain/ids.ts';
import { TEMPLATE_DEFAULTS, type ModelTemplate } from '../../../domain/template.ts';
import type { WireContext } from '../wire.ts';
import { anthropicWire } from './index.ts';

export const TEST_MODEL = 'claude-sonnet-5';

export function context(): WireContext {
  const template: ModelTemplate = {
    ...TEMPLATE_DEFAULTS,
    id: parseModelTemplateId('tpl-anthropic'),
    name: 'Claude',
    baseUrl: 'https://api.anthropic.com/v1',
    model: TEST_MODEL,
    provider: 'anthropic',
  };
  return { provider: 'anthropic', model: TEST_MODEL, template };
}

/** 1,200 Japanese characters: 1,200 estimated tokens, past the 1,024 minimum on its own. */
export const LONG_STABLE = '条例'.repeat(600);
export const CC = { type: 'ephemeral', ttl: '1h' };
export const THINKING = { type: 'adaptive', display: 'summarized' };
export const BETA = { 'anthropic-version': '2023-06-01', 'anthropic-beta': 'extended-cache-ttl-2025-04-11' };
export const NO_BETA = { 'anthropic-version': '2023-06-01' };

/**
 * Compares `JSON.stringify` of the encoded body with the literal, so the key order (model,
 * max_tokens, system, messages, tools, tool_choice, temperature, thinking; cache_control last in its
 * block) is pinned as well as the values; then the headers.
 */
export function expectGolden(req: ChatRequest, golden: unknown, headers: Record<string, string>): void {
  expect(JSON.stringify(anthropicWire.encode(req, context()))).toBe(JSON.stringify(golden));
  expect(anthropicWire.headers(req, context())).toEqual(headers);
}

export { LIST_FILES, request } from '../test-request.ts';
