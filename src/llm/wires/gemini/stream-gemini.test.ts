/**
 * The Gemini stream parser (issue 23) on the recorded `*.chunks.txt` streams, fed as SSE bytes split at
 * every byte, and on written streams for what the recordings do not show (nested streamed arguments,
 * grounding, errors, cuts). The recorded whole `.json` bodies are other replies than the recorded
 * streams (other responseId, other text), so each stream's whole body is written here by hand from
 * its chunks, and finish() must equal the wire's decode of it.
 */
import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { MemoryDiagLog } from '../../../diag/log.ts';
import type { ModelTemplateId } from '../../../domain/ids.ts';
import { TEMPLATE_DEFAULTS } from '../../../domain/template.ts';
import type { ChatResponse } from '../../canonical.ts';
import { HttpLlmBackend } from '../../http-backend.ts';
import { LlmError } from '../../llm-error.ts';
import type { StreamDelta } from '../../stream/stream-delta.ts';
import { cuts, eventsSplitAt, recordedChunks, sseBody } from '../../stream/stream-test-helpers.ts';
import { chatRequest, fixtureText, geminiContext, usage } from './gemini-test-helpers.ts';
import { geminiWire } from './index.ts';
import { GeminiStreamAssembler, geminiStreamUrl } from './stream-gemini.ts';

const FOLDER = 'gemini-generate-content/';
const decode = (body: unknown): ChatResponse => geminiWire.decode(body, geminiContext());

type Outcome = { deltas: StreamDelta[]; response: ChatResponse | null; error: unknown; body: unknown };

function assemble(bytes: Uint8Array, at = 0): Outcome {
  const streaming = geminiWire.streaming;
  if (streaming === undefined) throw new Error('the gemini wire has no streaming half');
  const assembler = streaming.assembler(geminiContext());
  const deltas = eventsSplitAt(bytes, at).flatMap((event) => assembler.push(event));
  let response: ChatResponse | null = null;
  let error: unknown = null;
  try {
    response = assembler.finish();
  } catch (caught) {
    error = caught;
  }
  const body = assembler instanceof GeminiStreamAssembler ? assembler.body() : null;
  return { deltas, response, error, body };
}

const payloads = (...chunks: unknown[]): string[] => chunks.map((chunk) => JSON.stringify(chunk));
const streamOf = (...chunks: unknown[]): Outcome => assemble(sseBody(payloads(...chunks)));
const lines = (name: string): Record<string, unknown>[] =>
  recordedChunks(FOLDER + name).map((line) => JSON.parse(line) as Record<string, unknown>);

function joined(deltas: StreamDelta[], kind: 'text' | 'reasoning'): string {
  return deltas.map((delta) => (delta.kind === kind ? delta.text : '')).join('');
}

/** Each call's argument pieces joined, by index, parsed. */
function streamedArguments(deltas: StreamDelta[]): unknown[] {
  const texts: string[] = [];
  for (const delta of deltas) {
    if (delta.kind === 'tool-call') texts[delta.index] = (texts[delta.index] ?? '') + delta.arguments;
  }
  return texts.map((text) => JSON.parse(text) as unknown);
}

/** The candidate, usage and ids of a recorded stream's last chunk: the whole body's frame. */
function lastFrame(name: string): Record<string, unknown> {
  const last = lines(name).at(-1) as Record<string, unknown>;
  const { candidates: _candidates, ...top } = last;
  return top;
}

function signatureOf(name: string, line: number, part = 0): string {
  const chunk = lines(name)[line] as { candidates: { content: { parts: { thoughtSignature: string }[] } }[] };
  return chunk.candidates[0]?.content.parts[part]?.thoughtSignature as string;
}

const TEXT = 'There are **3** "r"s in strawberry.\n\nst**r**awbe**rr**y';
const REASONING_TEXT = 'There are **3** "r"s in strawberry.\n\nHere is the breakdown: st**r**awbe**rr**y.';
const GEMINI3_TEXT = 'There are **3** "r"s in strawberry.\n\nSt**r**awbe**rr**y';

