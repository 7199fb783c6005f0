import { describe, expect, it } from 'vitest';
import { PROVIDERS } from '../domain/enums.ts';
import type { AttachmentKind } from './canonical.ts';
import {
  authHeaders,
  BACKEND_NAMES,
  carries,
  DEFAULT_BASE_URL,
  detectProvider,
  effectiveProvider,
  providerPath,
  skills,
} from './provider.ts';

const RESPONSES_WIRES = [
  'xai_responses',
  'open_ai_responses',
  'meta_responses',
  'perplexity_responses',
] as const;

describe('provider plumbing', () => {
  it('auto-detects api.anthropic.com and api.perplexity.ai; everything else is OpenAI-compatible', () => {
    expect(detectProvider('https://api.anthropic.com/v1')).toBe('anthropic');
    expect(detectProvider('https://api.perplexity.ai/v1')).toBe('perplexity_responses');
    expect(detectProvider('https://api.meta.ai/v1')).toBe('open_ai_compat');
    expect(detectProvider('https://generativelanguage.googleapis.com/v1beta')).toBe('open_ai_compat');
    expect(detectProvider('https://api.x.ai/v1')).toBe('open_ai_compat');
    expect(detectProvider('http://127.0.0.1:8080/v1')).toBe('open_ai_compat');
    expect(effectiveProvider({ provider: 'gemini', baseUrl: 'https://api.anthropic.com/v1' })).toBe('gemini');
    expect(effectiveProvider({ provider: null, baseUrl: 'https://api.anthropic.com/v1' })).toBe('anthropic');
  });

  it("Meta's default base URL is the ledger's api.meta.ai (part 6 §1.6, §7.6)", () => {
    expect(DEFAULT_BASE_URL.meta_responses).toBe('https://api.meta.ai/v1');
    expect(DEFAULT_BASE_URL.perplexity_responses).toBe('https://api.perplexity.ai/v1');
  });

  it('builds each wire path; Gemini puts the model in it', () => {
    expect(providerPath('open_ai_compat', 'm')).toBe('/chat/completions');
    expect(providerPath('anthropic', 'm')).toBe('/messages');
    expect(providerPath('gemini', 'gemini-3-flash')).toBe('/models/gemini-3-flash:generateContent');
    for (const p of RESPONSES_WIRES) {
      expect(providerPath(p, 'm')).toBe('/responses');
    }
  });

  it('puts the key in exactly one auth header per wire, and none without a key', () => {
    expect(authHeaders('anthropic', 'k')).toEqual({ 'x-api-key': 'k' });
    expect(authHeaders('gemini', 'k')).toEqual({ 'x-goog-api-key': 'k' });
    expect(authHeaders('open_ai_compat', 'k')).toEqual({ authorization: 'Bearer k' });
    for (const p of RESPONSES_WIRES) {
      expect(authHeaders(p, 'k')).toEqual({ authorization: 'Bearer k' });
    }
    for (const p of PROVIDERS) expect(authHeaders(p, null)).toEqual({});
  });

  it('carries the ledger table (part 2 §2.9)', () => {
    const table: Record<string, string> = {
      open_ai_compat: 'IA-P',
      anthropic: 'I--P',
      gemini: 'IAVP',
      xai_responses: 'I--P',
      open_ai_responses: 'I--P',
      meta_responses: 'IAVP',
      perplexity_responses: 'I---',
    };
    const kinds: AttachmentKind[] = ['image', 'audio', 'video', 'pdf'];
    for (const provider of PROVIDERS) {
      const row = kinds.map((k, i) => (carries(provider, k) ? 'IAVP'[i] : '-')).join('');
      expect(row, provider).toBe(table[provider]);
    }
  });

  it('a skill is its flag AND its effective provider, never the flag alone', () => {
    const base = { baseUrl: 'https://x.example/v1' };
    expect(skills.groundingActive({ ...base, provider: 'gemini', googleSearch: true })).toBe(true);
    expect(skills.groundingActive({ ...base, provider: 'open_ai_compat', googleSearch: true })).toBe(false);
    expect(skills.groundingActive({ ...base, provider: 'gemini', googleSearch: false })).toBe(false);
    expect(skills.geminiUrlContextActive({ ...base, provider: 'gemini', geminiUrlContext: true })).toBe(true);
    expect(skills.xaiXSearchActive({ ...base, provider: 'xai_responses', xaiXSearch: true })).toBe(true);
    expect(skills.xaiXSearchActive({ ...base, provider: null, xaiXSearch: true })).toBe(false);
    expect(
      skills.perplexityFetchUrlActive({
        ...base,
        provider: 'perplexity_responses',
        perplexityFetchUrl: true,
      }),
    ).toBe(true);
    expect(
      skills.openaiReasoningProActive({ ...base, provider: 'open_ai_compat', openaiReasoningPro: true }),
    ).toBe(false);
  });

  it('names each backend as the turn line shows it', () => {
    expect(BACKEND_NAMES.open_ai_compat).toBe('openai-compat');
    expect(BACKEND_NAMES.xai_responses).toBe('xai-responses');
    expect(BACKEND_NAMES.open_ai_responses).toBe('openai-responses');
  });
});
