import { describe, expect, it } from 'vitest';
import { totalTokens } from '../../canonical.ts';
import { convertOpenAiCompatUsage } from './convert-openai-compat-usage.ts';
import { openAiCompatUsageSchema } from './openai-compat-api.ts';
import { mapOpenAiCompatFinishReason } from './map-openai-compat-finish-reason.ts';

const convert = (usage: unknown) => convertOpenAiCompatUsage(openAiCompatUsageSchema.parse(usage));

describe('convertOpenAiCompatUsage', () => {
  it('reasoning already inside completion (OpenAI, DeepSeek): completion unchanged', () => {
    const usage = convert({
      prompt_tokens: 18,
      completion_tokens: 345,
      total_tokens: 363,
      completion_tokens_details: { reasoning_tokens: 315 },
    });
    expect(usage).toMatchObject({ prompt: 18, completion: 345, reasoning: 315 });
    expect(totalTokens(usage)).toBe(363);
  });

  it('reasoning outside completion (xAI): added so that the total matches total_tokens', () => {
    const usage = convert({
      prompt_tokens: 291,
      completion_tokens: 26,
      total_tokens: 506,
      completion_tokens_details: { reasoning_tokens: 189 },
    });
    expect(usage).toMatchObject({ prompt: 291, completion: 215, reasoning: 189 });
    expect(totalTokens(usage)).toBe(506);
  });

  it('without total_tokens the counts are taken as sent', () => {
    expect(
      convert({ prompt_tokens: 5, completion_tokens: 1, completion_tokens_details: { reasoning_tokens: 9 } }),
    ).toMatchObject({ completion: 1, reasoning: 9 });
  });

  it('cached tokens: prompt_tokens_details first, DeepSeek prompt_cache_hit_tokens as the fallback', () => {
    expect(convert({ prompt_tokens: 10, prompt_tokens_details: { cached_tokens: 4 } }).cacheRead).toBe(4);
    expect(convert({ prompt_tokens: 10, prompt_cache_hit_tokens: 6 }).cacheRead).toBe(6);
    expect(convert({ prompt_tokens: 10, prompt_tokens_details: null }).cacheRead).toBe(0);
  });

  it('absent usage is all zeros', () => {
    expect(convertOpenAiCompatUsage(null)).toEqual({
      prompt: 0,
      completion: 0,
      cacheRead: 0,
      cacheWrite: 0,
      cacheWrite1h: 0,
      reasoning: 0,
    });
  });
});

describe('mapOpenAiCompatFinishReason', () => {
  it.each([
    ['stop', 'stop'],
    ['tool_calls', 'tool_calls'],
    ['function_call', 'tool_calls'],
    ['length', 'length'],
    ['content_filter', 'content_filter'],
    ['insufficient_system_resource', 'other'],
    [null, 'other'],
    [undefined, 'other'],
  ] as const)('%s -> %s', (reason, finish) => {
    expect(mapOpenAiCompatFinishReason(reason)).toBe(finish);
  });
});
