/**
 * Golden request bodies: `JSON.stringify` of the encoded body against a literal, so the key order
 * (model, instructions, input, tools, reasoning, store, max_output_tokens, temperature, max_steps) is
 * pinned with the values — for every combination of the four skill toggles.
 */
import { describe, expect, it } from 'vitest';
import type { ModelTemplate } from '../../../domain/template.ts';
import type { ChatRequest } from '../../canonical.ts';
import { LIST_FILES, request } from '../test-request.ts';
import { perplexityResponsesWire } from './index.ts';
import { ALL_ON, context, TEST_MODEL } from './perplexity-test-helpers.ts';

function expectGolden(req: ChatRequest, fields: Partial<ModelTemplate>, golden: unknown): void {
  expect(JSON.stringify(perplexityResponsesWire.encode(req, context(fields)))).toBe(JSON.stringify(golden));
  expect(perplexityResponsesWire.headers(req, context(fields))).toEqual({});
}

const INSTRUCTIONS = 'あなたはザリです。';
const INPUT = [{ role: 'user', content: 'こんにちは' }];
const FUNCTION_TOOL = {
  type: 'function',
  name: 'list_files',
  description: 'List the files of the work folder.',
  parameters: { type: 'object', properties: { path: { type: 'string' } }, required: ['path'] },
};

const TOGGLES = [
  ['perplexityWebSearch', 'web_search'],
  ['perplexityFinanceSearch', 'finance_search'],
  ['perplexityPeopleSearch', 'people_search'],
  ['perplexityFetchUrl', 'fetch_url'],
] as const;

/** All 16 on/off combinations of the four toggles. */
const COMBINATIONS = Array.from({ length: 16 }, (_, mask) =>
  Object.fromEntries(TOGGLES.map(([field], bit) => [field, (mask & (1 << bit)) !== 0])),
) as Partial<ModelTemplate>[];

function label(fields: Partial<ModelTemplate>): string {
  const on = TOGGLES.filter(([field]) => fields[field] === true).map(([, type]) => type);
  return on.length === 0 ? 'no toggle' : on.join(' + ');
}

describe('encode: literal goldens', () => {
  it('no toggle, no effort: the shared top level only, store false, no include / reasoning / max_steps', () => {
    expectGolden(
      request(),
      {},
      {
        model: TEST_MODEL,
        instructions: INSTRUCTIONS,
        input: INPUT,
        store: false,
        max_output_tokens: 8192,
      },
    );
  });

  it('finance only: finance_search and max_steps 5, last', () => {
    expectGolden(
      request(),
      { perplexityFinanceSearch: true },
      {
        model: TEST_MODEL,
        instructions: INSTRUCTIONS,
        input: INPUT,
        tools: [{ type: 'finance_search' }],
        store: false,
        max_output_tokens: 8192,
        max_steps: 5,
      },
    );
  });

  it('all four with a function tool, effort and temperature', () => {
    expectGolden(request({ tools: [LIST_FILES], effort: 'medium', temperature: 0.3 }), ALL_ON, {
      model: TEST_MODEL,
      instructions: INSTRUCTIONS,
      input: INPUT,
      tools: [
        FUNCTION_TOOL,
        { type: 'web_search' },
        { type: 'finance_search' },
        { type: 'people_search' },
        { type: 'fetch_url' },
      ],
      reasoning: { effort: 'medium' },
      store: false,
      max_output_tokens: 8192,
      temperature: 0.3,
      max_steps: 5,
    });
  });

  it('the wrap-up call (ToolChoice none) sends no tool of either kind, and so no max_steps', () => {
    expectGolden(request({ tools: [LIST_FILES], toolChoice: 'none' }), ALL_ON, {
      model: TEST_MODEL,
      instructions: INSTRUCTIONS,
      input: INPUT,
      store: false,
      max_output_tokens: 8192,
    });
  });

  it('xhigh and max go out as high; effort null sends no reasoning object', () => {
    for (const effort of ['xhigh', 'max'] as const) {
      const body = perplexityResponsesWire.encode(request({ effort }), context()) as Record<string, unknown>;
      expect(body.reasoning).toEqual({ effort: 'high' });
    }
    expect(perplexityResponsesWire.encode(request(), context())).not.toHaveProperty('reasoning');
  });

  it('never sends include, tool_choice, previous_response_id, a pro mode or another limit field', () => {
    const all = { perplexityWebSearch: true, perplexityFinanceSearch: true, openaiReasoningPro: true };
    const body = perplexityResponsesWire.encode(
      request({ tools: [LIST_FILES], effort: 'high' }),
      context(all),
    );
    for (const key of [
      'include',
      'tool_choice',
      'previous_response_id',
      'max_tokens',
      'max_completion_tokens',
    ]) {
      expect(body).not.toHaveProperty(key);
    }
    expect((body as { reasoning: unknown }).reasoning).toEqual({ effort: 'high' });
  });
});

describe('encode: every toggle combination', () => {
  it.each(COMBINATIONS.map((fields) => [label(fields), fields] as const))('%s', (_, fields) => {
    const types = TOGGLES.filter(([field]) => fields[field] === true).map(([, type]) => ({ type }));
    expectGolden(request(), fields, {
      model: TEST_MODEL,
      instructions: INSTRUCTIONS,
      input: INPUT,
      ...(types.length > 0 ? { tools: types } : {}),
      store: false,
      max_output_tokens: 8192,
      ...(fields.perplexityFinanceSearch === true ? { max_steps: 5 } : {}),
    });
  });

  it.each(COMBINATIONS.map((fields) => [label(fields), fields] as const))(
    '%s with provider open_ai_responses sends no Perplexity tool (never the flag alone)',
    (_, fields) => {
      expectGolden(
        request(),
        { ...fields, provider: 'open_ai_responses' },
        {
          model: TEST_MODEL,
          instructions: INSTRUCTIONS,
          input: INPUT,
          store: false,
          max_output_tokens: 8192,
        },
      );
    },
  );
});
