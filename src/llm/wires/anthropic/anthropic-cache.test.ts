import { describe, expect, it } from 'vitest';
import type { ChatRequest } from '../../canonical.ts';
import { CACHE_MIN_TOKENS, estimateCacheTokens, planCache } from './anthropic-cache.ts';

function request(fields: Partial<ChatRequest>): ChatRequest {
  return {
    system: { stable: '', volatile: '' },
    messages: [],
    tools: [],
    toolChoice: 'auto',
    effort: null,
    temperature: null,
    maxOutputTokens: 1024,
    ...fields,
  };
}

describe('estimateCacheTokens', () => {
  it('counts about 4 ASCII characters per token and 1 token per other character', () => {
    expect(estimateCacheTokens('')).toBe(0);
    expect(estimateCacheTokens('abcd')).toBe(1);
    expect(estimateCacheTokens('abcde')).toBe(2);
    expect(estimateCacheTokens('日本語')).toBe(3);
    expect(estimateCacheTokens('😀')).toBe(1);
    expect(estimateCacheTokens('ab', 'cd', 'あ')).toBe(2);
  });

  it('keeps the 1,024-token minimum', () => {
    expect(CACHE_MIN_TOKENS).toBe(1024);
  });
});

describe('planCache', () => {
  it('needs a stable part for the system breakpoint and a message for the messages breakpoint', () => {
    expect(planCache(request({ system: { stable: '', volatile: 'あ'.repeat(2000) } }))).toEqual({
      system: false,
      messages: false,
    });
    expect(planCache(request({ system: { stable: 'あ'.repeat(1024), volatile: '' }, messages: [] }))).toEqual(
      { system: true, messages: false },
    );
  });

  it('counts tool arguments and tool result bodies in the history estimate', () => {
    const messages: ChatRequest['messages'] = [
      { role: 'user', content: 'go' },
      {
        role: 'assistant',
        content: '',
        toolCalls: [{ id: 't', name: 'w', arguments: { s: 'あ'.repeat(500) } }],
      },
      { role: 'tool', toolCallId: 't', toolName: 'w', content: 'い'.repeat(525) },
    ];
    expect(planCache(request({ messages }))).toEqual({ system: false, messages: true });
  });

  it('does not count attachment bytes', () => {
    const messages: ChatRequest['messages'] = [
      {
        role: 'user',
        content: 'x',
        attachments: [{ kind: 'image', mimeType: 'image/png', data: 'A'.repeat(10_000) }],
      },
    ];
    expect(planCache(request({ messages }))).toEqual({ system: false, messages: false });
  });
});
