import { describe, expect, it } from 'vitest';
import type { ChatMessage, ToolCall } from '../../canonical.ts';
import { convertToResponsesInput } from './convert-to-responses-input.ts';
import { decodeResponsesOutput } from './decode-responses-output.ts';
import { body, functionCall, responsesFixture, textMessage } from './responses-test-helpers.ts';

const SYSTEM = { stable: 'stable', volatile: 'volatile' };

describe('convertToResponsesInput', () => {
  it('joins the system prompt into instructions; an empty one is not sent', () => {
    const messages: ChatMessage[] = [{ role: 'user', content: 'hi' }];
    expect(convertToResponsesInput(SYSTEM, messages, 'instructions')).toEqual({
      instructions: 'stable\n\nvolatile',
      input: [{ role: 'user', content: 'hi' }],
    });
    expect(convertToResponsesInput({ stable: '', volatile: '' }, messages, 'instructions')).toEqual({
      input: [{ role: 'user', content: 'hi' }],
    });
    expect(convertToResponsesInput({ stable: '', volatile: '' }, messages, 'system_message')).toEqual({
      input: [{ role: 'user', content: 'hi' }],
    });
  });

  it('tool calls become function_call items, results function_call_output with a string output', () => {
    const messages: ChatMessage[] = [
      { role: 'user', content: 'read it' },
      {
        role: 'assistant',
        content: 'Reading.',
        toolCalls: [{ id: 'c1', name: 'read_file', arguments: { path: 'a' } }],
      },
      { role: 'tool', toolCallId: 'c1', toolName: 'read_file', content: '{"ok":true}' },
      { role: 'assistant', content: '', toolCalls: [{ id: 'c2', name: 'list', arguments: {} }] },
      { role: 'tool', toolCallId: 'c2', toolName: 'list', content: 'a\nb' },
    ];
    expect(convertToResponsesInput(SYSTEM, messages, 'system_message').input).toEqual([
      { role: 'system', content: 'stable\n\nvolatile' },
      { role: 'user', content: 'read it' },
      { role: 'assistant', content: 'Reading.' },
      { type: 'function_call', call_id: 'c1', name: 'read_file', arguments: '{"path":"a"}' },
      { type: 'function_call_output', call_id: 'c1', output: '{"ok":true}' },
      // An empty text beside calls is not sent as an empty assistant message.
      { type: 'function_call', call_id: 'c2', name: 'list', arguments: '{}' },
      { type: 'function_call_output', call_id: 'c2', output: 'a\nb' },
    ]);
  });

  it('an assistant message without calls is always sent, even empty', () => {
    expect(
      convertToResponsesInput(SYSTEM, [{ role: 'assistant', content: '' }], 'instructions').input,
    ).toEqual([{ role: 'assistant', content: '' }]);
  });

  it('attachments go first as input parts, the text last', () => {
    const input = convertToResponsesInput(
      SYSTEM,
      [
        {
          role: 'user',
          content: 'look',
          attachments: [
            { kind: 'image', mimeType: 'image/webp', data: 'SU1H' },
            { kind: 'pdf', mimeType: 'application/pdf', data: 'UERG', fileName: 'a.pdf' },
            { kind: 'audio', mimeType: 'audio/wav', data: 'V0FW' },
            { kind: 'video', mimeType: 'video/mp4', data: 'TVA0' },
          ],
        },
      ],
      'instructions',
    ).input;
    expect(input).toEqual([
      {
        role: 'user',
        content: [
          { type: 'input_image', image_url: 'data:image/webp;base64,SU1H' },
          { type: 'input_file', filename: 'a.pdf', file_data: 'data:application/pdf;base64,UERG' },
          { type: 'input_audio', input_audio: { data: 'V0FW', format: 'wav' } },
          { type: 'input_video', video_url: 'data:video/mp4;base64,TVA0' },
          { type: 'input_text', text: 'look' },
        ],
      },
    ]);
  });

  it('a custom tool call goes back as custom_tool_call with its input, its result as custom_tool_call_output', () => {
    const { response } = decodeResponsesOutput(responsesFixture('openai-custom-tool.1.json'), {
      replayOutputItems: true,
    });
    const messages: ChatMessage[] = [
      { role: 'assistant', content: response.text, toolCalls: response.toolCalls },
      { role: 'tool', toolCallId: 'call_custom_sql_001', toolName: 'write_sql', content: '3 rows' },
    ];
    expect(convertToResponsesInput(SYSTEM, messages, 'instructions').input).toEqual([
      {
        type: 'custom_tool_call',
        id: 'ct_abc123def456',
        call_id: 'call_custom_sql_001',
        name: 'write_sql',
        input: 'SELECT * FROM users WHERE age > 25',
      },
      { type: 'custom_tool_call_output', call_id: 'call_custom_sql_001', output: '3 rows' },
    ]);
  });

  it('the parallel wrapper goes back as its split calls, each answered', () => {
    const { response } = decodeResponsesOutput(responsesFixture('parallel-tool-call-wrapper.1.json'), {
      replayOutputItems: true,
    });
    const messages: ChatMessage[] = [
      { role: 'assistant', content: '', toolCalls: response.toolCalls },
      ...response.toolCalls.map((call): ChatMessage => ({
        role: 'tool',
        toolCallId: call.id,
        toolName: call.name,
        content: 'ok',
      })),
    ];
    expect(convertToResponsesInput(SYSTEM, messages, 'instructions').input).toEqual([
      {
        type: 'function_call',
        call_id: 'call_parallel_0',
        name: 'weather',
        arguments: '{"location":"San Francisco"}',
      },
      {
        type: 'function_call',
        call_id: 'call_parallel_1',
        name: 'cityAttractions',
        arguments: '{"city":"Rome"}',
      },
      { type: 'function_call_output', call_id: 'call_parallel_0', output: 'ok' },
      { type: 'function_call_output', call_id: 'call_parallel_1', output: 'ok' },
    ]);
  });

  it('replays the carried items verbatim, in order, before the call items (and the text only once)', () => {
    const reasoning = responsesFixture('openai-reasoning-encrypted-content.1.json').output[0]!;
    const commentary = textMessage('I will compute.', { id: 'msg_1', phase: 'commentary' });
    const { response } = decodeResponsesOutput(
      body([reasoning, commentary, functionCall('c1', 'calculator', '{"a":1,"b":2,"op":"add"}')]),
      { replayOutputItems: true },
    );
    const messages: ChatMessage[] = [
      { role: 'user', content: 'add' },
      { role: 'assistant', content: response.text, toolCalls: response.toolCalls },
      { role: 'tool', toolCallId: 'c1', toolName: 'calculator', content: '3' },
    ];
    expect(convertToResponsesInput(SYSTEM, messages, 'instructions').input).toEqual([
      { role: 'user', content: 'add' },
      reasoning,
      commentary,
      {
        type: 'function_call',
        id: 'fc_c1',
        call_id: 'c1',
        name: 'calculator',
        arguments: '{"a":1,"b":2,"op":"add"}',
      },
      { type: 'function_call_output', call_id: 'c1', output: '3' },
    ]);
    // Unphased text beside encrypted reasoning is carried too, verbatim with its id: a reasoning item
    // followed by a text-only assistant message is OpenAI's 400 "without its required following item".
    const message = textMessage('Computing.', { id: 'msg_2' });
    const plain = decodeResponsesOutput(body([reasoning, message, functionCall('c1', 'calculator', '{}')]), {
      replayOutputItems: true,
    }).response;
    expect(
      convertToResponsesInput(
        SYSTEM,
        [{ role: 'assistant', content: plain.text, toolCalls: plain.toolCalls }],
        'instructions',
      ).input,
    ).toEqual([
      reasoning,
      message,
      { type: 'function_call', id: 'fc_c1', call_id: 'c1', name: 'calculator', arguments: '{}' },
    ]);
  });

  it('puts every call back in its place among the carried items, so each reasoning item keeps its follower', () => {
    const encrypted = responsesFixture('openai-reasoning-encrypted-content.1.json').output[0]!;
    const first = { ...encrypted, id: 'rs_1' };
    const second = { ...encrypted, id: 'rs_2' };
    const { response } = decodeResponsesOutput(
      body([first, functionCall('c1', 'calculator', '{}'), second, functionCall('c2', 'calculator', '{}')]),
      { replayOutputItems: true },
    );
    const input = convertToResponsesInput(
      SYSTEM,
      [
        { role: 'assistant', content: response.text, toolCalls: response.toolCalls },
        { role: 'tool', toolCallId: 'c1', toolName: 'calculator', content: '1' },
        { role: 'tool', toolCallId: 'c2', toolName: 'calculator', content: '2' },
      ],
      'instructions',
    ).input;
    expect(input).toEqual([
      first,
      { type: 'function_call', id: 'fc_c1', call_id: 'c1', name: 'calculator', arguments: '{}' },
      second,
      { type: 'function_call', id: 'fc_c2', call_id: 'c2', name: 'calculator', arguments: '{}' },
      { type: 'function_call_output', call_id: 'c1', output: '1' },
      { type: 'function_call_output', call_id: 'c2', output: '2' },
    ]);
  });

  it("another adapter's extra never reaches the wire", () => {
    const call: ToolCall = { id: 'c1', name: 'f', arguments: {}, extra: { thoughtSignature: 'sig' } };
    expect(
      convertToResponsesInput(SYSTEM, [{ role: 'assistant', content: '', toolCalls: [call] }], 'instructions')
        .input,
    ).toEqual([{ type: 'function_call', call_id: 'c1', name: 'f', arguments: '{}' }]);
  });
});
