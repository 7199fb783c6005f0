/** Golden request bodies: roles, blocks, tools, temperature and attachments. */
import { describe, expect, it } from 'vitest';
import { anthropicWire } from './index.ts';
import { context, expectGolden, LIST_FILES, NO_BETA, request, TEST_MODEL, THINKING } from './test-context.ts';

describe('anthropic encode: golden bodies', () => {
  it('plain text, short prompt: no cache_control and no beta header', () => {
    expectGolden(
      request({}),
      {
        model: TEST_MODEL,
        max_tokens: 8192,
        system: [{ type: 'text', text: 'あなたはザリです。' }],
        messages: [{ role: 'user', content: [{ type: 'text', text: 'こんにちは' }] }],
        thinking: THINKING,
      },
      NO_BETA,
    );
  });

  it('parallel results and the next user message merge into one user turn, results first', () => {
    expectGolden(
      request({
        messages: [
          { role: 'user', content: '2つ見て' },
          {
            role: 'assistant',
            content: '',
            toolCalls: [
              { id: 'toolu_a', name: 'list_files', arguments: { path: 'a' } },
              { id: 'toolu_b', name: 'list_files', arguments: { path: 'b' } },
            ],
          },
          { role: 'tool', toolCallId: 'toolu_a', toolName: 'list_files', content: 'x' },
          { role: 'tool', toolCallId: 'toolu_b', toolName: 'list_files', content: '' },
          { role: 'user', content: '【送り手: ミュゼ】\nまだ？' },
        ],
      }),
      {
        model: TEST_MODEL,
        max_tokens: 8192,
        system: [{ type: 'text', text: 'あなたはザリです。' }],
        messages: [
          { role: 'user', content: [{ type: 'text', text: '2つ見て' }] },
          {
            role: 'assistant',
            content: [
              { type: 'tool_use', id: 'toolu_a', name: 'list_files', input: { path: 'a' } },
              { type: 'tool_use', id: 'toolu_b', name: 'list_files', input: { path: 'b' } },
            ],
          },
          {
            role: 'user',
            content: [
              { type: 'tool_result', tool_use_id: 'toolu_a', content: 'x' },
              { type: 'tool_result', tool_use_id: 'toolu_b', content: '' },
              { type: 'text', text: '【送り手: ミュゼ】\nまだ？' },
            ],
          },
        ],
        thinking: THINKING,
      },
      NO_BETA,
    );
  });

  it('an assistant message with neither text nor tool calls becomes 「（発言なし）」', () => {
    expectGolden(
      request({
        system: { stable: '', volatile: '' },
        messages: [
          { role: 'user', content: 'hi' },
          { role: 'assistant', content: '  ' },
          { role: 'user', content: 'again' },
        ],
      }),
      {
        model: TEST_MODEL,
        max_tokens: 8192,
        messages: [
          { role: 'user', content: [{ type: 'text', text: 'hi' }] },
          { role: 'assistant', content: [{ type: 'text', text: '（発言なし）' }] },
          { role: 'user', content: [{ type: 'text', text: 'again' }] },
        ],
        thinking: THINKING,
      },
      NO_BETA,
    );
  });

  it('tools with toolChoice none keep the tools and send tool_choice none', () => {
    expectGolden(
      request({ tools: [LIST_FILES], toolChoice: 'none' }),
      {
        model: TEST_MODEL,
        max_tokens: 8192,
        system: [{ type: 'text', text: 'あなたはザリです。' }],
        messages: [{ role: 'user', content: [{ type: 'text', text: 'こんにちは' }] }],
        tools: [
          { name: LIST_FILES.name, description: LIST_FILES.description, input_schema: LIST_FILES.parameters },
        ],
        tool_choice: { type: 'none' },
        thinking: THINKING,
      },
      NO_BETA,
    );
  });

  it('no tools: neither tools nor tool_choice, whatever the choice', () => {
    const body = anthropicWire.encode(request({ toolChoice: 'none' }), context()) as Record<string, unknown>;
    expect(Object.keys(body)).toEqual(['model', 'max_tokens', 'system', 'messages', 'thinking']);
  });

  it('temperature is never sent (thinking is always on, which refuses any but 1); effort is never read', () => {
    const withNull = anthropicWire.encode(request({ temperature: null, effort: 'max' }), context());
    expect(Object.keys(withNull as object)).toEqual([
      'model',
      'max_tokens',
      'system',
      'messages',
      'thinking',
    ]);
    expectGolden(
      request({ temperature: 0.5, effort: 'high', maxOutputTokens: 1024 }),
      {
        model: TEST_MODEL,
        max_tokens: 1024,
        system: [{ type: 'text', text: 'あなたはザリです。' }],
        messages: [{ role: 'user', content: [{ type: 'text', text: 'こんにちは' }] }],
        thinking: THINKING,
      },
      NO_BETA,
    );
  });

  it('attachments: image and pdf blocks before the text, audio and video skipped', () => {
    expectGolden(
      request({
        messages: [
          {
            role: 'user',
            content: 'これは何？',
            attachments: [
              { kind: 'image', mimeType: 'image/webp', data: 'UklGRg==', fileName: 'a.webp' },
              { kind: 'audio', mimeType: 'audio/mpeg', data: 'SUQz' },
              { kind: 'pdf', mimeType: 'application/pdf', data: 'JVBERi0=', fileName: 'b.pdf' },
              { kind: 'video', mimeType: 'video/mp4', data: 'AAAA' },
            ],
          },
        ],
      }),
      {
        model: TEST_MODEL,
        max_tokens: 8192,
        system: [{ type: 'text', text: 'あなたはザリです。' }],
        messages: [
          {
            role: 'user',
            content: [
              { type: 'image', source: { type: 'base64', media_type: 'image/webp', data: 'UklGRg==' } },
              {
                type: 'document',
                source: { type: 'base64', media_type: 'application/pdf', data: 'JVBERi0=' },
              },
              { type: 'text', text: 'これは何？' },
            ],
          },
        ],
        thinking: THINKING,
      },
      NO_BETA,
    );
  });
});
