import { describe, expect, it } from 'vitest';
import { classifyStatus } from '../../retry.ts';
import { openAiCompatWire } from './index.ts';
import { fixtureText } from './openai-compat-test-helpers.ts';

const signal = (body: string) => openAiCompatWire.errorSignal(body);

describe('errorSignal', () => {
  it('reasoning-model-legacy-parameter-error.json: code unsupported_parameter and the message', () => {
    expect(signal(fixtureText('reasoning-model-legacy-parameter-error.json'))).toEqual({
      code: 'unsupported_parameter',
      retryAfterMs: null,
      message:
        "Unsupported parameter: 'max_tokens' is not supported with this model. Use 'max_completion_tokens' instead.",
    });
  });

  it('insufficient_quota reads as billing on this wire', () => {
    const body = JSON.stringify({
      error: {
        message: 'You exceeded your current quota.',
        type: 'insufficient_quota',
        code: 'insufficient_quota',
      },
    });
    const { code } = signal(body);
    expect(code).toBe('insufficient_quota');
    expect(classifyStatus(429, code, openAiCompatWire.billingAware)).toBe('Billing');
  });

  it('falls back to error.type when code is null', () => {
    const body = '{"error":{"message":"Rate limit reached","type":"requests","param":null,"code":null}}';
    expect(signal(body)).toEqual({ code: 'requests', retryAfterMs: null, message: 'Rate limit reached' });
  });

  it('a numeric code reads as its digits; codes are cut to 40 characters', () => {
    expect(signal('{"error":{"code":429,"message":"slow down"}}').code).toBe('429');
    expect(signal(JSON.stringify({ error: { code: 'x'.repeat(60) } })).code).toBe('x'.repeat(40));
  });

  it('vLLM-style top-level fields and `{"error": "text"}` are read too', () => {
    expect(signal('{"object":"error","message":"bad","type":"BadRequestError","code":400}')).toEqual({
      code: '400',
      retryAfterMs: null,
      message: 'bad',
    });
    expect(signal('{"error":"model not found"}')).toEqual({
      code: null,
      retryAfterMs: null,
      message: 'model not found',
    });
  });

  it('non-JSON, empty, or other shapes give an all-null signal', () => {
    const none = { code: null, retryAfterMs: null, message: null };
    expect(signal('<html>502 Bad Gateway</html>')).toEqual(none);
    expect(signal('')).toEqual(none);
    expect(signal('[1,2]')).toEqual(none);
    expect(signal('{"error":{"code":{"nested":true}}}')).toEqual(none);
  });
});
