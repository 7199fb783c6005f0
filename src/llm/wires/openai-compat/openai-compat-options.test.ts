import { describe, expect, it } from 'vitest';
import { EFFORTS } from '../../../domain/enums.ts';
import {
  isGpt5Family,
  isGrok43Family,
  isOSeries,
  reasoningEffort,
  roundEffort,
  usesMaxCompletionTokens,
} from './openai-compat-options.ts';
import { expectGolden, LIST_FILES, request, WIRE_LIST_FILES } from './openai-compat-test-helpers.ts';

const MESSAGES = [
  { role: 'system', content: 'あなたはザリです。' },
  { role: 'user', content: 'こんにちは' },
];

describe('model families', () => {
  it.each([
    ['gpt-5', true, false, false],
    ['gpt-5-mini', true, false, false],
    ['gpt-5.6-terra', true, false, false],
    ['openai/gpt-5', true, false, false],
    ['GPT-5.1', true, false, false],
    ['o1', false, true, false],
    ['o1-mini', false, true, false],
    ['o3', false, true, false],
    ['o3-pro', false, true, false],
    ['o4-mini', false, true, false],
    ['grok-4.3', false, false, true],
    ['grok-4.3-fast', false, false, true],
    ['gpt-4.1-nano', false, false, false],
    ['gpt-4o', false, false, false],
    ['omni-moderation', false, false, false],
    ['olmo-2', false, false, false],
    ['grok-4', false, false, false],
    ['deepseek-reasoner', false, false, false],
  ])('%s: gpt-5 %s, o-series %s, grok-4.3 %s', (model, gpt5, o, grok) => {
    expect(isGpt5Family(model)).toBe(gpt5);
    expect(isOSeries(model)).toBe(o);
    expect(isGrok43Family(model)).toBe(grok);
    expect(usesMaxCompletionTokens(model)).toBe(gpt5 || o);
  });
});

describe('reasoningEffort', () => {
  it('rounds xhigh and max to high and keeps the rest', () => {
    expect(EFFORTS.map(roundEffort)).toEqual(['low', 'medium', 'high', 'high', 'high']);
  });

  it('gpt-5 with tools: none, overriding any choice; without tools: the choice, rounded, or nothing', () => {
    for (const effort of [null, ...EFFORTS]) expect(reasoningEffort('gpt-5', effort, true)).toBe('none');
    expect(reasoningEffort('gpt-5', null, false)).toBeNull();
    expect(reasoningEffort('gpt-5', 'medium', false)).toBe('medium');
    expect(reasoningEffort('gpt-5', 'max', false)).toBe('high');
  });

  it('grok-4.3 and o-series fill in a default (none / low), with or without tools', () => {
    expect(reasoningEffort('grok-4.3', null, false)).toBe('none');
    expect(reasoningEffort('grok-4.3', null, true)).toBe('none');
    expect(reasoningEffort('grok-4.3', 'xhigh', true)).toBe('high');
    expect(reasoningEffort('o3', null, false)).toBe('low');
    expect(reasoningEffort('o4-mini', null, true)).toBe('low');
    expect(reasoningEffort('o3', 'high', true)).toBe('high');
  });

  it('models without reasoning control get nothing, even when an effort is chosen', () => {
    for (const model of ['gpt-4.1-nano', 'deepseek-chat', 'grok-3-mini', 'gemini-3-flash-preview']) {
      for (const effort of [null, ...EFFORTS]) expect(reasoningEffort(model, effort, false)).toBeNull();
    }
  });
});

describe('encode golden bodies: output limit and reasoning_effort', () => {
  it('gpt-5 with tools: max_completion_tokens and reasoning_effort none over the chosen high', () => {
    expectGolden(
      request({ tools: [LIST_FILES], effort: 'high' }),
      {
        model: 'gpt-5',
        messages: MESSAGES,
        tools: [WIRE_LIST_FILES],
        tool_choice: 'auto',
        max_completion_tokens: 8192,
        reasoning_effort: 'none',
      },
      'gpt-5',
    );
  });

  it('gpt-5 without tools and xhigh: rounded to high', () => {
    expectGolden(
      request({ effort: 'xhigh' }),
      { model: 'gpt-5', messages: MESSAGES, max_completion_tokens: 8192, reasoning_effort: 'high' },
      'gpt-5',
    );
  });

  it('gpt-5 without tools and no effort: no reasoning_effort key', () => {
    expectGolden(request(), { model: 'gpt-5', messages: MESSAGES, max_completion_tokens: 8192 }, 'gpt-5');
  });

  it('o3 with effort high and a temperature: every optional key, in order', () => {
    expectGolden(
      request({ effort: 'high', temperature: 1, maxOutputTokens: 4000 }),
      {
        model: 'o3',
        messages: MESSAGES,
        max_completion_tokens: 4000,
        temperature: 1,
        reasoning_effort: 'high',
      },
      'o3',
    );
  });

  it('o3 without effort: low filled in', () => {
    expectGolden(
      request(),
      { model: 'o3', messages: MESSAGES, max_completion_tokens: 8192, reasoning_effort: 'low' },
      'o3',
    );
  });

  it('grok-4.3 without effort: none filled in, with max_tokens', () => {
    expectGolden(
      request(),
      { model: 'grok-4.3', messages: MESSAGES, max_tokens: 8192, reasoning_effort: 'none' },
      'grok-4.3',
    );
  });

  it('a plain model gets no reasoning_effort even with effort max, and max_tokens', () => {
    expectGolden(
      request({ effort: 'max' }),
      { model: 'deepseek-chat', messages: MESSAGES, max_tokens: 8192 },
      'deepseek-chat',
    );
  });
});