/** The whole generateContent body of each recorded stream, written from its chunks. */
const WHOLE: Record<string, () => unknown> = {
  'google-text.chunks.txt': () => ({
    ...lastFrame('google-text.chunks.txt'),
    candidates: [
      {
        content: {
          parts: [{ text: TEXT, thoughtSignature: signatureOf('google-text.chunks.txt', 2) }],
          role: 'model',
        },
        finishReason: 'STOP',
        index: 0,
      },
    ],
  }),
  'google-reasoning.chunks.txt': () => ({
    ...lastFrame('google-reasoning.chunks.txt'),
    candidates: [
      {
        content: {
          parts: [{ text: REASONING_TEXT, thoughtSignature: signatureOf('google-reasoning.chunks.txt', 2) }],
          role: 'model',
        },
        finishReason: 'STOP',
        index: 0,
      },
    ],
  }),
  'google-reasoning-gemini3.chunks.txt': () => ({
    ...lastFrame('google-reasoning-gemini3.chunks.txt'),
    candidates: [
      {
        content: {
          parts: [
            { text: GEMINI3_TEXT, thoughtSignature: signatureOf('google-reasoning-gemini3.chunks.txt', 2) },
          ],
          role: 'model',
        },
        finishReason: 'STOP',
        index: 0,
      },
    ],
  }),
  'google-tool-call.chunks.txt': () => ({
    ...lastFrame('google-tool-call.chunks.txt'),
    candidates: [
      {
        content: {
          parts: [
            {
              functionCall: { name: 'weather', args: { location: 'San Francisco' } },
              thoughtSignature: signatureOf('google-tool-call.chunks.txt', 0),
            },
          ],
          role: 'model',
        },
        finishReason: 'STOP',
        index: 0,
      },
    ],
  }),
  'google-tool-call-gemini3.chunks.txt': () => ({
    ...lastFrame('google-tool-call-gemini3.chunks.txt'),
    candidates: [
      {
        content: {
          parts: [
            {
              functionCall: { name: 'weather', args: { location: 'San Francisco' } },
              thoughtSignature: signatureOf('google-tool-call-gemini3.chunks.txt', 0),
            },
          ],
          role: 'model',
        },
        finishReason: 'STOP',
        index: 0,
      },
    ],
  }),
  'google-stream-tool-call-arguments.chunks.txt': () => ({
    ...lastFrame('google-stream-tool-call-arguments.chunks.txt'),
    candidates: [
      {
        content: {
          role: 'model',
          parts: [
            {
              functionCall: { name: 'getWeather', args: { location: 'Boston' } },
              thoughtSignature: signatureOf('google-stream-tool-call-arguments.chunks.txt', 0),
            },
            { functionCall: { name: 'getWeather', args: { location: 'San Francisco' } } },
          ],
        },
        finishReason: 'STOP',
      },
    ],
  }),
  'google-stream-no-args-tool-call.chunks.txt': () => {
    const name = 'google-stream-no-args-tool-call.chunks.txt';
    const thinking = (lines(name)[0] as { candidates: { content: { parts: { text: string }[] } }[] })
      .candidates[0]?.content.parts[0]?.text;
    return {
      ...lastFrame(name),
      candidates: [
        {
          content: {
            role: 'model',
            parts: [
              { text: thinking, thought: true },
              { functionCall: { name: 'read_theme' }, thoughtSignature: signatureOf(name, 1) },
              { functionCall: { name: 'read_screen', args: { id: 'A' } } },
              { functionCall: { name: 'read_screen', args: { id: 'B' } } },
              { functionCall: { name: 'read_screen', args: { id: 'C' } } },
            ],
          },
          finishReason: 'STOP',
        },
      ],
    };
  },
};

const RECORDED = Object.keys(WHOLE);

