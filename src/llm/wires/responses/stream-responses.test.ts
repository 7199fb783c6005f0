/**
 * The shared Responses stream assembler, on the recorded OpenAI and xAI streams
 * (test/fixtures/provider-responses/<wire>/*.chunks.txt, turned back into SSE bytes) split at every
 * byte boundary (the large ones: see cutsFor), and on hand-made failures. Perplexity and Meta have
 * no recorded stream: their tests (in their folders) stream their ledger-shaped whole bodies.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { metaResponsesWire } from '../meta-responses/index.ts';
import { openAiResponsesWire } from '../openai-responses/index.ts';
import { context as openAiContext } from '../openai-responses/openai-responses-test-helpers.ts';
import { perplexityResponsesWire } from '../perplexity-responses/index.ts';
import type { WireAdapter, WireContext } from '../wire.ts';
import { xaiResponsesWire } from '../xai-responses/index.ts';
import { xaiContext } from '../xai-responses/xai-test-helpers.ts';
import { recordedStreams, responsesSse, streamOfWhole, typeOf } from './responses-stream-test-helpers.ts';
import { responsesFixture } from './responses-test-helpers.ts';
import { expectDeltasMatch, expectSameAtEveryCut, joined, runStream } from './stream-run-test-helpers.ts';

const openAi = { wire: openAiResponsesWire, context: openAiContext() };
const xai = { wire: xaiResponsesWire, context: xaiContext() };

const bytesOf = responsesSse;

function xaiWhole(name: string): Record<string, unknown> {
  const url = new URL(`../xai-responses/__fixtures__/${name}`, import.meta.url);
  return JSON.parse(readFileSync(url, 'utf8')) as Record<string, unknown>;
}

/** The `response` of a stream's last `response.completed` payload. */
function completedOf(payloads: readonly string[]): Record<string, unknown> {
  const last = payloads.findLast((p) => typeOf(p) === 'response.completed');
  if (last === undefined) throw new Error('no response.completed');
  return (JSON.parse(last) as { response: Record<string, unknown> }).response;
}

interface RecordedCase {
  file: string;
  wire: WireAdapter;
  context: WireContext;
  /** A whole body of the same reply, when one was recorded. */
  whole?: () => Record<string, unknown>;
}

const RECORDED: RecordedCase[] = [
  {
    file: 'openai-responses/openai-custom-tool.1.chunks.txt',
    ...openAi,
    whole: () => responsesFixture('openai-custom-tool.1.json'),
  },
  { file: 'openai-responses/openai-phase.1.chunks.txt', ...openAi },
  { file: 'openai-responses/openai-reasoning-encrypted-content.1.chunks.txt', ...openAi },
  { file: 'openai-responses/openai-web-search-tool.1.chunks.txt', ...openAi },
  {
    file: 'xai-responses/xai-text-streaming.1.chunks.txt',
    ...xai,
    whole: () => xaiWhole('xai-text-streaming.completed.json'),
  },
  { file: 'xai-responses/xai-text-with-reasoning-streaming.1.chunks.txt', ...xai },
  { file: 'xai-responses/xai-web-search-tool.1.chunks.txt', ...xai },
  {
    file: 'xai-responses/xai-x-search-tool.chunks.txt',
    ...xai,
    whole: () => xaiWhole('xai-x-search-tool.completed.json'),
  },
];

