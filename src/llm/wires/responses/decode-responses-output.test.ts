/** The shared walk on synthetic bodies: the cases the recordings do not cover. */
import { describe, expect, it } from 'vitest';
import { LlmError } from '../../llm-error.ts';
import { decodeResponsesOutput } from './decode-responses-output.ts';
import type { ResponsesOutputItem } from './responses-api.ts';
import { body, functionCall, responsesFixture, textMessage } from './responses-test-helpers.ts';

function decode(output: unknown[], fields: Record<string, unknown> = {}, replay = false) {
  return decodeResponsesOutput(body(output, fields), { replayOutputItems: replay }).response;
}

function parseError(run: () => unknown): LlmError {
  try {
    run();
  } catch (error) {
    if (error instanceof LlmError) return error;
    throw error;
  }
  throw new Error('expected an LlmError');
}

describe('the shared Responses walk', () => {
  it('a refusal part is the body when no text came, finish content_filter', () => {
    const response = decode([
      {
        type: 'message',
        role: 'assistant',
        content: [{ type: 'refusal', refusal: 'I cannot help with that.' }],
      },
    ]);
    expect(response.text).toBe('I cannot help with that.');
    expect(response.finish).toBe('content_filter');
  });

  it('text beside a refusal wins and the finish stays stop', () => {
    const response = decode([
      {
        type: 'message',
        content: [
          { type: 'output_text', text: 'Partly: ' },
          { type: 'refusal', refusal: 'no more' },
        ],
      },
    ]);
    expect(response.text).toBe('Partly: ');
    expect(response.finish).toBe('stop');
  });

  it('incomplete: max_output_tokens is length even beside a tool call, content_filter is content_filter', () => {
    const cut = decode([functionCall('c1', 'read_file', '{"path":"a"}')], {
      status: 'incomplete',
      incomplete_details: { reason: 'max_output_tokens' },
    });
    expect(cut.finish).toBe('length');
    expect(cut.toolCalls).toHaveLength(1);
    expect(
      decode([], { status: 'incomplete', incomplete_details: { reason: 'content_filter' } }).finish,
    ).toBe('content_filter');
    expect(decode([], { status: 'incomplete', incomplete_details: { reason: 'something_new' } }).finish).toBe(
      'other',
    );
    expect(decode([], { status: 'failed', error: { code: 'server_error', message: 'x' } }).finish).toBe(
      'other',
    );
    // No status at all (a provider that leaves it out) reads as completed.
    expect(decode([textMessage('hi')], { status: undefined }).finish).toBe('stop');
  });

  it('function_call arguments are parsed once; bad JSON and non-objects are LlmError(parse)', () => {
    const response = decode([
      functionCall('c1', 'read_file', '{"path":"a.txt"}'),
      functionCall('c2', 'list', ''),
    ]);
    expect(response.toolCalls).toEqual([
      { id: 'c1', name: 'read_file', arguments: { path: 'a.txt' } },
      { id: 'c2', name: 'list', arguments: {} },
    ]);
    expect(response.finish).toBe('tool_calls');
    const bad = parseError(() => decode([functionCall('c1', 'read_file', '{"path":')]));
    expect(bad.info).toEqual({ kind: 'parse', raw: '{"path":' });
    expect(bad.message).toBe('tool call read_file has arguments that are not JSON');
    expect(parseError(() => decode([functionCall('c1', 'f', '[1]')])).message).toContain('not a JSON object');
  });

  it('a call without call_id uses its item id, then a position', () => {
    const response = decode([
      { type: 'function_call', id: 'fc_9', name: 'a', arguments: '{}' },
      { type: 'function_call', name: 'b', arguments: '{}' },
    ]);
    expect(response.toolCalls.map((c) => c.id)).toEqual(['fc_9', 'call_1']);
  });

  it('unknown output kinds, unknown message parts and untyped items are counted as dropped (#72)', () => {
    const response = decode([
      { type: 'image_generation_call', id: 'ig_1' },
      { type: 'image_generation_call', id: 'ig_2' },
      { type: 'message', content: [{ type: 'output_audio' }, { type: 'output_text', text: 'ok' }] },
      { id: 'no_type' },
    ]);
    expect(response.text).toBe('ok');
    expect(response.dropped).toEqual({ image_generation_call: 2, output_audio: 1, unknown: 1 });
  });

  it("a wire's handler takes its kinds first, even a generic one, and they are not dropped", () => {
    const seen: [string, ResponsesOutputItem, Record<string, unknown>][] = [];
    const search = {
      type: 'custom_tool_call',
      call_id: '',
      name: 'x_search',
      input: '{"query":"q","limit":"5"}',
    };
    const { response } = decodeResponsesOutput(
      body([search, { type: 'web_search_call', id: 'ws_1' }, textMessage('a')]),
      {
        kinds: {
          custom_tool_call: (item, raw) => seen.push(['custom', item, raw]),
          web_search_call: (item, raw) => seen.push(['web', item, raw]),
        },
      },
    );
    expect(seen.map(([kind]) => kind)).toEqual(['custom', 'web']);
    expect(seen[0]![2]).toEqual(search);
    expect(seen[0]![1].input).toBe('{"query":"q","limit":"5"}');
    expect(response.toolCalls).toEqual([]);
    expect(response.dropped).toEqual({});
    expect(response.finish).toBe('stop');
  });

  it('reasoning summaries are joined and every reasoning item counts, with or without a summary', () => {
    const response = decode([
      {
        type: 'reasoning',
        summary: [
          { type: 'summary_text', text: 'one' },
          { type: 'summary_text', text: 'two' },
        ],
      },
      { type: 'reasoning', summary: [] },
      { type: 'reasoning' },
      textMessage('answer'),
    ]);
    expect(response.reasoningSummary).toBe('one\n\ntwo');
    expect(response.reasoningItems).toBe(3);
  });

  it('a body without output is a parse error naming where', () => {
    const error = parseError(() => decodeResponsesOutput({ status: 'completed' }));
    expect(error.info.kind).toBe('parse');
    expect(error.message).toBe(
      'responses body has an unexpected shape at output: Invalid input: expected array, received undefined',
    );
  });
});

