import { describe, expect, it } from 'vitest';
import { openAiCompatWire } from '../openai-compat/index.ts';
import { openAiResponsesWire } from './index.ts';
import { context, expectGolden, LIST_FILES, MODEL, request } from './openai-responses-test-helpers.ts';

const INCLUDE = ['web_search_call.action.sources', 'reasoning.encrypted_content'];
const REASONING = { summary: 'detailed', context: 'current_turn' };
const WIRE_LIST_FILES = {
  type: 'function',
  name: LIST_FILES.name,
  description: LIST_FILES.description,
  parameters: LIST_FILES.parameters,
  strict: false,
};

describe('openAiResponsesWire', () => {
  it('is the billing-aware open_ai_responses wire and adds no headers (auth is the client’s)', () => {
    expect(openAiResponsesWire.provider).toBe('open_ai_responses');
    expect(openAiResponsesWire.billingAware).toBe(true);
    expect(openAiResponsesWire.headers(request(), context())).toEqual({});
  });
});

describe('encode golden bodies (key order pinned)', () => {
  it('plain text: instructions, input, include (sources + encrypted reasoning), reasoning, store false, limit', () => {
    expectGolden(request(), {
      model: MODEL,
      instructions: 'あなたはザリです。',
      input: [{ role: 'user', content: 'こんにちは' }],
      include: INCLUDE,
      reasoning: REASONING,
      store: false,
      max_output_tokens: 8192,
    });
  });

  it('tools and effort: flat function tools with strict false, effort first in reasoning', () => {
    expectGolden(request({ tools: [LIST_FILES], effort: 'high' }), {
      model: MODEL,
      instructions: 'あなたはザリです。',
      input: [{ role: 'user', content: 'こんにちは' }],
      tools: [WIRE_LIST_FILES],
      include: INCLUDE,
      reasoning: { effort: 'high', ...REASONING },
      store: false,
      max_output_tokens: 8192,
    });
  });

  it('both skills on: web_search after the function tools, mode pro last in reasoning', () => {
    const ctx = context(MODEL, { openaiWebSearch: true, openaiReasoningPro: true });
    expectGolden(
      request({ tools: [LIST_FILES], effort: 'medium' }),
      {
        model: MODEL,
        instructions: 'あなたはザリです。',
        input: [{ role: 'user', content: 'こんにちは' }],
        tools: [WIRE_LIST_FILES, { type: 'web_search' }],
        include: INCLUDE,
        reasoning: { effort: 'medium', ...REASONING, mode: 'pro' },
        store: false,
        max_output_tokens: 8192,
      },
      ctx,
    );
  });

  it('web search alone, no function tools: the tools array holds only web_search', () => {
    const body = openAiResponsesWire.encode(request(), context(MODEL, { openaiWebSearch: true })) as {
      tools: unknown[];
      reasoning: Record<string, unknown>;
    };
    expect(body.tools).toEqual([{ type: 'web_search' }]);
    expect(body.reasoning).not.toHaveProperty('mode');
  });

  it('the toggles count only on this effective provider (a compat template with the flags sends nothing)', () => {
    const ctx = context(MODEL, {
      provider: 'open_ai_compat',
      openaiWebSearch: true,
      openaiReasoningPro: true,
    });
    const body = openAiResponsesWire.encode(request(), ctx) as Record<string, unknown>;
    expect(body).not.toHaveProperty('tools');
    expect(body.reasoning).toEqual(REASONING);
  });

  it('ToolChoice none (the wrap-up call): neither function tools nor web_search, and no tool_choice', () => {
    const ctx = context(MODEL, { openaiWebSearch: true });
    const body = openAiResponsesWire.encode(request({ tools: [LIST_FILES], toolChoice: 'none' }), ctx);
    expect(body).not.toHaveProperty('tools');
    expect(body).not.toHaveProperty('tool_choice');
  });

  it('every canonical effort goes as chosen, max included (the accepted set ends at max)', () => {
    for (const effort of ['low', 'medium', 'high', 'xhigh', 'max'] as const) {
      const body = openAiResponsesWire.encode(request({ effort }), context()) as {
        reasoning: { effort: string };
      };
      expect(body.reasoning.effort).toBe(effort);
    }
  });
});

describe('negative controls (Spec 34)', () => {
  it('gpt-5 with tools never gets effort "none" (the compat wire does), nor reasoning_effort', () => {
    const req = request({ tools: [LIST_FILES], effort: 'high' });
    const compat = openAiCompatWire.encode(req, { ...context('gpt-5'), provider: 'open_ai_compat' });
    expect(compat).toMatchObject({ reasoning_effort: 'none' });
    for (const effort of ['high', null] as const) {
      const text = JSON.stringify(openAiResponsesWire.encode({ ...req, effort }, context('gpt-5')));
      expect(text).not.toContain('"none"');
      expect(text).not.toContain('reasoning_effort');
    }
  });

  it('only max_output_tokens, never max_completion_tokens or max_tokens', () => {
    for (const model of ['gpt-5', 'o3', 'gpt-4.1']) {
      const body = openAiResponsesWire.encode(request({ maxOutputTokens: 2048 }), context(model));
      expect(body).toMatchObject({ max_output_tokens: 2048 });
      expect(body).not.toHaveProperty('max_completion_tokens');
      expect(body).not.toHaveProperty('max_tokens');
    }
  });

  it('a reasoning model never gets temperature, even when the template sets one (the recorded 400)', () => {
    for (const model of ['gpt-5.6-terra', 'gpt-5-mini', 'o4-mini', 'openai/gpt-5', 'a-new-model']) {
      expect(openAiResponsesWire.encode(request({ temperature: 0.7 }), context(model))).not.toHaveProperty(
        'temperature',
      );
    }
  });

  it('a model known not to reason gets temperature, and neither the reasoning block nor encrypted reasoning', () => {
    expectGolden(
      request({ temperature: 0.7, effort: 'high' }),
      {
        model: 'gpt-4.1',
        instructions: 'あなたはザリです。',
        input: [{ role: 'user', content: 'こんにちは' }],
        include: ['web_search_call.action.sources'],
        store: false,
        max_output_tokens: 8192,
        temperature: 0.7,
      },
      context('gpt-4.1'),
    );
  });
});
