/** Golden bodies of the Meta Responses wire and its negative controls (ledger part 6 §5.5). */
import { describe, expect, it } from 'vitest';
import { EFFORTS } from '../../../domain/enums.ts';
import type { ChatRequest } from '../../canonical.ts';
import { LIST_FILES, request } from '../test-request.ts';
import { metaResponsesWire } from './index.ts';
import { META_MODEL, metaContext } from './meta-test-helpers.ts';

const WIRE_LIST_FILES = {
  type: 'function',
  name: LIST_FILES.name,
  description: LIST_FILES.description,
  parameters: LIST_FILES.parameters,
};

function encode(req: ChatRequest, metaWebSearch = false): Record<string, unknown> {
  return metaResponsesWire.encode(req, metaContext({ metaWebSearch })) as Record<string, unknown>;
}

/** The body of `request()` as it is: nothing but what every call carries. */
const SMALLEST = JSON.stringify({
  model: META_MODEL,
  instructions: 'あなたはザリです。',
  input: [{ role: 'user', content: 'こんにちは' }],
  store: false,
  max_output_tokens: 8192,
});

/** JSON text, so the key order is pinned as well as the values. */
const golden = (req: ChatRequest, metaWebSearch = false) => JSON.stringify(encode(req, metaWebSearch));

describe('encode: golden bodies', () => {
  it('the smallest body: instructions, input, store false, max_output_tokens', () => {
    expect(golden(request())).toBe(SMALLEST);
  });

  it('function tools, then web_search when the skill is on; effort max goes as xhigh, alone', () => {
    expect(golden(request({ tools: [LIST_FILES], effort: 'max' }), true)).toBe(
      JSON.stringify({
        model: META_MODEL,
        instructions: 'あなたはザリです。',
        input: [{ role: 'user', content: 'こんにちは' }],
        tools: [WIRE_LIST_FILES, { type: 'web_search' }],
        reasoning: { effort: 'xhigh' },
        store: false,
        max_output_tokens: 8192,
      }),
    );
  });

  it('the web_search tool alone, when there are no function tools', () => {
    expect(encode(request(), true).tools).toEqual([{ type: 'web_search' }]);
  });

  it('ToolChoice none (the wrap-up call): neither function tools nor web_search, and no tool_choice', () => {
    expect(golden(request({ tools: [LIST_FILES], toolChoice: 'none' }), true)).toBe(SMALLEST);
  });

  it('temperature goes when the template sets one (no temperature refusal is recorded for Meta)', () => {
    expect(encode(request({ temperature: 0.4 })).temperature).toBe(0.4);
    expect(encode(request())).not.toHaveProperty('temperature');
  });
});

describe('encode: negative controls', () => {
  const requests = [
    request(),
    request({ tools: [LIST_FILES] }),
    request({ tools: [LIST_FILES], toolChoice: 'none' }),
    request({ toolChoice: 'none' }),
  ];

  it('never a tool_choice key, for any tool set, choice or skill', () => {
    for (const req of requests) {
      for (const search of [false, true])
        expect(JSON.stringify(encode(req, search))).not.toContain('tool_choice');
    }
  });

  it.each(EFFORTS)('effort %s: never max on the wire, and only effort in reasoning', (effort) => {
    const reasoning = encode(request({ effort })).reasoning as Record<string, unknown>;
    expect(Object.keys(reasoning)).toEqual(['effort']);
    expect(reasoning.effort).not.toBe('max');
    expect(['low', 'medium', 'high', 'xhigh']).toContain(reasoning.effort);
  });

  it('no effort set: no reasoning key at all (Meta’s default applies)', () => {
    expect(encode(request({ effort: null }))).not.toHaveProperty('reasoning');
  });

  it('no include, no summary/context, no other limit field; store is always false', () => {
    for (const req of requests) {
      const body = encode({ ...req, effort: 'high' }, true);
      expect(body).not.toHaveProperty('include');
      expect(body).not.toHaveProperty('max_completion_tokens');
      expect(body).not.toHaveProperty('max_tokens');
      expect(body).not.toHaveProperty('previous_response_id');
      expect(body.store).toBe(false);
    }
  });

  it('max_output_tokens is the user’s value even where Meta’s default effort would eat it (never rewritten)', () => {
    expect(encode(request({ maxOutputTokens: 512, effort: 'high' })).max_output_tokens).toBe(512);
    expect(encode(request({ maxOutputTokens: 1024 })).max_output_tokens).toBe(1024);
  });

  it('web_search needs the toggle AND the Meta provider; it never carries max_results or filters', () => {
    const onCompat = metaResponsesWire.encode(
      request(),
      metaContext({ metaWebSearch: true, provider: 'open_ai_compat' }),
    );
    expect(onCompat).not.toHaveProperty('tools');
    const text = JSON.stringify(encode(request(), true));
    expect(text).not.toContain('max_results');
    expect(text).not.toContain('filters');
  });
});
