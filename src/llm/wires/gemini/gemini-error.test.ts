import { describe, expect, it } from 'vitest';
import { classifyStatus } from '../../retry.ts';
import { fixtureText } from './gemini-test-helpers.ts';
import { geminiWire } from './index.ts';

describe('geminiWire.errorSignal', () => {
  it('google-429-retry-info.json: status as code, RetryInfo retryDelay as the wait', () => {
    const signal = geminiWire.errorSignal(fixtureText('google-429-retry-info.json'));
    expect(signal).toEqual({
      code: 'RESOURCE_EXHAUSTED',
      retryAfterMs: 34_400,
      message: 'You exceeded your current quota, please check your plan.',
    });
    // Not billing on this wire: a plain rate limit.
    expect(classifyStatus(429, signal.code, geminiWire.billingAware)).toBe('RateLimit');
  });

  it('an error wrapped in a one-element array', () => {
    const body = JSON.stringify([{ error: { code: 503, message: 'overloaded', status: 'UNAVAILABLE' } }]);
    expect(geminiWire.errorSignal(body)).toEqual({
      code: 'UNAVAILABLE',
      retryAfterMs: null,
      message: 'overloaded',
    });
  });

  it('tolerates non-JSON and foreign shapes', () => {
    const none = { code: null, retryAfterMs: null, message: null };
    expect(geminiWire.errorSignal('<html>502 Bad Gateway</html>')).toEqual(none);
    expect(geminiWire.errorSignal('')).toEqual(none);
    expect(geminiWire.errorSignal('{"message":"x"}')).toEqual(none);
    expect(
      geminiWire.errorSignal('{"error":{"code":400,"details":[{"@type":"x","retryDelay":"5s"}]}}'),
    ).toEqual(none);
  });

  it('ignores an unreadable retryDelay', () => {
    const body = JSON.stringify({
      error: {
        status: 'RESOURCE_EXHAUSTED',
        details: [{ '@type': 'type.googleapis.com/google.rpc.RetryInfo', retryDelay: 'soon' }],
      },
    });
    expect(geminiWire.errorSignal(body)).toEqual({
      code: 'RESOURCE_EXHAUSTED',
      retryAfterMs: null,
      message: null,
    });
  });
});
