/** Every recorded Gemini body (test/fixtures/provider-responses/gemini-generate-content) except the 429. */
import { describe, expect, it } from 'vitest';
import type { ChatResponse } from '../../canonical.ts';
import { fixture, geminiContext, usage } from './gemini-test-helpers.ts';
import { geminiWire } from './index.ts';

const decode = (body: unknown): ChatResponse => geminiWire.decode(body, geminiContext());

const ANSWER = 'There are **3** "r"s in strawberry.\n\nHere is the breakdown: st**r**awbe**rr**y.';

describe('geminiWire.decode on recorded responses', () => {
  it('google-text.json: text (its thoughtSignature is not body), stop, usage with thoughts in completion', () => {
    expect(decode(fixture('google-text.json'))).toEqual({
      text: "There are **3** r's in strawberry.\n\nHere is the breakdown: st**r**awbe**rr**y.",
      toolCalls: [],
      finish: 'stop',
      usage: usage(9, 28 + 244, 244),
      reasoningSummary: '',
      grounding: null,
      dropped: {},
      reasoningItems: 0,
    });
  });

  it.each([
    ['google-reasoning.json', 29 + 282, 282],
    ['google-reasoning-gemini3.json', 29 + 258, 258],
  ])('%s: text, stop, reasoning tokens', (name, completion, reasoning) => {
    const response = decode(fixture(name));
    expect(response).toEqual({
      text: ANSWER,
      toolCalls: [],
      finish: 'stop',
      usage: usage(9, completion, reasoning),
      reasoningSummary: '',
      grounding: null,
      dropped: {},
      reasoningItems: 0,
    });
  });

  it.each([
    [
      'google-tool-call.json',
      'EskgCsYgAb4+9vtF7/499YQS2bjZs3xcQI+iAl+ILn29nK1j0Kg6su7QsUUUk3nrAAfnS2w5WiVvlcCqu9fAebJ2cvfaEyBahEt5',
      893,
    ],
    [
      'google-tool-call-gemini3.json',
      'Eqo+Cqc+Ab4+9vtgONaaz6qwy6WXdp7gCd2w0X+Wz2gaBgY0Gv6A12JKo0y5vQwf9YQFyhMbKr1E9m17VT6HXd7jXzjaGYaE',
      1801,
    ],
  ])('%s: functionCall with STOP -> tool_calls, signature kept in extra', (name, signature, thoughts) => {
    expect(decode(fixture(name))).toEqual({
      text: '',
      toolCalls: [
        {
          id: 'call_0',
          name: 'weather',
          arguments: { location: 'San Francisco' },
          extra: { thoughtSignature: signature },
        },
      ],
      finish: 'tool_calls',
      usage: usage(29, 15 + thoughts, thoughts),
      reasoningSummary: '',
      grounding: null,
      dropped: {},
      reasoningItems: 0,
    });
  });

  it('a decoded tool call round-trips its signature into the next request in place', () => {
    const response = decode(fixture('google-tool-call-gemini3.json'));
    const body = geminiWire.encode(
      {
        system: { stable: '', volatile: '' },
        messages: [
          { role: 'user', content: 'Weather in SF?' },
          { role: 'assistant', content: response.text, toolCalls: response.toolCalls },
          { role: 'tool', toolCallId: 'call_0', toolName: 'weather', content: '18C' },
        ],
        tools: [],
        toolChoice: 'auto',
        effort: null,
        temperature: null,
        maxOutputTokens: 100,
      },
      geminiContext(),
    ) as { contents: { parts: unknown[] }[] };
    expect(body.contents[1]?.parts).toEqual([
      {
        functionCall: { name: 'weather', args: { location: 'San Francisco' } },
        thoughtSignature: (response.toolCalls[0]?.extra as { thoughtSignature: string }).thoughtSignature,
      },
    ]);
  });
});