describe('Gemini stream: recorded streams split at every byte', () => {
  it('covers every recorded Gemini stream', () => {
    const files = fixtureTextList();
    expect(files.sort()).toEqual([...RECORDED].sort());
  });

  // Every byte boundary of files up to 4 KB; in larger ones (two of ~6 KB) every byte of the first and
  // last 2 KB, every byte within 8 of an event's end, and every 7th byte elsewhere (each cut costs about
  // a millisecond: all 6,000 of a 6 KB file would add seconds for nothing the others do not try).
  it.each(RECORDED)('%s: the same deltas and the same final response for every cut', (name) => {
    const bytes = sseBody(recordedChunks(FOLDER + name));
    const reference = assemble(bytes);
    expect(reference.error).toBeNull();
    for (const at of cutsToTry(bytes)) {
      const outcome = assemble(bytes, at);
      if (JSON.stringify(outcome.deltas) !== JSON.stringify(reference.deltas)) {
        expect(outcome.deltas, `cut at byte ${at}`).toEqual(reference.deltas);
      }
      // Compared as text first: toEqual on every one of ~6,000 cuts would dominate the run.
      if (JSON.stringify(outcome.response) !== JSON.stringify(reference.response)) {
        expect(outcome.response, `cut at byte ${at}`).toEqual(reference.response);
      }
    }
    // CRLF line ends (some proxies) read the same.
    expect(assemble(sseBody(recordedChunks(FOLDER + name), { crlf: true }))).toEqual(reference);
  });

  it.each(RECORDED)('%s: the rebuilt body is the whole body; finish() is its decode', (name) => {
    const whole = (WHOLE[name] as () => unknown)();
    const outcome = assemble(sseBody(recordedChunks(FOLDER + name)));
    expect(outcome.body).toEqual(whole);
    expect(outcome.response).toEqual(decode(whole));
    const response = outcome.response as ChatResponse;
    expect(joined(outcome.deltas, 'text')).toBe(response.text);
    expect(joined(outcome.deltas, 'reasoning')).toBe(response.reasoningSummary);
    expect(streamedArguments(outcome.deltas)).toEqual(response.toolCalls.map((call) => call.arguments));
  });

  it('google-text: the answer, its usage (the last chunk wins) and one usage delta per change', () => {
    const outcome = assemble(sseBody(recordedChunks(FOLDER + 'google-text.chunks.txt')));
    expect(outcome.response).toEqual({
      text: TEXT,
      toolCalls: [],
      finish: 'stop',
      usage: usage(9, 23 + 185, 185),
      reasoningSummary: '',
      grounding: null,
      dropped: {},
      reasoningItems: 0,
    });
    expect(outcome.deltas).toEqual([
      { kind: 'usage', usage: usage(9, 5 + 185, 185) },
      { kind: 'text', text: 'There are **3**' },
      { kind: 'usage', usage: usage(9, 23 + 185, 185) },
      { kind: 'text', text: ' "r"s in strawberry.\n\nst**r**awbe**rr**y' },
    ]);
  });

  it('google-stream-tool-call-arguments: two streamed calls, ids and names once, arguments when complete', () => {
    const name = 'google-stream-tool-call-arguments.chunks.txt';
    const outcome = assemble(sseBody(recordedChunks(FOLDER + name)));
    const response = outcome.response as ChatResponse;
    expect(response.finish).toBe('tool_calls');
    expect(response.toolCalls).toEqual([
      {
        id: 'call_0',
        name: 'getWeather',
        arguments: { location: 'Boston' },
        extra: { thoughtSignature: signatureOf(name, 0) },
      },
      { id: 'call_1', name: 'getWeather', arguments: { location: 'San Francisco' } },
    ]);
    expect(outcome.deltas.filter((delta) => delta.kind === 'tool-call')).toEqual([
      { kind: 'tool-call', index: 0, id: 'call_0', name: 'getWeather', arguments: '' },
      { kind: 'tool-call', index: 0, arguments: '{"location":"Boston"}' },
      { kind: 'tool-call', index: 1, id: 'call_1', name: 'getWeather', arguments: '' },
      { kind: 'tool-call', index: 1, arguments: '{"location":"San Francisco"}' },
    ]);
  });

  it('google-stream-no-args-tool-call: a call without args, three streamed ones, one reasoning item', () => {
    const response = assemble(sseBody(recordedChunks(FOLDER + 'google-stream-no-args-tool-call.chunks.txt')))
      .response as ChatResponse;
    expect(response.toolCalls.map((call) => [call.id, call.name, call.arguments])).toEqual([
      ['call_0', 'read_theme', {}],
      ['call_1', 'read_screen', { id: 'A' }],
      ['call_2', 'read_screen', { id: 'B' }],
      ['call_3', 'read_screen', { id: 'C' }],
    ]);
    expect(response.reasoningItems).toBe(1);
    expect(response.reasoningSummary).toMatch(/^\*\*Processing User Requests\*\*/);
    expect(response.usage).toEqual(usage(249, 58 + 183, 183));
  });
});

