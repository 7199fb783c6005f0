/**
 * The Perplexity wire's stream: no Perplexity Responses stream was recorded, so each ledger-shaped
 * Responses body (__fixtures__; the perplexity-*.json there are legacy chat bodies, not streamed here) is streamed in the event shapes of the recorded OpenAI and xAI streams
 * (streamOfWhole) and split at every byte boundary; the reply must equal the whole decode.
 */
import { describe, expect, it } from 'vitest';
import { responsesSse, streamOfWhole } from '../responses/responses-stream-test-helpers.ts';
import { expectDeltasMatch, expectSameAtEveryCut } from '../responses/stream-run-test-helpers.ts';
import { perplexityResponsesWire } from './index.ts';
import { ALL_ON, context, fixture } from './perplexity-test-helpers.ts';

const BODIES = [
  'pplx-web-search.json',
  'pplx-finance-search.json',
  'pplx-finance-skill-only.json',
  'pplx-people-search.json',
  'pplx-fetch-url.json',
  'pplx-function-call.json',
];

describe('Perplexity stream', () => {
  const ctx = context(ALL_ON);
  for (const name of BODIES) {
    it(`${name}: the same deltas and reply at every cut, equal to the whole decode`, () => {
      const whole = fixture(name);
      const run = expectSameAtEveryCut(perplexityResponsesWire, ctx, responsesSse(streamOfWhole(whole, 3)));
      const response = expectDeltasMatch(run);
      expect(response).toEqual(perplexityResponsesWire.decode(whole, ctx));
    });
  }

  it('the function call streams its arguments under its name', () => {
    const whole = fixture('pplx-function-call.json');
    const run = expectSameAtEveryCut(perplexityResponsesWire, ctx, responsesSse(streamOfWhole(whole)));
    expect(run.deltas.some((d) => d.kind === 'tool-call' && d.name !== undefined)).toBe(true);
    expect(run.response?.toolCalls.length).toBeGreaterThan(0);
  });
});