describe('replaying output items within a turn', () => {
  // The recorded encrypted reasoning item, followed by a call as the ledger's probe saw it (972 chars of
  // encrypted_content arrived unasked beside function tools).
  const recorded = responsesFixture('openai-reasoning-encrypted-content.1.json');
  const reasoning = recorded.output[0]!;

  it('keeps encrypted reasoning verbatim on the first ToolCall, with each call item id', () => {
    const response = decode(
      [
        { type: 'reasoning', id: 'rs_plain', summary: [] },
        reasoning,
        textMessage('Let me compute.'),
        functionCall('c1', 'calculator', '{"a":1,"b":2,"op":"add"}'),
        functionCall('c2', 'calculator', '{"a":3,"b":4,"op":"add"}'),
      ],
      {},
      true,
    );
    expect(response.text).toBe('Let me compute.');
    const [first, second] = response.toolCalls;
    // The reasoning item without encrypted_content is not carried (its id alone means nothing under
    // store: false); the message is, in its place after the reasoning it followed.
    expect(first!.extra).toEqual({
      responses: {
        kind: 'function',
        itemId: 'fc_c1',
        after: 2,
        carried: [reasoning, textMessage('Let me compute.')],
      },
    });
    expect((first!.extra as { responses: { carried: unknown[] } }).responses.carried[0]).toBe(reasoning);
    expect(second!.extra).toEqual({ responses: { kind: 'function', itemId: 'fc_c2', after: 2 } });
  });

  it('carries the assistant messages too when they have a phase, in their original order', () => {
    const commentary = textMessage('I will check.', { id: 'msg_1', phase: 'commentary' });
    const response = decode([reasoning, commentary, functionCall('c1', 'lookup', '{}')], {}, true);
    expect((response.toolCalls[0]!.extra as { responses: { carried: unknown[] } }).responses.carried).toEqual(
      [reasoning, commentary],
    );
  });

  it("carries a wire's own kinds and dropped kinds in their places too (a reasoning item's follower)", () => {
    const search = { type: 'web_search_call', id: 'ws_1', status: 'completed', action: { type: 'search' } };
    const other = { type: 'image_generation_call', id: 'ig_1' };
    const { response } = decodeResponsesOutput(
      body([reasoning, search, reasoning, other, functionCall('c1', 'lookup', '{}')]),
      { kinds: { web_search_call: () => {} }, replayOutputItems: true },
    );
    expect(response.toolCalls[0]!.extra).toEqual({
      responses: {
        kind: 'function',
        itemId: 'fc_c1',
        after: 4,
        carried: [reasoning, search, reasoning, other],
      },
    });
  });

  it('carries nothing without encrypted reasoning or a phase (a plain call needs no replay)', () => {
    const response = decode([textMessage('Checking.'), functionCall('c1', 'lookup', '{}')], {}, true);
    expect(response.toolCalls[0]!.extra).toEqual({ responses: { kind: 'function', itemId: 'fc_c1' } });
  });

  it('keeps nothing when the wire does not ask for replay', () => {
    const response = decode([reasoning, functionCall('c1', 'lookup', '{}')]);
    expect(response.toolCalls).toEqual([{ id: 'c1', name: 'lookup', arguments: {} }]);
  });
});
