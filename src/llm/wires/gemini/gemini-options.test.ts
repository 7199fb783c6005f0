/** Golden bodies for tools / toolConfig / thinkingLevel (key order pinned by JSON.stringify). */
import { describe, expect, it } from 'vitest';
import { chatRequest, GEN, geminiContext, golden, WEATHER, WEATHER_DECL } from './gemini-test-helpers.ts';

describe('geminiWire.encode: tools, toolConfig, thinkingLevel', () => {
  it('toolChoice none keeps the declarations with mode NONE', () => {
    expect(golden(chatRequest({ tools: [WEATHER], toolChoice: 'none' }))).toBe(
      JSON.stringify({
        contents: [{ role: 'user', parts: [{ text: 'Hello' }] }],
        tools: [{ functionDeclarations: [WEATHER_DECL] }],
        toolConfig: { functionCallingConfig: { mode: 'NONE' } },
        generationConfig: GEN,
      }),
    );
  });

  it('toolChoice none (the wrap-up call) sends neither search nor URL context nor includeServerSideToolInvocations', () => {
    const context = geminiContext('gemini-3-pro-preview', { googleSearch: true, geminiUrlContext: true });
    expect(golden(chatRequest({ tools: [WEATHER], toolChoice: 'none' }), context)).toBe(
      JSON.stringify({
        contents: [{ role: 'user', parts: [{ text: 'Hello' }] }],
        tools: [{ functionDeclarations: [WEATHER_DECL] }],
        toolConfig: { functionCallingConfig: { mode: 'NONE' } },
        generationConfig: GEN,
      }),
    );
    // Without function declarations nothing tool-shaped is left at all.
    expect(golden(chatRequest({ toolChoice: 'none' }), context)).toBe(
      JSON.stringify({ contents: [{ role: 'user', parts: [{ text: 'Hello' }] }], generationConfig: GEN }),
    );
  });

  it.each([
    ['gemini-3-pro-preview', 'high', 'high'],
    ['gemini-3-pro-preview', 'low', 'low'],
    ['gemini-3-flash', 'medium', 'medium'],
    ['gemini-3-pro-preview', 'xhigh', 'high'],
    ['gemini-3-pro-preview', 'max', 'high'],
    ['gemini-3-pro-preview', null, undefined],
    ['gemini-2.5-flash-lite', 'high', undefined],
  ] as const)('model %s effort %s -> thinkingLevel %s', (model, effort, level) => {
    const thinkingConfig =
      level === undefined ? { includeThoughts: true } : { includeThoughts: true, thinkingLevel: level };
    expect(golden(chatRequest({ effort }), geminiContext(model))).toBe(
      JSON.stringify({
        contents: [{ role: 'user', parts: [{ text: 'Hello' }] }],
        generationConfig: { maxOutputTokens: 8192, thinkingConfig },
      }),
    );
  });

  it('google search ON with functions: google_search after declarations + includeServerSideToolInvocations', () => {
    const context = geminiContext('gemini-3-pro-preview', { googleSearch: true });
    expect(golden(chatRequest({ tools: [WEATHER] }), context)).toBe(
      JSON.stringify({
        contents: [{ role: 'user', parts: [{ text: 'Hello' }] }],
        tools: [{ functionDeclarations: [WEATHER_DECL] }, { google_search: {} }],
        toolConfig: { functionCallingConfig: { mode: 'AUTO' }, includeServerSideToolInvocations: true },
        generationConfig: GEN,
      }),
    );
  });

  it('google search ON without functions: the built-in tool only, no toolConfig', () => {
    const context = geminiContext('gemini-3-pro-preview', { googleSearch: true });
    expect(golden(chatRequest(), context)).toBe(
      JSON.stringify({
        contents: [{ role: 'user', parts: [{ text: 'Hello' }] }],
        tools: [{ google_search: {} }],
        generationConfig: GEN,
      }),
    );
  });

  it('googleSearch / geminiUrlContext flags on a non-gemini provider send nothing (the *_active predicates)', () => {
    const context = geminiContext(
      'gemini-3-pro-preview',
      { googleSearch: true, geminiUrlContext: true },
      'open_ai_compat',
    );
    expect(golden(chatRequest({ tools: [WEATHER] }), context)).toBe(
      JSON.stringify({
        contents: [{ role: 'user', parts: [{ text: 'Hello' }] }],
        tools: [{ functionDeclarations: [WEATHER_DECL] }],
        toolConfig: { functionCallingConfig: { mode: 'AUTO' } },
        generationConfig: GEN,
      }),
    );
  });

  it('url context (no model gate) alone, and together with search and functions', () => {
    const urlOnly = geminiContext('gemini-2.5-flash-lite', { geminiUrlContext: true });
    expect(golden(chatRequest(), urlOnly)).toBe(
      JSON.stringify({
        contents: [{ role: 'user', parts: [{ text: 'Hello' }] }],
        tools: [{ urlContext: {} }],
        generationConfig: GEN,
      }),
    );
    const both = geminiContext('gemini-3-pro-preview', { geminiUrlContext: true, googleSearch: true });
    expect(golden(chatRequest({ tools: [WEATHER] }), both)).toBe(
      JSON.stringify({
        contents: [{ role: 'user', parts: [{ text: 'Hello' }] }],
        tools: [{ functionDeclarations: [WEATHER_DECL] }, { google_search: {} }, { urlContext: {} }],
        toolConfig: { functionCallingConfig: { mode: 'AUTO' }, includeServerSideToolInvocations: true },
        generationConfig: GEN,
      }),
    );
  });
});
