/** Synthetic bodies (not recorded): thoughts, grounding, server-side parts, finish reasons, errors. */
import { describe, expect, it } from 'vitest';
import { LlmError } from '../../llm-error.ts';
import type { ChatResponse } from '../../canonical.ts';
import { geminiContext, usage } from './gemini-test-helpers.ts';
import { geminiWire } from './index.ts';

const decode = (body: unknown): ChatResponse => geminiWire.decode(body, geminiContext());

const candidate = (parts: unknown[], extra: Record<string, unknown> = {}) => ({
  candidates: [{ content: { role: 'model', parts }, finishReason: 'STOP', index: 0, ...extra }],
  usageMetadata: {
    promptTokenCount: 32,
    candidatesTokenCount: 10,
    toolUsePromptTokenCount: 8999,
    cachedContentTokenCount: 20,
  },
});

describe('geminiWire.decode on synthetic bodies', () => {
  it('thought parts go to reasoningSummary, never the body; ids from the part win', () => {
    const response = decode(
      candidate([
        { text: 'Let me think. ', thought: true },
        { text: 'Still thinking.', thought: true },
        { text: 'Answer ' },
        { text: 'here.' },
        { functionCall: { id: 'fc-9', name: 'look', args: {} } },
        { functionCall: { name: 'look' } },
      ]),
    );
    expect(response.text).toBe('Answer here.');
    expect(response.reasoningSummary).toBe('Let me think. Still thinking.');
    expect(response.toolCalls).toEqual([
      { id: 'fc-9', name: 'look', arguments: {} },
      { id: 'call_1', name: 'look', arguments: {} },
    ]);
    expect(response.usage).toEqual(usage(32 + 8999, 10, 0, 20));
  });

  it('grounding: queries, http(s) web sources de-duplicated by uri (first title wins), engine google', () => {
    const response = decode(
      candidate([{ text: 'Grounded.' }], {
        groundingMetadata: {
          webSearchQueries: ['tokyo weather', 'tokyo forecast'],
          groundingChunks: [
            { web: { uri: 'https://a.example/1', title: 'a.example' } },
            { web: { uri: 'https://b.example/2' } },
            { web: { uri: 'https://a.example/1', title: 'dup' } },
            { retrievedContext: { uri: 'gs://x' } },
            // A source is shown as a link: only http(s) is one.
            { web: { uri: 'javascript:alert(1)', title: 'click me' } },
          ],
        },
      }),
    );
    expect(response.grounding).toEqual({
      queries: ['tokyo weather', 'tokyo forecast'],
      sources: [
        { uri: 'https://a.example/1', title: 'a.example' },
        { uri: 'https://b.example/2', title: '' },
      ],
      engine: 'google',
    });
  });

  it('grounding with no chunks keeps an EMPTY sources list ("no source exists")', () => {
    const response = decode(candidate([{ text: 'x' }], { groundingMetadata: { webSearchQueries: ['q'] } }));
    expect(response.grounding).toEqual({ queries: ['q'], sources: [], engine: 'google' });
    const empty = decode(candidate([{ text: 'x' }], { groundingMetadata: { groundingChunks: [] } }));
    expect(empty.grounding).toEqual({ queries: [], sources: [], engine: 'google' });
  });

  it('server-side parts are never our tool calls: search toolCall feeds queries, the rest count as dropped', () => {
    const response = decode(
      candidate(
        [
          {
            toolCall: { id: 's1', toolType: 'GOOGLE_SEARCH_WEB', args: { queries: ['q1', 'q2'] } },
            thoughtSignature: 'S',
          },
          { toolResponse: { id: 's1', toolType: 'GOOGLE_SEARCH_WEB', response: {} } },
          { toolCall: { id: 'u1', toolType: 'URL_CONTEXT', args: { urls: ['https://x'] } } },
          { executableCode: { language: 'PYTHON', code: 'print(1)' } },
          { codeExecutionResult: { outcome: 'OUTCOME_OK', output: '1' } },
          { inlineData: { mimeType: 'image/png', data: 'AA' } },
          { someFutureKind: {} },
          { thoughtSignature: 'only-a-signature' },
          { text: 'Done.' },
        ],
        { groundingMetadata: { webSearchQueries: ['q2', 'q3'] } },
      ),
    );
    expect(response.toolCalls).toEqual([]);
    expect(response.finish).toBe('stop');
    expect(response.text).toBe('Done.');
    expect(response.grounding?.queries).toEqual(['q2', 'q3', 'q1']);
    expect(response.dropped).toEqual({
      toolResponse: 1,
      toolCall: 1,
      executableCode: 1,
      codeExecutionResult: 1,
      inlineData: 1,
      someFutureKind: 1,
    });
  });

  it.each([
    ['MAX_TOKENS', 'length'],
    ['SAFETY', 'content_filter'],
    ['RECITATION', 'content_filter'],
    ['BLOCKLIST', 'content_filter'],
    ['PROHIBITED_CONTENT', 'content_filter'],
    ['SPII', 'content_filter'],
    ['MALFORMED_FUNCTION_CALL', 'other'],
    ['OTHER', 'other'],
  ])('finishReason %s -> %s', (finishReason, finish) => {
    expect(decode(candidate([{ text: 'x' }], { finishReason })).finish).toBe(finish);
  });

  it('a candidate without content (filtered) decodes to empty text', () => {
    const response = decode({ candidates: [{ finishReason: 'SAFETY' }] });
    expect(response).toMatchObject({
      text: '',
      toolCalls: [],
      finish: 'content_filter',
      usage: usage(0, 0, 0),
    });
  });

  it('promptFeedback.blockReason with no candidates -> content_filter with empty text, usage kept', () => {
    expect(
      decode({
        promptFeedback: { blockReason: 'PROHIBITED_CONTENT' },
        usageMetadata: { promptTokenCount: 7 },
      }),
    ).toEqual({
      text: '',
      toolCalls: [],
      finish: 'content_filter',
      usage: usage(7, 0, 0),
      reasoningSummary: '',
      grounding: null,
      dropped: {},
      reasoningItems: 0,
    });
  });

  it.each([
    ['not an object', 'hello'],
    ['an array', []],
    ['no candidates, no blockReason', { usageMetadata: {} }],
    ['parts not an array', { candidates: [{ content: { parts: 'x' } }] }],
    ['functionCall without name', candidate([{ functionCall: { args: {} } }])],
  ])('throws LlmError parse on %s', (_label, body) => {
    let error: unknown;
    try {
      decode(body);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(LlmError);
    expect((error as LlmError).info.kind).toBe('parse');
  });
});
