/**
 * The Meta wire's stream: no Meta stream was recorded (and Meta was measured answering whole), so
 * the ledger-shaped whole bodies (__fixtures__) are streamed in the event shapes of the recorded
 * OpenAI and xAI streams (streamOfWhole) and split at every byte boundary; the reply must equal the
 * whole decode.
 */
import { describe, expect, it } from 'vitest';
import { responsesSse, streamOfWhole } from '../responses/responses-stream-test-helpers.ts';
import { expectDeltasMatch, expectSameAtEveryCut } from '../responses/stream-run-test-helpers.ts';
import { metaResponsesWire } from './index.ts';
import { fixture, metaContext } from './meta-test-helpers.ts';

const ctx = metaContext();

function wholeOf(name: string): Record<string, unknown> {
  return fixture(name) as Record<string, unknown>;
}

describe('Meta stream', () => {
  it('reasoning + message: the text and the usage of the whole decode, at every cut', () => {
    const whole = wholeOf('meta-text-reasoning.json');
    const run = expectSameAtEveryCut(metaResponsesWire, ctx, responsesSse(streamOfWhole(whole, 3)));
    const response = expectDeltasMatch(run);
    expect(response).toEqual(metaResponsesWire.decode(whole, ctx));
    expect(response.text).not.toBe('');
  });

  it('the measured function_call: arguments streamed in pieces parse to the decoded call', () => {
    const whole = wholeOf('meta-function-call.json');
    const run = expectSameAtEveryCut(metaResponsesWire, ctx, responsesSse(streamOfWhole(whole, 2)));
    const response = expectDeltasMatch(run);
    expect(response).toEqual(metaResponsesWire.decode(whole, ctx));
    expect(response.toolCalls.map((c) => c.name)).toEqual(['get_weather']);
  });

  it('an error event mid-stream is the Api error the whole error body gives', () => {
    const body = wholeOf('meta-error-tool-choice.json');
    const signal = metaResponsesWire.errorSignal(JSON.stringify(body));
    const error = JSON.stringify({ type: 'error', error: body.error });
    const payloads = [...streamOfWhole(wholeOf('meta-text-reasoning.json')).slice(0, 4), error];
    const run = expectSameAtEveryCut(metaResponsesWire, ctx, responsesSse(payloads));
    expect(run.error?.code).toBe('LLM_API');
    expect(run.error?.info).toMatchObject({ kind: 'api', status: 400, code: signal.code });
    expect(run.error?.message).toContain('tool_choice');
  });
});
