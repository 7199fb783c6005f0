/** Golden request bodies around the two cache breakpoints and the 1,024-token minimum. */
import { describe, expect, it } from 'vitest';
import { anthropicWire } from './index.ts';
import {
  BETA,
  CC,
  context,
  expectGolden,
  LIST_FILES,
  LONG_STABLE,
  NO_BETA,
  request,
  TEST_MODEL,
  THINKING,
} from './test-context.ts';

describe('anthropic encode: cache breakpoints', () => {
  it('stable + volatile system: breakpoints on the stable block and the last message block', () => {
    expectGolden(
      request({ system: { stable: LONG_STABLE, volatile: '顔ぶれ: ミュゼ' } }),
      {
        model: TEST_MODEL,
        max_tokens: 8192,
        system: [
          { type: 'text', text: LONG_STABLE, cache_control: CC },
          { type: 'text', text: '顔ぶれ: ミュゼ' },
        ],
        messages: [{ role: 'user', content: [{ type: 'text', text: 'こんにちは', cache_control: CC }] }],
        thinking: THINKING,
      },
      BETA,
    );
  });

  it('empty volatile part: no empty block, the stable breakpoint is still set', () => {
    expectGolden(
      request({ system: { stable: LONG_STABLE, volatile: '' } }),
      {
        model: TEST_MODEL,
        max_tokens: 8192,
        system: [{ type: 'text', text: LONG_STABLE, cache_control: CC }],
        messages: [{ role: 'user', content: [{ type: 'text', text: 'こんにちは', cache_control: CC }] }],
        thinking: THINKING,
      },
      BETA,
    );
  });

  it('below the threshold in estimated tokens (1,000 + 1): no cache_control, no beta header', () => {
    const stable = 'あ'.repeat(1000);
    expectGolden(
      request({ system: { stable, volatile: '' }, messages: [{ role: 'user', content: 'hi' }] }),
      {
        model: TEST_MODEL,
        max_tokens: 8192,
        system: [{ type: 'text', text: stable }],
        messages: [{ role: 'user', content: [{ type: 'text', text: 'hi' }] }],
        thinking: THINKING,
      },
      NO_BETA,
    );
  });

  it('history pushes the messages side to exactly 1,024: only the messages breakpoint', () => {
    const stable = 'あ'.repeat(1000);
    const text = 'い'.repeat(24);
    expectGolden(
      request({ system: { stable, volatile: '' }, messages: [{ role: 'user', content: text }] }),
      {
        model: TEST_MODEL,
        max_tokens: 8192,
        system: [{ type: 'text', text: stable }],
        messages: [{ role: 'user', content: [{ type: 'text', text, cache_control: CC }] }],
        thinking: THINKING,
      },
      BETA,
    );
  });

  it('tools count toward the system threshold (they sit before system in the prefix)', () => {
    const tool = { ...LIST_FILES, description: '作業フォルダのファイルを一覧する。'.repeat(70) };
    const body = anthropicWire.encode(request({ tools: [tool] }), context()) as {
      system: { cache_control?: unknown }[];
    };
    expect(body.system[0]?.cache_control).toEqual(CC);
    expect(anthropicWire.headers(request({ tools: [tool] }), context())).toEqual(BETA);
  });

  it('tool round 2: tool_use in the assistant turn, tool_result in a user turn carrying the breakpoint', () => {
    expectGolden(
      request({
        system: { stable: LONG_STABLE, volatile: '' },
        messages: [
          { role: 'user', content: 'ファイルを見せて' },
          {
            role: 'assistant',
            content: '見てみます。',
            toolCalls: [{ id: 'toolu_1', name: 'list_files', arguments: { path: '.' } }],
          },
          { role: 'tool', toolCallId: 'toolu_1', toolName: 'list_files', content: 'a.txt\nb.txt' },
        ],
        tools: [LIST_FILES],
      }),
      {
        model: TEST_MODEL,
        max_tokens: 8192,
        system: [{ type: 'text', text: LONG_STABLE, cache_control: CC }],
        messages: [
          { role: 'user', content: [{ type: 'text', text: 'ファイルを見せて' }] },
          {
            role: 'assistant',
            content: [
              { type: 'text', text: '見てみます。' },
              { type: 'tool_use', id: 'toolu_1', name: 'list_files', input: { path: '.' } },
            ],
          },
          {
            role: 'user',
            content: [
              { type: 'tool_result', tool_use_id: 'toolu_1', content: 'a.txt\nb.txt', cache_control: CC },
            ],
          },
        ],
        tools: [
          { name: LIST_FILES.name, description: LIST_FILES.description, input_schema: LIST_FILES.parameters },
        ],
        tool_choice: { type: 'auto' },
        thinking: THINKING,
      },
      BETA,
    );
  });

  it('an attachment-only user turn takes the breakpoint on its last attachment block', () => {
    const body = anthropicWire.encode(
      request({
        system: { stable: LONG_STABLE, volatile: '' },
        messages: [
          {
            role: 'user',
            content: '',
            attachments: [{ kind: 'image', mimeType: 'image/png', data: 'iVBO' }],
          },
        ],
      }),
      context(),
    ) as { messages: { content: unknown[] }[] };
    expect(body.messages[0]?.content).toEqual([
      { type: 'image', source: { type: 'base64', media_type: 'image/png', data: 'iVBO' }, cache_control: CC },
    ]);
  });
  it('with an image and a PDF in the final turn the breakpoint still lands on its last block, the text', () => {
    // Ledger part 6 §1.1 / §5.1: attachments never enter system or history, and the messages
    // breakpoint is the last block of the last message: the text the attachments come before.
    expectGolden(
      request({
        system: { stable: LONG_STABLE, volatile: '' },
        messages: [
          { role: 'user', content: 'こんにちは' },
          { role: 'assistant', content: 'やあ' },
          {
            role: 'user',
            content: 'これは何?',
            attachments: [
              { kind: 'image', mimeType: 'image/webp', data: 'UklGRg==' },
              { kind: 'pdf', mimeType: 'application/pdf', data: 'JVBERi0=', fileName: 'a.pdf' },
            ],
          },
        ],
      }),
      {
        model: TEST_MODEL,
        max_tokens: 8192,
        system: [{ type: 'text', text: LONG_STABLE, cache_control: CC }],
        messages: [
          { role: 'user', content: [{ type: 'text', text: 'こんにちは' }] },
          { role: 'assistant', content: [{ type: 'text', text: 'やあ' }] },
          {
            role: 'user',
            content: [
              { type: 'image', source: { type: 'base64', media_type: 'image/webp', data: 'UklGRg==' } },
              {
                type: 'document',
                source: { type: 'base64', media_type: 'application/pdf', data: 'JVBERi0=' },
              },
              { type: 'text', text: 'これは何?', cache_control: CC },
            ],
          },
        ],
        thinking: THINKING,
      },
      BETA,
    );
  });
});
