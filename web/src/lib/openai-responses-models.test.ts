import { describe, expect, it } from 'vitest';
import {
  sendsReasoning as coreSendsReasoning,
  temperatureAllowed as coreTemperatureAllowed,
} from '../../../src/llm/wires/openai-responses/openai-responses-models.ts';
import { openAiResponsesSendsReasoning, openAiResponsesSendsTemperature } from './openai-responses-models.ts';

// Names of every family the core's switch tells apart, and names close to their edges.
const MODELS = [
  'gpt-5',
  'gpt-5.6-terra',
  'GPT-5-mini',
  'openai/gpt-5',
  'o1',
  'o3-pro',
  'o4-mini',
  'o',
  'omni-x',
  'codex-mini-latest',
  'gpt-4o',
  'gpt-4o-mini',
  'gpt-4.1-nano',
  'gpt-4-turbo',
  'gpt-3.5-turbo',
  'chatgpt-4o-latest',
  'openai/gpt-4o',
  ' gpt-4o ',
  'sonar-pro',
  'gpt-6',
  '',
];

describe('the copy of the OpenAI Responses model-name switch', () => {
  it.each(MODELS.map((m) => [m] as const))('%j: temperature and reasoning as the core decides', (model) => {
    expect(openAiResponsesSendsTemperature(model)).toBe(coreTemperatureAllowed(model));
    expect(openAiResponsesSendsReasoning(model)).toBe(coreSendsReasoning(model));
  });

  it('sends temperature to the chat models it knows only', () => {
    expect(openAiResponsesSendsTemperature('gpt-4o')).toBe(true);
    expect(openAiResponsesSendsTemperature('gpt-5')).toBe(false);
    expect(openAiResponsesSendsTemperature('a-new-model')).toBe(false);
  });
});
