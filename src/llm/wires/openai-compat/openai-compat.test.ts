import { describe, expect, it } from 'vitest';
import type { ToolCall } from '../../canonical.ts';
import { openAiCompatWire } from './index.ts';
import {
  context,
  expectGolden,
  LIST_FILES,
  READ_FILE,
  request,
  WIRE_LIST_FILES,
  WIRE_READ_FILE,
} from './openai-compat-test-helpers.ts';

const SIGNATURE = { extra_content: { google: { thought_signature: 'CiQBVKhc7sig==' } } };

describe('openAiCompatWire', () => {
  it('is the billing-aware open_ai_compat wire and adds no headers (auth is the client’s)', () => {
    expect(openAiCompatWire.provider).toBe('open_ai_compat');
    expect(openAiCompatWire.billingAware).toBe(true);
    expect(openAiCompatWire.headers(request(), context())).toEqual({});
  });
});

describe('encode golden bodies (key order pinned)', () => {
  it('plain text: system first, string content, max_tokens, nothing optional', () => {
    expectGolden(request(), {
      model: 'gpt-4.1-nano',
      messages: [
        { role: 'system', content: 'あなたはザリです。' },
        { role: 'user', content: 'こんにちは' },
      ],
      max_tokens: 8192,
    });
  });

  it('an empty system prompt sends no system message', () => {
    expectGolden(request({ system: { stable: '', volatile: '' } }), {
      model: 'gpt-4.1-nano',
      messages: [{ role: 'user', content: 'こんにちは' }],
      max_tokens: 8192,
    });
  });

  it('system stable + volatile as one message, then the history in order', () => {
    const req = request({
      system: { stable: 'あなたはザリです。', volatile: '# 名簿\nミュゼ' },
      messages: [
        { role: 'user', content: '一つ目' },
        { role: 'assistant', content: 'はい。' },
        { role: 'user', content: '二つ目' },
      ],
      maxOutputTokens: 1000,
    });
    expectGolden(req, {
      model: 'gpt-4.1-nano',
      messages: [
        { role: 'system', content: 'あなたはザリです。\n\n# 名簿\nミュゼ' },
        { role: 'user', content: '一つ目' },
        { role: 'assistant', content: 'はい。' },
        { role: 'user', content: '二つ目' },
      ],
      max_tokens: 1000,
    });
  });

  it('round 2 of a tool loop: calls with arguments as JSON strings, the signature back in place, results', () => {
    const calls: ToolCall[] = [
      { id: 'call_a', name: 'list_files', arguments: { path: '.' }, extra: SIGNATURE },
      { id: 'call_b', name: 'read_file', arguments: { path: 'a.txt' } },
    ];
    const req = request({
      messages: [
        { role: 'user', content: 'ファイルを見て' },
        { role: 'assistant', content: '', toolCalls: calls },
        { role: 'tool', toolCallId: 'call_a', toolName: 'list_files', content: 'a.txt' },
        { role: 'tool', toolCallId: 'call_b', toolName: 'read_file', content: 'hello' },
      ],
      tools: [LIST_FILES, READ_FILE],
    });
    expectGolden(
      req,
      {
        model: 'gemini-3-flash-preview',
        messages: [
          { role: 'system', content: 'あなたはザリです。' },
          { role: 'user', content: 'ファイルを見て' },
          {
            role: 'assistant',
            content: null,
            tool_calls: [
              {
                id: 'call_a',
                type: 'function',
                function: { name: 'list_files', arguments: '{"path":"."}' },
                extra_content: { google: { thought_signature: 'CiQBVKhc7sig==' } },
              },
              {
                id: 'call_b',
                type: 'function',
                function: { name: 'read_file', arguments: '{"path":"a.txt"}' },
              },
            ],
          },
          { role: 'tool', tool_call_id: 'call_a', content: 'a.txt' },
          { role: 'tool', tool_call_id: 'call_b', content: 'hello' },
        ],
        tools: [WIRE_LIST_FILES, WIRE_READ_FILE],
        tool_choice: 'auto',
        max_tokens: 8192,
      },
      'gemini-3-flash-preview',
    );
  });

  it('assistant text beside tool calls is kept as text', () => {
    const req = request({
      messages: [
        { role: 'user', content: 'q' },
        {
          role: 'assistant',
          content: '見ます。',
          toolCalls: [{ id: 'c1', name: 'list_files', arguments: {} }],
        },
        { role: 'tool', toolCallId: 'c1', toolName: 'list_files', content: '' },
      ],
      tools: [LIST_FILES],
      system: { stable: '', volatile: '' },
    });
    expectGolden(req, {
      model: 'gpt-4.1-nano',
      messages: [
        { role: 'user', content: 'q' },
        {
          role: 'assistant',
          content: '見ます。',
          tool_calls: [{ id: 'c1', type: 'function', function: { name: 'list_files', arguments: '{}' } }],
        },
        { role: 'tool', tool_call_id: 'c1', content: '' },
      ],
      tools: [WIRE_LIST_FILES],
      tool_choice: 'auto',
      max_tokens: 8192,
    });
  });

  it('toolChoice none keeps the tools and says none', () => {
    expectGolden(request({ tools: [LIST_FILES], toolChoice: 'none' }), {
      model: 'gpt-4.1-nano',
      messages: [
        { role: 'system', content: 'あなたはザリです。' },
        { role: 'user', content: 'こんにちは' },
      ],
      tools: [WIRE_LIST_FILES],
      tool_choice: 'none',
      max_tokens: 8192,
    });
  });

  it('no tools: neither tools nor tool_choice, whatever the toolChoice', () => {
    const body = openAiCompatWire.encode(request({ toolChoice: 'none' }), context()) as Record<
      string,
      unknown
    >;
    expect(Object.keys(body)).toEqual(['model', 'messages', 'max_tokens']);
  });

  it('temperature: omitted when null, sent when set (0 included)', () => {
    const messages = [
      { role: 'system', content: 'あなたはザリです。' },
      { role: 'user', content: 'こんにちは' },
    ];
    expectGolden(request({ temperature: null }), { model: 'gpt-4.1-nano', messages, max_tokens: 8192 });
    expectGolden(request({ temperature: 0.7 }), {
      model: 'gpt-4.1-nano',
      messages,
      max_tokens: 8192,
      temperature: 0.7,
    });
    expectGolden(request({ temperature: 0 }), {
      model: 'gpt-4.1-nano',
      messages,
      max_tokens: 8192,
      temperature: 0,
    });
  });
});
