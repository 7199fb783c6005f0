import { describe, expect, it } from 'vitest';
import { classifyStatus } from '../../retry.ts';
import { xaiResponsesWire } from './index.ts';
import { LIVE_SEARCH_GONE, UNKNOWN_SHAPE, xaiErrorSignal } from './xai-error.ts';

describe('xaiErrorSignal', () => {
  it('410 for the legacy search_parameters: says what happened and keeps what xAI said', () => {
    const body =
      '{"error":"Live search is deprecated. Please switch to the Agent Tools API: https://docs.x.ai/docs/guides/tools/overview"}';
    const signal = xaiErrorSignal(body);
    expect(signal.code).toBeNull();
    expect(signal.retryAfterMs).toBeNull();
    expect(signal.message).toBe(
      `${LIVE_SEARCH_GONE}: Live search is deprecated. Please switch to the Agent Tools API: https://docs.x.ai/docs/guides/tools/overview`,
    );
  });

  it('422 untagged-enum plain text: a clear message first, the path xAI named after it', () => {
    const body =
      'Failed to deserialize the JSON body into the target type: tools[0]: data did not match any variant of untagged enum ModelTool at line 1 column 912';
    expect(xaiErrorSignal(body)).toEqual({
      code: null,
      retryAfterMs: null,
      message: `${UNKNOWN_SHAPE}: ${body}`,
    });
    // The explanation survives the client's 300-character cut.
    expect(UNKNOWN_SHAPE.length + LIVE_SEARCH_GONE.length).toBeLessThan(300);
  });

  it('the Responses error object: its code and message as they are', () => {
    const body =
      '{"error":{"message":"You exceeded your quota","type":"invalid_request_error","code":"insufficient_quota"}}';
    expect(xaiErrorSignal(body)).toEqual({
      code: 'insufficient_quota',
      retryAfterMs: null,
      message: 'You exceeded your quota',
    });
  });

  it("xAI's {code, error} strings: the message is read", () => {
    const body = '{"code":"Client specified an invalid argument","error":"Model grok-x does not exist"}';
    expect(xaiErrorSignal(body).message).toBe('Model grok-x does not exist');
  });

  it.each([
    ['empty', ''],
    ['HTML', '<html><body>502 Bad Gateway</body></html>'],
    ['an unknown JSON shape', '{"detail": 1}'],
  ])('%s body: an all-null signal', (_, body) => {
    expect(xaiErrorSignal(body)).toEqual({ code: null, retryAfterMs: null, message: null });
  });

  it('other plain text passes through, cut to 500 characters', () => {
    expect(xaiErrorSignal('upstream timed out').message).toBe('upstream timed out');
    expect(xaiErrorSignal('x'.repeat(900)).message).toHaveLength(500);
  });
});

describe('xaiResponsesWire.errorSignal with the client classification', () => {
  const classOf = (status: number, body: string) =>
    classifyStatus(status, xaiResponsesWire.errorSignal(body).code, xaiResponsesWire.billingAware);

  it('410 and 422 are client errors that stop the agent (a person must fix the configuration)', () => {
    expect(classOf(410, '{"error":"Live search is deprecated. Please switch to the Agent Tools API"}')).toBe(
      'ClientError',
    );
    expect(
      classOf(422, 'Failed to deserialize the JSON body: data did not match any variant of untagged enum'),
    ).toBe('ClientError');
  });

  it('insufficient_quota is Billing even on a 429; a plain 429 is a rate limit', () => {
    expect(classOf(429, '{"error":{"message":"quota","code":"insufficient_quota"}}')).toBe('Billing');
    expect(classOf(429, '{"error":{"message":"slow down","code":"rate_limit_exceeded"}}')).toBe('RateLimit');
  });
});
