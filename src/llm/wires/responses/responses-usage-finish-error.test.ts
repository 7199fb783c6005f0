import { describe, expect, it } from 'vitest';
import { ZERO_USAGE } from '../../canonical.ts';
import { classifyStatus } from '../../retry.ts';
import { convertResponsesUsage } from './convert-responses-usage.ts';
import { mapResponsesFinish } from './map-responses-finish.ts';
import { responsesUsageSchema } from './responses-api.ts';
import { responsesErrorSignal } from './responses-error.ts';
import { responsesFixtureText } from './responses-test-helpers.ts';

describe('convertResponsesUsage', () => {
  it('maps cached, cache write and reasoning (inside completion, not added)', () => {
    const usage = responsesUsageSchema.parse({
      input_tokens: 4454,
      input_tokens_details: { cached_tokens: 4411, cache_write_tokens: 40 },
      output_tokens: 212,
      output_tokens_details: { reasoning_tokens: 142 },
      total_tokens: 4666,
    });
    expect(convertResponsesUsage(usage)).toEqual({
      prompt: 4454,
      completion: 212,
      cacheRead: 4411,
      cacheWrite: 40,
      cacheWrite1h: 0,
      reasoning: 142,
    });
  });

  it('missing or broken fields are 0; no usage is all zero', () => {
    const broken = responsesUsageSchema.parse({ input_tokens: 'x', output_tokens: 3 });
    expect(convertResponsesUsage(broken)).toEqual({ ...ZERO_USAGE, completion: 3 });
    expect(convertResponsesUsage(null)).toEqual(ZERO_USAGE);
    expect(convertResponsesUsage(null)).not.toBe(ZERO_USAGE);
  });

  it('keeps the provider extras for the wires to read (xAI ticks and tool usage, Perplexity cost)', () => {
    const usage = responsesUsageSchema.parse({
      input_tokens: 1,
      output_tokens: 1,
      cost_in_usd_ticks: 123456,
      server_side_tool_usage_details: { web_search_calls: 2 },
      cost: { currency: 'USD', tool_calls_cost: 0.005, total_cost: 0.0061 },
      tool_calls_details: { search_people: { invocation: 1 } },
    });
    expect(usage.cost_in_usd_ticks).toBe(123456);
    expect(usage.server_side_tool_usage_details).toEqual({ web_search_calls: 2 });
    expect(usage.cost?.tool_calls_cost).toBe(0.005);
    expect(usage.tool_calls_details?.search_people?.invocation).toBe(1);
  });
});

describe('mapResponsesFinish', () => {
  it('reads status and incomplete_details', () => {
    const none = { toolCalls: 0, refused: false };
    expect(mapResponsesFinish({ status: 'completed' }, none)).toBe('stop');
    expect(mapResponsesFinish({ status: 'completed' }, { toolCalls: 2, refused: false })).toBe('tool_calls');
    expect(mapResponsesFinish({ status: 'completed' }, { toolCalls: 0, refused: true })).toBe(
      'content_filter',
    );
    const incomplete = (reason: string) => ({ status: 'incomplete', incomplete_details: { reason } });
    expect(mapResponsesFinish(incomplete('max_output_tokens'), { toolCalls: 1, refused: false })).toBe(
      'length',
    );
    expect(mapResponsesFinish(incomplete('content_filter'), none)).toBe('content_filter');
    expect(mapResponsesFinish({ status: 'failed' }, none)).toBe('other');
    expect(mapResponsesFinish({ status: 'in_progress' }, none)).toBe('other');
  });
});

describe('responsesErrorSignal', () => {
  it('openai-error: insufficient_quota, which a billing-aware wire classifies as Billing even on 429', () => {
    const signal = responsesErrorSignal(responsesFixtureText('openai-error.1.json'));
    expect(signal.code).toBe('insufficient_quota');
    expect(signal.retryAfterMs).toBeNull();
    expect(signal.message).toMatch(/^You exceeded your current quota/);
    expect(classifyStatus(429, signal.code, true)).toBe('Billing');
  });

  it('reasoning-model-temperature-error: code null, so the type is the code; the message is kept', () => {
    expect(responsesErrorSignal(responsesFixtureText('reasoning-model-temperature-error.json'))).toEqual({
      code: 'invalid_request_error',
      retryAfterMs: null,
      message: "Unsupported parameter: 'temperature' is not supported with this model.",
    });
  });

  it('any non-JSON body gives an all-null signal', () => {
    for (const text of ['', 'Gone', '<html>502</html>', 'null', '[1]']) {
      expect(responsesErrorSignal(text)).toEqual({ code: null, retryAfterMs: null, message: null });
    }
  });
});