describe('Responses stream: the recorded streams', () => {
  for (const { file, wire, context, whole } of RECORDED) {
    const streams = recordedStreams(file);
    streams.forEach((payloads, n) => {
      const label = streams.length > 1 ? `${file} (call ${n + 1} of ${streams.length})` : file;
      it(`${label}: the same deltas and reply at every cut, equal to the whole decode`, () => {
        const run = expectSameAtEveryCut(wire, context, bytesOf(payloads));
        const response = expectDeltasMatch(run);
        expect(response).toEqual(wire.decode(completedOf(payloads), context));
        if (whole !== undefined) expect(response).toEqual(wire.decode(whole(), context));
      });
    });
  }

  it('shows what the replies hold: text, a summary, a custom call, sources', () => {
    const [phase] = recordedStreams('openai-responses/openai-phase.1.chunks.txt');
    const phaseRun = runStream(openAi.wire, openAi.context, bytesOf(phase!), 0);
    // Two message items (commentary, final answer): the blank line between them as in the decode.
    expect(joined(phaseRun.deltas).text).toContain('\n\n');

    const [reasoning] = recordedStreams('xai-responses/xai-text-with-reasoning-streaming.1.chunks.txt');
    const reasoningRun = runStream(xai.wire, xai.context, bytesOf(reasoning!), 0);
    expect(joined(reasoningRun.deltas).reasoning.length).toBeGreaterThan(100);

    const [custom] = recordedStreams('openai-responses/openai-custom-tool.1.chunks.txt');
    const calls = joined(runStream(openAi.wire, openAi.context, bytesOf(custom!), 0).deltas).calls;
    expect(calls).toEqual([
      { id: expect.any(String), name: 'write_sql', arguments: expect.stringMatching(/^SELECT /) },
    ]);

    const [search] = recordedStreams('openai-responses/openai-web-search-tool.1.chunks.txt');
    const searchRun = runStream(openAi.wire, openAi.context, bytesOf(search!), 0);
    const sources = joined(searchRun.deltas).sources;
    expect(sources.length).toBeGreaterThan(0);
    expect(new Set(sources).size).toBe(sources.length);
    const cited = new Set(searchRun.response?.grounding?.sources.map((s) => s.uri));
    for (const url of sources) expect(cited.has(url), url).toBe(true);
  });

  it("xAI's x_search input pieces are not shown as our tool call (its custom_tool_call is xAI's own)", () => {
    const [payloads] = recordedStreams('xai-responses/xai-x-search-tool.chunks.txt');
    const run = runStream(xai.wire, xai.context, bytesOf(payloads!), 0);
    expect(run.deltas.filter((d) => d.kind === 'tool-call')).toEqual([]);
    expect(run.response?.toolCalls).toEqual([]);
  });
});