const EDGE = 2_048;

function cutsToTry(bytes: Uint8Array): number[] {
  const all = cuts(bytes);
  if (bytes.length <= 2 * EDGE) return all;
  const eventEnds = new Set<number>();
  for (let i = 1; i < bytes.length; i += 1) {
    if (bytes[i] === 10 && bytes[i - 1] === 10) {
      for (let d = -8; d <= 8; d += 1) eventEnds.add(i + d);
    }
  }
  return all.filter((at) => at <= EDGE || at >= bytes.length - EDGE || eventEnds.has(at) || at % 7 === 0);
}

/** The folder's stream recordings: a new one must get its whole body written above. */
function fixtureTextList(): string[] {
  const folder = new URL(
    '../../../../test/fixtures/provider-responses/gemini-generate-content/',
    import.meta.url,
  );
  return readdirSync(folder).filter((file) => file.endsWith('.chunks.txt'));
}

const text = (value: string, extra: Record<string, unknown> = {}) => ({ text: value, ...extra });
const chunk = (
  parts: unknown[],
  candidate: Record<string, unknown> = {},
  top: Record<string, unknown> = {},
) => ({
  candidates: [{ content: { role: 'model', parts }, ...candidate }],
  ...top,
});

describe('Gemini stream: merging written streams', () => {
  it('thought pieces become one thought part (one reasoning item), text pieces one text part', () => {
    const outcome = streamOf(
      chunk([text('Thinking ', { thought: true })]),
      chunk([text('hard.', { thought: true })]),
      chunk([text('Hello, ')]),
      chunk([text('world.')]),
      chunk([text('', { thoughtSignature: 'sig-1' })], { finishReason: 'STOP' }),
    );
    expect(outcome.body).toEqual({
      candidates: [
        {
          content: {
            role: 'model',
            parts: [
              { text: 'Thinking hard.', thought: true },
              { text: 'Hello, world.', thoughtSignature: 'sig-1' },
            ],
          },
          finishReason: 'STOP',
        },
      ],
    });
    const response = outcome.response as ChatResponse;
    expect(response.reasoningItems).toBe(1);
    expect(response.reasoningSummary).toBe('Thinking hard.');
    expect(response.text).toBe('Hello, world.');
    expect(outcome.deltas).toEqual([
      { kind: 'reasoning', text: 'Thinking ' },
      { kind: 'reasoning', text: 'hard.' },
      { kind: 'text', text: 'Hello, ' },
      { kind: 'text', text: 'world.' },
    ]);
  });

  it('a second signature starts a new part; other part kinds stay in order and are counted as dropped', () => {
    const outcome = streamOf(
      chunk([text('a', { thoughtSignature: 's1' })]),
      chunk([text('b', { thoughtSignature: 's2' })]),
      chunk([{ executableCode: { code: 'print(1)' } }, text('c')], { finishReason: 'STOP' }),
    );
    expect(
      (outcome.body as { candidates: { content: { parts: unknown[] } }[] }).candidates[0]?.content.parts,
    ).toEqual([
      text('a', { thoughtSignature: 's1' }),
      text('b', { thoughtSignature: 's2' }),
      { executableCode: { code: 'print(1)' } },
      text('c'),
    ]);
    expect(outcome.response?.text).toBe('abc');
    expect(outcome.response?.dropped).toEqual({ executableCode: 1 });
  });

  it('nested streamed arguments (paths, arrays, numbers, booleans, null), no terminal piece', () => {
    const piece = (jsonPath: string, value: Record<string, unknown>, more = true) =>
      chunk([
        { functionCall: { partialArgs: [{ jsonPath, ...value, willContinue: more }], willContinue: true } },
      ]);
    const outcome = streamOf(
      chunk([{ functionCall: { name: 'cook', willContinue: true }, thoughtSignature: 'sig-c' }]),
      piece('$.recipe.ingredients[0].name', { stringValue: 'Lasagna ' }),
      piece('$.recipe.ingredients[0].name', { stringValue: 'noodles' }, false),
      piece('$.recipe.ingredients[1].amount', { numberValue: 0.5 }, false),
      piece('$.recipe.vegan', { boolValue: false }, false),
      piece("$.recipe['odd.key']", { nullValue: null }, false),
      chunk([{ functionCall: { willContinue: true } }]),
      chunk([{ functionCall: { partialArgs: [{ jsonPath: '$.__proto__', stringValue: 'plain' }] } }]),
      chunk([text('')], { finishReason: 'STOP' }),
    );
    const pieces = JSON.parse(
      '{"recipe":{"ingredients":[{"name":"Lasagna noodles"},{"amount":0.5}],"vegan":false,"odd.key":null},"__proto__":"plain"}',
    ) as Record<string, unknown>;
    // The rebuilt args hold `__proto__` as a plain own key (never a prototype write) ...
    const rebuilt = outcome.body as {
      candidates: { content: { parts: { functionCall: { args: object } }[] } }[];
    };
    const args = rebuilt.candidates[0]?.content.parts[0]?.functionCall.args as Record<string, unknown>;
    expect(Object.getOwnPropertyDescriptor(args, '__proto__')?.value).toBe('plain');
    expect(Object.getPrototypeOf(args)).toBe(Object.prototype);
    // ... and the decoder, as on a whole body, reads args through a zod record, which drops that key.
    const { __proto__: _dropped, ...decoded } = { ...pieces };
    const response = outcome.response as ChatResponse;
    expect(response).toEqual(decode(outcome.body));
    expect(response.toolCalls).toEqual([
      {
        id: 'call_0',
        name: 'cook',
        arguments: { recipe: decoded.recipe },
        extra: { thoughtSignature: 'sig-c' },
      },
    ]);
    expect(streamedArguments(outcome.deltas)).toEqual([pieces]);
  });

  it('a streamed call still open at the finish is closed there; a following text part closes it too', () => {
    const atFinish = streamOf(
      chunk([{ functionCall: { name: 'f', id: 'own-id', willContinue: true } }]),
      chunk([{ functionCall: { partialArgs: [{ jsonPath: '$.x', numberValue: 1 }], willContinue: true } }], {
        finishReason: 'STOP',
      }),
    );
    expect(atFinish.response?.toolCalls).toEqual([{ id: 'own-id', name: 'f', arguments: { x: 1 } }]);
    expect(atFinish.deltas[0]).toEqual({
      kind: 'tool-call',
      index: 0,
      id: 'own-id',
      name: 'f',
      arguments: '',
    });

    const byText = streamOf(
      chunk([{ functionCall: { name: 'f', willContinue: true } }]),
      chunk([{ functionCall: { partialArgs: [{ jsonPath: '$.x', stringValue: 'y' }], willContinue: true } }]),
      chunk([text('done')], { finishReason: 'STOP' }),
    );
    expect(byText.response?.toolCalls).toEqual([{ id: 'call_0', name: 'f', arguments: { x: 'y' } }]);
    expect(byText.response?.text).toBe('done');
  });

  it('grounding: queries and sources are the union over chunks, source deltas once per link', () => {
    const web = (uri: string, title: string) => ({ web: { uri, title } });
    const outcome = streamOf(
      chunk([text('Rain ')], {
        groundingMetadata: {
          webSearchQueries: ['weather'],
          groundingChunks: [web('https://a.example/', 'A')],
        },
      }),
      chunk([text('today.')], {
        finishReason: 'STOP',
        groundingMetadata: {
          webSearchQueries: ['weather', 'rain'],
          groundingChunks: [
            web('https://a.example/', 'A'),
            web('https://b.example/', 'B'),
            web('javascript:alert(1)', 'X'),
          ],
        },
      }),
    );
    expect(outcome.response?.grounding).toEqual({
      queries: ['weather', 'rain'],
      sources: [
        { uri: 'https://a.example/', title: 'A' },
        { uri: 'https://b.example/', title: 'B' },
      ],
      engine: 'google',
    });
    expect(outcome.deltas.filter((delta) => delta.kind === 'source')).toEqual([
      { kind: 'source', url: 'https://a.example/', title: 'A' },
      { kind: 'source', url: 'https://b.example/', title: 'B' },
    ]);
  });

  it('a blocked prompt (promptFeedback, no candidates) is a filtered answer, not a cut stream', () => {
    const outcome = streamOf({
      promptFeedback: { blockReason: 'SAFETY' },
      usageMetadata: { promptTokenCount: 7 },
    });
    expect(outcome.error).toBeNull();
    expect(outcome.response).toEqual(
      decode({ promptFeedback: { blockReason: 'SAFETY' }, usageMetadata: { promptTokenCount: 7 } }),
    );
    expect(outcome.response?.finish).toBe('content_filter');
  });

  it('unknown fields and unknown SSE event names are carried or ignored, never an error', () => {
    const bytes = new TextEncoder().encode(
      `event: ping\ndata: {"candidates":[{"content":{"parts":[{"text":"hi"}]},"newField":1}],"futureTop":{"a":1}}\n\n` +
        `data: {"candidates":[{"content":{"parts":[]},"finishReason":"STOP"}]}\n\n`,
    );
    const outcome = assemble(bytes);
    expect(outcome.error).toBeNull();
    expect(outcome.response?.text).toBe('hi');
    expect(outcome.body).toMatchObject({
      futureTop: { a: 1 },
      candidates: [{ newField: 1, finishReason: 'STOP' }],
    });
  });
});

