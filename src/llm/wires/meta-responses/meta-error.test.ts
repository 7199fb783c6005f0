/**
 * Meta's quoted 400s (ledger part 6 §5.7) decode to a clear message and stop the servant like any
 * other 400. The bodies are the quoted texts in an assumed envelope (see __fixtures__/README.md).
 */
import { describe, expect, it } from 'vitest';
import { LlmError } from '../../llm-error.ts';
import { classifyStatus, verdictOf } from '../../retry.ts';
import { metaResponsesWire } from './index.ts';
import { fixtureText } from './meta-test-helpers.ts';

const signal = (body: string) => metaResponsesWire.errorSignal(body);

/** The LlmError the HTTP client builds from a status and this wire's signal. */
function apiError(status: number, body: string): LlmError {
  const { code, message } = signal(body);
  return LlmError.api(message ?? '', {
    status,
    code,
    class: classifyStatus(status, code, metaResponsesWire.billingAware),
  });
}

describe('Meta error bodies', () => {
  it.each([
    [
      'meta-error-effort-max.json',
      'Meta refused the reasoning effort: its ladder is none, minimal, low, medium, high, xhigh (this wire sends max as xhigh). Meta said: unknown variant `max`, expected one of `none`, `minimal`, `low`, `medium`, `high`, `xhigh`',
    ],
    [
      'meta-error-tool-choice.json',
      'Meta accepts only tool_choice "auto" (this wire never sends tool_choice; forced tool calls cannot be expressed on Meta). Meta said: only "auto" is supported for tool_choice',
    ],
    [
      'meta-error-function-output-object.json',
      'Meta takes a tool result (function_call_output.output) only as a string. Meta said: input[2].output did not match any supported type',
    ],
    [
      'meta-error-max-results.json',
      'Meta’s web_search takes no options such as max_results or filters (this wire sends the bare tool). Meta said: tools[].max_results is not supported for Responses web_search',
    ],
  ])('%s: the hint first, then Meta’s own words', (file, message) => {
    expect(signal(fixtureText(file))).toEqual({ code: 'invalid_request_error', retryAfterMs: null, message });
  });

  it.each([
    'meta-error-effort-max.json',
    'meta-error-tool-choice.json',
    'meta-error-function-output-object.json',
    'meta-error-max-results.json',
  ])('%s as a 400 is ClientError: not retried, and it stops the servant', (file) => {
    const error = apiError(400, fixtureText(file));
    expect(error.info.kind === 'api' && error.info.class).toBe('ClientError');
    expect(verdictOf('ClientError')).toBe('stop');
    expect(error.isTransient()).toBe(false);
    expect(error.stopsTheAgent()).toBe(true);
  });

  it('a plain-text body with a known text gets the hint too (the envelope is not recorded)', () => {
    expect(signal('only "auto" is supported for tool_choice').message).toMatch(
      /^Meta accepts only tool_choice "auto".*Meta said: only "auto" is supported for tool_choice$/,
    );
  });

  it('other bodies read exactly as the shared Responses reader reads them', () => {
    expect(signal('{"error":{"message":"Rate limit reached","type":"requests","code":null}}')).toEqual({
      code: 'requests',
      retryAfterMs: null,
      message: 'Rate limit reached',
    });
    const none = { code: null, retryAfterMs: null, message: null };
    expect(signal('<html>502 Bad Gateway</html>')).toEqual(none);
    expect(signal('')).toEqual(none);
  });

  it('insufficient_quota is billing on this wire', () => {
    const body = '{"error":{"message":"quota","type":"insufficient_quota","code":"insufficient_quota"}}';
    expect(classifyStatus(429, signal(body).code, metaResponsesWire.billingAware)).toBe('Billing');
  });
});
