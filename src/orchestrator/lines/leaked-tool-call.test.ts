import { describe, expect, it } from 'vitest';
import { LEAK_HEAD_CHARS, leakHead, looksLikeLeakedToolCall } from './leaked-tool-call.ts';
import { charCount } from './fields.ts';

const FULL_XML = [
  '<function_calls>',
  '<invoke name="MCP_DOCKER__fetch">',
  '<parameter name="url">https://example.com/secret?token=abc</parameter>',
  '</invoke>',
  '</function_calls>',
].join('\n');

const EATEN_OPENING_TAG = [
  'MCP_DOCKER__fetch">',
  '<parameter name="url">https://example.com/</parameter>',
  '<parameter name="max_length">5000</parameter>',
].join('\n');

describe('looksLikeLeakedToolCall', () => {
  it.each([
    ['full function_calls block', FULL_XML],
    ['eaten opening tag (the observed shape)', EATEN_OPENING_TAG],
    ['a stray closing invoke', 'Fetching now.\n<parameter name="url">x</parameter>\n</invoke>'],
    ['Hermes/Qwen tool_call', '<tool_call>\n{"name": "grep", "arguments": {"pattern": "x"}}\n</tool_call>'],
    ['tool_use tag', 'Let me check.\n<tool_use>\n{"name":"file"}\n</tool_use>'],
    ['namespaced invoke', '<ns:invoke name="grep">\n<ns:parameter name="pattern">x</ns:parameter>'],
    ['prose before the leak', 'I will look this up for you.\n\n<invoke name="rag">'],
  ])('positive: %s', (_name, text) => {
    expect(looksLikeLeakedToolCall(text)).toBe(true);
  });

  it.each([
    ['plain answer', 'grep で 3 件見つかりました。詳細は以下のとおりです。'],
    ['mentions tool_call without tags', 'The model should emit a tool_call, not text.'],
    ['inline code explaining the tag', 'Qwen wraps calls in `<tool_call>` tags; Claude uses native blocks.'],
    [
      'fenced example',
      'Example:\n```xml\n<function_calls>\n<invoke name="x">\n</invoke>\n</function_calls>\n```\nDone.',
    ],
    ['ordinary HTML', '<div class="note">hello</div>'],
    ['comparison and a function name', 'if a < b then invoke(handler)'],
    ['similar but different tag', '<invoked>yes</invoked> <tool_calling/>'],
    ['attribute-looking start without parameters', 'width">100 is not a tool call'],
    ['empty', ''],
  ])('negative: %s', (_name, text) => {
    expect(looksLikeLeakedToolCall(text)).toBe(false);
  });
});

describe('leakHead', () => {
  it('stops before the first argument value', () => {
    expect(leakHead(FULL_XML)).toBe('<function_calls> <invoke name="MCP_DOCKE');
    // 40 characters end inside the tag, before the value.
    expect(leakHead(EATEN_OPENING_TAG)).toBe('MCP_DOCKER__fetch"> <parameter name="url');
    expect(leakHead('grep">\n<parameter name="pattern">password=hunter2</parameter>')).toBe(
      'grep"> <parameter name="pattern">',
    );
    expect(leakHead('<tool_call> {"name":"run","arguments":{"command":"curl"}}')).toBe(
      '<tool_call> {"name":"run","arguments":',
    );
  });

  it('is one line and at most 40 characters', () => {
    const head = leakHead(`${'長'.repeat(100)}\n<invoke name="x">`);
    expect(head).toBe('長'.repeat(LEAK_HEAD_CHARS));
    expect(charCount(head)).toBe(40);
    expect(head).not.toMatch(/[\r\n]/);
  });
});