describe('Gemini stream: failures', () => {
  it.each(RECORDED)('%s without its last chunk: LlmError(parse), the reply is cut', (name) => {
    const outcome = assemble(sseBody(recordedChunks(FOLDER + name).slice(0, -1)));
    expect(outcome.response).toBeNull();
    expect(outcome.error).toBeInstanceOf(LlmError);
    expect((outcome.error as LlmError).info.kind).toBe('parse');
    expect((outcome.error as LlmError).message).toMatch(/no finishReason/);
  });

  it('an empty stream is cut as well', () => {
    expect((assemble(new Uint8Array()).error as LlmError).message).toMatch(/no finishReason/);
  });

  it.each([
    ['broken JSON', '{"candidates":[{"content":', /not JSON/],
    ['a JSON value that is not an object', '42', /not a JSON object/],
    [
      'parts that are not an array',
      '{"candidates":[{"content":{"parts":{"text":"x"}}}]}',
      /parts is not an array/,
    ],
    [
      'an unreadable streamed-argument path',
      '{"candidates":[{"content":{"parts":[{"functionCall":{"name":"f","willContinue":true}},{"functionCall":{"partialArgs":[{"jsonPath":"location","stringValue":"x"}],"willContinue":true}}]}}]}',
      /jsonPath/,
    ],
  ])('%s: LlmError(parse), later events change nothing', (_label, data, message) => {
    const first = JSON.stringify(chunk([text('partial ')]));
    const last = JSON.stringify(chunk([text('end')], { finishReason: 'STOP' }));
    const assembler = new GeminiStreamAssembler();
    expect(assembler.push({ event: 'message', data: first })).toEqual([{ kind: 'text', text: 'partial ' }]);
    expect(assembler.push({ event: 'message', data })).toEqual([]);
    expect(assembler.push({ event: 'message', data: last })).toEqual([]);
    const error = catchError(() => assembler.finish());
    expect(error.info.kind).toBe('parse');
    expect(error.message).toMatch(message);
  });

  it('a nameless call the decoder rejects is rejected with its message', () => {
    const outcome = streamOf(chunk([{ functionCall: { args: { a: 1 } } }], { finishReason: 'STOP' }));
    expect((outcome.error as LlmError).message).toMatch(/functionCall part without a name/);
  });

  it('an error event is the LlmError the HTTP path gives for the same error body (429, RetryInfo)', async () => {
    const errorBody = fixtureText('google-429-retry-info.json');
    const assembler = new GeminiStreamAssembler();
    assembler.push({ event: 'message', data: JSON.stringify(chunk([text('Hel')])) });
    expect(assembler.push({ event: 'message', data: JSON.stringify(JSON.parse(errorBody)) })).toEqual([]);
    const streamed = catchError(() => assembler.finish());

    const whole = await httpError(errorBody, 429);
    expect(streamed.message).toBe(whole.message);
    expect(streamed.message).toBe(
      'gemini answered 429: You exceeded your current quota, please check your plan.',
    );
    expect({ ...streamed.info, body: null }).toEqual({ ...whole.info, body: null });
    expect(streamed.info).toMatchObject({
      kind: 'api',
      status: 429,
      class: 'RateLimit',
      code: 'RESOURCE_EXHAUSTED',
      retryAfterMs: 34_400,
      hintSrc: 'body',
    });
    expect(streamed.isTransient()).toBe(true);
  });

  it('an error wrapped in an array, and one without a usable code, are API errors too', () => {
    const wrapped = streamOf([{ error: { code: 503, message: 'overloaded', status: 'UNAVAILABLE' } }]);
    expect((wrapped.error as LlmError).info).toMatchObject({
      kind: 'api',
      status: 503,
      class: 'ServerError',
      code: 'UNAVAILABLE',
    });
    const noCode = streamOf({ error: { message: 'internal', status: 'INTERNAL' } });
    expect((noCode.error as LlmError).info).toMatchObject({
      kind: 'api',
      status: 500,
      class: 'ServerError',
      code: 'INTERNAL',
      hintSrc: 'none',
    });
    expect((noCode.error as LlmError).message).toBe('gemini answered 500: internal');
  });
});

