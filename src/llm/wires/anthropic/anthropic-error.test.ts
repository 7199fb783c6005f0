import { describe, expect, it } from 'vitest';
import { anthropicWire } from './index.ts';

describe('anthropic errorSignal', () => {
  it('reads the code and message of an overloaded_error body', () => {
    const body = JSON.stringify({
      type: 'error',
      error: { type: 'overloaded_error', message: 'Overloaded' },
    });
    expect(anthropicWire.errorSignal(body)).toEqual({
      code: 'overloaded_error',
      retryAfterMs: null,
      message: 'Overloaded',
    });
  });

  it('gives no signal for non-JSON or foreign JSON', () => {
    const none = { code: null, retryAfterMs: null, message: null };
    expect(anthropicWire.errorSignal('<html><body>502 Bad Gateway</body></html>')).toEqual(none);
    expect(anthropicWire.errorSignal('')).toEqual(none);
    expect(anthropicWire.errorSignal('{"detail":"nope"}')).toEqual(none);
    expect(anthropicWire.errorSignal('[1,2]')).toEqual(none);
  });

  it('tolerates a partial error object', () => {
    expect(anthropicWire.errorSignal('{"type":"error","error":{"type":"rate_limit_error"}}')).toEqual({
      code: 'rate_limit_error',
      retryAfterMs: null,
      message: null,
    });
  });

  it('is not billing aware and names its provider', () => {
    expect(anthropicWire.billingAware).toBe(false);
    expect(anthropicWire.provider).toBe('anthropic');
  });
});