describe('Responses stream: failures', () => {
  it('the recorded error stream gives the Api error the whole error body gives (billing)', () => {
    const [payloads] = recordedStreams('openai-responses/openai-error.1.chunks.txt');
    const run = expectSameAtEveryCut(openAi.wire, openAi.context, bytesOf(payloads!));
    expect(run.deltas).toEqual([]);
    const whole = openAi.wire.errorSignal(JSON.stringify(responsesFixture('openai-error.1.json')));
    expect(run.error?.code).toBe('LLM_API');
    expect(run.error?.info).toMatchObject({ kind: 'api', class: 'Billing', code: whole.code });
    expect(run.error?.message).toBe(`openai-responses stream failed: ${whole.message}`);
  });

  it('response.failed alone, and an error event with its fields at the top level, read the same way', () => {
    const failed = JSON.stringify({
      type: 'response.failed',
      response: {
        status: 'failed',
        error: { code: 'server_error', message: 'The model broke.' },
        output: [],
      },
    });
    expect(runStream(openAi.wire, openAi.context, bytesOf([failed]), 0).error).toMatchObject({
      info: { kind: 'api', status: 500, class: 'ServerError', code: 'server_error' },
      message: 'openai-responses stream failed: The model broke.',
    });
    const limited = JSON.stringify({
      type: 'error',
      code: 'rate_limit_exceeded',
      message: 'Slow down.',
      param: null,
    });
    expect(runStream(openAi.wire, openAi.context, bytesOf([limited, failed]), 0).error).toMatchObject({
      info: { kind: 'api', status: 429, class: 'RateLimit', code: 'rate_limit_exceeded' },
    });
    const refused = JSON.stringify({
      type: 'error',
      error: { type: 'invalid_request_error', code: null, message: 'No.' },
    });
    expect(runStream(openAi.wire, openAi.context, bytesOf([refused]), 0).error?.info).toMatchObject({
      status: 400,
      class: 'ClientError',
      code: 'invalid_request_error',
    });
  });

  it("an error event goes through the wire's own reader (xAI's Live Search hint)", () => {
    const gone = JSON.stringify({ type: 'error', message: 'Live search is deprecated. Please switch.' });
    const error = runStream(xai.wire, xai.context, bytesOf([gone]), 0).error;
    expect(error?.message).toBe(
      `xai-responses stream failed: ${xai.wire.errorSignal(JSON.stringify({ error: { message: 'Live search is deprecated. Please switch.' } })).message}`,
    );
    expect(error?.message).toContain('web_search / x_search');
  });

  for (const { file, wire, context } of RECORDED) {
    it(`${file}: cut before response.completed, or inside it, is a parse error`, () => {
      const payloads = recordedStreams(file)[0]!;
      const withoutLast = runStream(wire, context, bytesOf(payloads.slice(0, -1)), 0);
      expect(withoutLast.error?.code).toBe('LLM_PARSE');
      expect(withoutLast.error?.message).toMatch(/stream ended before response\.completed/);
      // Deltas shown before the cut stay what they were; only the end is missing.
      expect(withoutLast.deltas).toEqual(runStream(wire, context, bytesOf(payloads), 0).deltas.slice(0, -1));
      const bytes = bytesOf(payloads);
      const halfway = bytes.subarray(0, bytes.length - 40);
      expect(runStream(wire, context, halfway, 0).error?.code).toBe('LLM_PARSE');
    });
  }

  it('broken JSON in an event is a parse error naming the event, and nothing after it is shown', () => {
    const [payloads] = recordedStreams('openai-responses/openai-phase.1.chunks.txt');
    const at = payloads!.findIndex((p) => p.includes('"response.output_text.delta"'));
    const broken = [...payloads!];
    broken[at] = broken[at]!.slice(0, -1);
    const run = runStream(openAi.wire, openAi.context, bytesOf(broken), 0);
    expect(run.deltas).toEqual([]);
    expect(run.error?.code).toBe('LLM_PARSE');
    expect(run.error?.message).toBe(
      `openai-responses stream: event ${at + 1} (response.output_text.delta) is not JSON`,
    );
  });

  it('the recorded parallel-tool-call-wrapper stream has broken JSON (its first line): a parse error at every cut', () => {
    const [payloads] = recordedStreams('openai-responses/parallel-tool-call-wrapper.1.chunks.txt');
    const run = expectSameAtEveryCut(openAi.wire, openAi.context, bytesOf(payloads!));
    expect(run.error?.message).toBe('openai-responses stream: event 1 (response.created) is not JSON');
  });

  it('repaired, it has `output: []` in response.completed: the done items stand in, as the whole body has them', () => {
    const [payloads] = recordedStreams('openai-responses/parallel-tool-call-wrapper.1.chunks.txt');
    const repaired = payloads!.map((p) => (p.endsWith('"metadata":{}}') ? `${p}}` : p));
    const run = expectSameAtEveryCut(openAi.wire, openAi.context, bytesOf(repaired));
    expect(run.response).toEqual(
      openAi.wire.decode(responsesFixture('parallel-tool-call-wrapper.1.json'), openAi.context),
    );
    expect(run.response?.toolCalls.map((c) => c.name)).toEqual(['weather', 'cityAttractions']);
    // Without the done item nothing stands in: the empty final output is read as sent.
    const noItem = repaired.filter((p) => !p.includes('"response.output_item.done"'));
    expect(runStream(openAi.wire, openAi.context, bytesOf(noItem), 0).response?.toolCalls).toEqual([]);
  });

  it('unknown event types and events after the final one change nothing', () => {
    const [payloads] = recordedStreams('openai-responses/openai-custom-tool.1.chunks.txt');
    const plain = runStream(openAi.wire, openAi.context, bytesOf(payloads!), 0);
    const future = JSON.stringify({ type: 'response.something_new', delta: 'x' });
    const noisy = [
      payloads![0]!,
      future,
      ...payloads!.slice(1),
      future,
      JSON.stringify({ type: 'error', message: 'late' }),
    ];
    expect(runStream(openAi.wire, openAi.context, bytesOf(noisy), 0)).toEqual(plain);
  });

  it('response.incomplete (the output limit) decodes its response: finish length', () => {
    const whole = responsesFixture('openai-phase.1.json');
    const cut = { ...whole, status: 'incomplete', incomplete_details: { reason: 'max_output_tokens' } };
    const run = expectSameAtEveryCut(openAi.wire, openAi.context, bytesOf(streamOfWhole(cut)));
    expect(run.response?.finish).toBe('length');
    expect(run.response).toEqual(openAi.wire.decode(cut, openAi.context));
    expectDeltasMatch(run);
  });
});

describe('Responses stream: the request', () => {
  const wires = [openAiResponsesWire, xaiResponsesWire, perplexityResponsesWire, metaResponsesWire];

  it('every Responses wire streams: the same body with stream: true, at the same URL', () => {
    for (const wire of wires) {
      const streaming = wire.streaming;
      expect(streaming, wire.provider).toBeDefined();
      const encoded = { model: 'm', input: [], store: false, max_output_tokens: 10 };
      expect(streaming!.body(encoded, openAi.context)).toEqual({ ...encoded, stream: true });
      expect(encoded).not.toHaveProperty('stream');
      expect(streaming!.url).toBeUndefined();
      expect(JSON.stringify(streaming!.body(encoded, openAi.context))).toMatch(/"stream":true}$/);
    }
  });
});