describe('Gemini stream: the request', () => {
  it('url(): streamGenerateContent with alt=sse, other query parameters kept in order', () => {
    const base = 'https://generativelanguage.googleapis.com/v1beta/models/gemini-3-pro-preview';
    expect(geminiStreamUrl(`${base}:generateContent`)).toBe(`${base}:streamGenerateContent?alt=sse`);
    expect(geminiStreamUrl(`${base}:generateContent?key=a%20b&x=1`)).toBe(
      `${base}:streamGenerateContent?key=a%20b&x=1&alt=sse`,
    );
    expect(geminiStreamUrl(`${base}:generateContent?alt=json&x=1`)).toBe(
      `${base}:streamGenerateContent?x=1&alt=sse`,
    );
    // A model name with a colon is percent-encoded by providerPath: only the method is replaced.
    expect(geminiStreamUrl(`${base}%3Aexp:generateContent`)).toBe(
      `${base}%3Aexp:streamGenerateContent?alt=sse`,
    );
    expect(geminiWire.streaming?.url?.(`${base}:generateContent`)).toBe(
      `${base}:streamGenerateContent?alt=sse`,
    );
    expect(() => geminiStreamUrl(`${base}:countTokens`)).toThrow(/not a :generateContent URL/);
  });

  it('body(): the generateContent body unchanged (the method, not the body, asks for a stream)', () => {
    const context = geminiContext();
    const encoded = geminiWire.encode(chatRequest(), context);
    const streamed = geminiWire.streaming?.body(encoded, context);
    expect(JSON.stringify(streamed)).toBe(JSON.stringify(encoded));
    expect(streamed).toHaveProperty('contents');
  });
});

function catchError(run: () => unknown): LlmError {
  try {
    run();
  } catch (error) {
    if (error instanceof LlmError) return error;
    throw error;
  }
  throw new Error('expected an LlmError');
}

/** The non-streaming path's error for `body` sent with `status`, through the real HTTP client. */
async function httpError(body: string, status: number): Promise<LlmError> {
  const template = {
    ...TEMPLATE_DEFAULTS,
    id: 'tpl_gemini' as ModelTemplateId,
    name: 'Gemini',
    baseUrl: 'https://gemini.invalid/v1beta',
    model: 'gemini-test',
    provider: 'gemini' as const,
    maxRetries: 0,
  };
  const backend = new HttpLlmBackend(
    { provider: 'gemini', baseUrl: template.baseUrl, model: template.model, apiKey: 'k-test-1234', template },
    { log: new MemoryDiagLog(), fetch: async () => new Response(body, { status }) },
  );
  try {
    await backend.chat(chatRequest());
  } catch (error) {
    if (error instanceof LlmError) return error;
    throw error;
  }
  throw new Error('expected the HTTP path to fail');
}
