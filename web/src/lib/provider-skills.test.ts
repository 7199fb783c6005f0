import { describe, expect, it } from 'vitest';
import {
  DEFAULT_BASE_URL as CORE_DEFAULT_BASE_URL,
  detectProvider as coreDetectProvider,
  providerPath as coreProviderPath,
  skills as coreSkills,
} from '../../../src/llm/provider.ts';
import {
  DETECTED_HOSTS as CORE_DETECTED_HOSTS,
  EFFORTS as CORE_EFFORTS,
  PROVIDERS as CORE_PROVIDERS,
} from '../../../src/domain/enums.ts';
import { SKILL_TOGGLES as CORE_SKILL_TOGGLES, TEMPLATE_DEFAULTS } from '../../../src/domain/template.ts';
import {
  ALSO_SERVES_COMPAT,
  ALSO_SERVES_RESPONSES,
  DEFAULT_BASE_URL,
  DETECTED_HOSTS,
  EFFORTS,
  PROVIDERS,
  PROVIDER_SKILLS,
  SKILL_CALL_FEE_USD,
  SKILL_FIELDS,
  SKILL_NOTES,
  baseUrlMismatch,
  detectProvider,
  effortNote,
  hostOf,
  passiveSkills,
  presetBaseUrlFor,
  providerPath,
  skillActive,
  skillProvider,
  temperatureNotSent,
  visibleSkills,
  type SkillField,
} from './provider-skills.ts';
import type { Provider } from './types.ts';

const OPENAI = 'https://api.openai.com/v1';

describe('the 7 non-injective default base URLs (ledger part 2 non_injective_defaults)', () => {
  // Written first, as the ledger asks: each provider's own default is never flagged — including the two
  // providers that share https://api.openai.com/v1, which a URL → provider lookup would get wrong.
  it.each(PROVIDERS.map((p) => [p, DEFAULT_BASE_URL[p]] as const))(
    '%s on its own default %s is not flagged',
    (provider, url) => {
      expect(baseUrlMismatch(provider, url)).toBeNull();
    },
  );

  it('open_ai_compat and open_ai_responses share one URL, and both keep it when switched', () => {
    expect(DEFAULT_BASE_URL.open_ai_compat).toBe(OPENAI);
    expect(DEFAULT_BASE_URL.open_ai_responses).toBe(OPENAI);
    expect(presetBaseUrlFor('open_ai_responses', OPENAI)).toBe(OPENAI);
    expect(presetBaseUrlFor('open_ai_compat', OPENAI)).toBe(OPENAI);
  });

  it('anthropic → open_ai_responses does not leave api.anthropic.com (the bug presetBaseUrlFor names)', () => {
    const anthropic = DEFAULT_BASE_URL.anthropic;
    expect(baseUrlMismatch('open_ai_responses', anthropic)).toEqual({
      provider: 'open_ai_responses',
      host: 'api.anthropic.com',
      expected: OPENAI,
    });
    expect(presetBaseUrlFor('open_ai_responses', anthropic)).toBe(OPENAI);
  });

  it('has a default for every provider of the core, in the core order', () => {
    expect([...PROVIDERS]).toEqual([...CORE_PROVIDERS]);
    expect(Object.keys(DEFAULT_BASE_URL).sort()).toEqual([...CORE_PROVIDERS].sort());
  });

  it('is the core table, Meta included: api.meta.ai, the host the ledger names (part 6 §1.6)', () => {
    expect(DEFAULT_BASE_URL).toEqual(CORE_DEFAULT_BASE_URL);
    expect(hostOf(DEFAULT_BASE_URL.meta_responses)).toBe('api.meta.ai');
  });
});

describe('baseUrlMismatch exemptions', () => {
  it('lets open_ai_compat use other vendors that also serve Chat Completions', () => {
    expect(baseUrlMismatch('open_ai_compat', DEFAULT_BASE_URL.gemini)).toBeNull();
    expect(
      baseUrlMismatch('open_ai_compat', 'https://generativelanguage.googleapis.com/v1beta/openai'),
    ).toBeNull();
    expect(baseUrlMismatch('open_ai_compat', DEFAULT_BASE_URL.xai_responses)).toBeNull();
    expect(baseUrlMismatch('open_ai_compat', DEFAULT_BASE_URL.meta_responses)).toBeNull();
  });

  it('does not let open_ai_compat use Perplexity (no Chat Completions there) or Anthropic', () => {
    expect(baseUrlMismatch('open_ai_compat', DEFAULT_BASE_URL.perplexity_responses)?.host).toBe(
      'api.perplexity.ai',
    );
    expect(baseUrlMismatch('open_ai_compat', DEFAULT_BASE_URL.anthropic)?.host).toBe('api.anthropic.com');
  });

  it('never flags open_ai_responses + api.perplexity.ai (Spec 45 D8)', () => {
    expect(baseUrlMismatch('open_ai_responses', 'https://api.perplexity.ai/v1')).toBeNull();
    expect(baseUrlMismatch('open_ai_responses', 'https://api.perplexity.ai')).toBeNull();
  });

  it('keeps the two tables apart: OpenAI is in neither, Perplexity only in the Responses one', () => {
    expect(ALSO_SERVES_COMPAT).not.toContain('api.openai.com');
    expect(ALSO_SERVES_RESPONSES).not.toContain('api.openai.com');
    expect(ALSO_SERVES_COMPAT).not.toContain('api.perplexity.ai');
    expect(ALSO_SERVES_RESPONSES).toEqual(['api.perplexity.ai']);
  });

  it('flags a vendor host under a provider that has no exemption for it', () => {
    expect(baseUrlMismatch('gemini', OPENAI)?.expected).toBe(DEFAULT_BASE_URL.gemini);
    expect(baseUrlMismatch('xai_responses', DEFAULT_BASE_URL.gemini)?.host).toBe(
      'generativelanguage.googleapis.com',
    );
    expect(baseUrlMismatch('anthropic', OPENAI)).not.toBeNull();
    expect(baseUrlMismatch('perplexity_responses', OPENAI)).not.toBeNull();
    expect(baseUrlMismatch('meta_responses', DEFAULT_BASE_URL.xai_responses)).not.toBeNull();
    // open_ai_responses on another Responses dialect's host is not in ALSO_SERVES_RESPONSES.
    expect(baseUrlMismatch('open_ai_responses', DEFAULT_BASE_URL.xai_responses)).not.toBeNull();
  });

  it('compares the host only (path, case, trailing slash do not matter)', () => {
    expect(baseUrlMismatch('anthropic', 'HTTPS://API.ANTHROPIC.COM/')).toBeNull();
    expect(baseUrlMismatch('gemini', 'https://generativelanguage.googleapis.com/v1')).toBeNull();
  });

  it('never flags hosts the table does not know: local servers, proxies, echo, junk', () => {
    for (const p of PROVIDERS) {
      expect(baseUrlMismatch(p, 'http://localhost:8080/v1')).toBeNull();
      expect(baseUrlMismatch(p, 'https://llm-gateway.example.com/v1')).toBeNull();
      expect(baseUrlMismatch(p, 'echo:')).toBeNull();
      expect(baseUrlMismatch(p, '')).toBeNull();
      expect(baseUrlMismatch(p, 'not a url')).toBeNull();
    }
  });

  it('checks the detected provider when the template leaves provider null', () => {
    expect(baseUrlMismatch(null, DEFAULT_BASE_URL.anthropic)).toBeNull();
    expect(baseUrlMismatch(null, DEFAULT_BASE_URL.xai_responses)).toBeNull();
    expect(baseUrlMismatch(null, OPENAI)).toBeNull();
    // Auto-detect knows api.perplexity.ai (Spec 45 D1), so its own default is not another provider's.
    expect(baseUrlMismatch(null, DEFAULT_BASE_URL.perplexity_responses)).toBeNull();
    expect(baseUrlMismatch(null, 'https://api.perplexity.ai')).toBeNull();
  });
});

describe('presetBaseUrlFor', () => {
  it('fills an empty field with the provider default', () => {
    for (const p of PROVIDERS) expect(presetBaseUrlFor(p, '  ')).toBe(DEFAULT_BASE_URL[p]);
  });

  it('keeps a URL the person typed for a local server or proxy', () => {
    expect(presetBaseUrlFor('gemini', 'http://localhost:1234/v1')).toBe('http://localhost:1234/v1');
  });

  it('keeps a legitimate exempt host, and auto-detect keeps anything', () => {
    expect(presetBaseUrlFor('open_ai_compat', DEFAULT_BASE_URL.gemini)).toBe(DEFAULT_BASE_URL.gemini);
    expect(presetBaseUrlFor('open_ai_responses', 'https://api.perplexity.ai/v1')).toBe(
      'https://api.perplexity.ai/v1',
    );
    expect(presetBaseUrlFor(null, DEFAULT_BASE_URL.gemini)).toBe(DEFAULT_BASE_URL.gemini);
  });

  it('replaces another vendor host', () => {
    expect(presetBaseUrlFor('gemini', OPENAI)).toBe(DEFAULT_BASE_URL.gemini);
    expect(presetBaseUrlFor('perplexity_responses', DEFAULT_BASE_URL.xai_responses)).toBe(
      DEFAULT_BASE_URL.perplexity_responses,
    );
  });
});

describe('detectProvider', () => {
  it('matches the core', () => {
    expect(DETECTED_HOSTS).toEqual(CORE_DETECTED_HOSTS);
    for (const url of [
      ...Object.values(DEFAULT_BASE_URL),
      'https://api.perplexity.ai',
      'http://localhost:1/v1',
      'echo:',
      '',
    ]) {
      expect(detectProvider(url), url).toBe(coreDetectProvider(url));
    }
  });

  it('recognises api.perplexity.ai as Perplexity (ledger part 6 §5.5)', () => {
    expect(detectProvider('https://api.perplexity.ai/v1')).toBe('perplexity_responses');
    expect(detectProvider('https://api.anthropic.com/v1')).toBe('anthropic');
    expect(detectProvider(DEFAULT_BASE_URL.meta_responses)).toBe('open_ai_compat');
  });
});

describe('skill toggles', () => {
  const base = { provider: null as Provider | null, baseUrl: 'https://example.com/v1' };
  const allOn = Object.fromEntries(SKILL_FIELDS.map((f) => [f, true])) as Record<SkillField, boolean>;

  it('covers exactly the core toggles, each under one provider', () => {
    expect([...SKILL_FIELDS].sort()).toEqual([...CORE_SKILL_TOGGLES].sort());
    expect(new Set(SKILL_FIELDS).size).toBe(SKILL_FIELDS.length);
    expect(PROVIDER_SKILLS.gemini).toEqual(['googleSearch', 'geminiUrlContext']);
    expect(skillProvider('googleSearch')).toBe('gemini');
    expect(skillProvider('xaiXSearch')).toBe('xai_responses');
    expect(skillProvider('openaiReasoningPro')).toBe('open_ai_responses');
    expect(skillProvider('metaWebSearch')).toBe('meta_responses');
    expect(skillProvider('perplexityFetchUrl')).toBe('perplexity_responses');
    expect(PROVIDER_SKILLS.open_ai_compat).toEqual([]);
    expect(PROVIDER_SKILLS.anthropic).toEqual([]);
  });

  it('is flag AND provider, exactly as the core predicates', () => {
    const coreName: Record<SkillField, keyof typeof coreSkills> = {
      googleSearch: 'groundingActive',
      geminiUrlContext: 'geminiUrlContextActive',
      xaiWebSearch: 'xaiWebSearchActive',
      xaiXSearch: 'xaiXSearchActive',
      openaiWebSearch: 'openaiWebSearchActive',
      openaiReasoningPro: 'openaiReasoningProActive',
      metaWebSearch: 'metaWebSearchActive',
      perplexityWebSearch: 'perplexityWebSearchActive',
      perplexityFinanceSearch: 'perplexityFinanceSearchActive',
      perplexityPeopleSearch: 'perplexityPeopleSearchActive',
      perplexityFetchUrl: 'perplexityFetchUrlActive',
    };
    for (const provider of [null, ...PROVIDERS]) {
      for (const flags of [allOn, {}]) {
        const t = { ...base, provider, ...flags };
        for (const field of SKILL_FIELDS) {
          expect(skillActive(t, field), `${provider} ${field}`).toBe(coreSkills[coreName[field]](t));
        }
      }
    }
  });

  it('lists only the effective ones as passive skills', () => {
    expect(passiveSkills({ ...base, provider: 'gemini', ...allOn })).toEqual([
      'googleSearch',
      'geminiUrlContext',
    ]);
    expect(passiveSkills({ ...base, provider: 'gemini' })).toEqual([]);
    expect(passiveSkills({ ...base, ...allOn })).toEqual([]);
  });

  it("shows the provider's own toggles and never hides one that is on under another provider", () => {
    expect(visibleSkills({ ...base, provider: 'xai_responses' }).map((r) => r.field)).toEqual([
      'xaiWebSearch',
      'xaiXSearch',
    ]);
    expect(visibleSkills({ ...base, provider: 'anthropic' })).toEqual([]);
    const rows = visibleSkills({ ...base, provider: 'open_ai_responses', googleSearch: true });
    expect(rows).toEqual([
      { field: 'googleSearch', provider: 'gemini', misconfigured: true },
      { field: 'openaiWebSearch', provider: 'open_ai_responses', misconfigured: false },
      { field: 'openaiReasoningPro', provider: 'open_ai_responses', misconfigured: false },
    ]);
  });

  it('uses the detected provider when none is chosen', () => {
    expect(visibleSkills({ provider: null, baseUrl: DEFAULT_BASE_URL.gemini })).toEqual([]);
    const rows = visibleSkills({ provider: null, baseUrl: DEFAULT_BASE_URL.gemini, googleSearch: true });
    expect(rows).toEqual([{ field: 'googleSearch', provider: 'gemini', misconfigured: true }]);
  });
});

describe('effort', () => {
  it('is the core set, without minimal', () => {
    expect([...EFFORTS]).toEqual([...CORE_EFFORTS]);
    expect(TEMPLATE_DEFAULTS.effort).toBeNull();
  });

  it('says what each wire does with the chosen level', () => {
    expect(effortNote('anthropic', null)).toBeNull();
    expect(effortNote('anthropic', 'low')).toBe('ignored');
    expect(effortNote('xai_responses', 'max')).toBe('ignored');
    expect(effortNote('open_ai_compat', 'high')).toBeNull();
    expect(effortNote('open_ai_compat', 'xhigh')).toBe('lowered_to_high');
    expect(effortNote('open_ai_compat', 'max')).toBe('lowered_to_high');
    expect(effortNote('meta_responses', 'max')).toBe('mapped_to_xhigh');
    expect(effortNote('meta_responses', 'xhigh')).toBeNull();
    expect(effortNote('open_ai_responses', 'max')).toBeNull();
    expect(effortNote('gemini', 'max')).toBeNull();
    expect(effortNote('perplexity_responses', 'high')).toBeNull();
    expect(effortNote('perplexity_responses', 'xhigh')).toBe('perplexity_capped_at_high');
    expect(effortNote('perplexity_responses', 'max')).toBe('perplexity_capped_at_high');
  });
});

describe('the path each wire appends to the base URL (the hint under the field)', () => {
  const models = ['gpt-5', 'gemini-2.5-pro', 'claude-sonnet-4-5', 'tuned/model name'];
  it.each(PROVIDERS.map((p) => [p] as const))('%s: the core providerPath, for any model', (provider) => {
    for (const model of models) expect(providerPath(provider, model)).toBe(coreProviderPath(provider, model));
  });

  it('is the real path per wire, not /chat/completions for all', () => {
    expect(providerPath('anthropic', 'x')).toBe('/messages');
    expect(providerPath('open_ai_responses', 'gpt-5')).toBe('/responses');
    expect(providerPath('gemini', 'gemini-2.5-pro')).toBe('/models/gemini-2.5-pro:generateContent');
    // No model typed yet: the placeholder, not an empty segment.
    expect(providerPath('gemini', '')).toBe('/models/{model}:generateContent');
  });
});

describe('what the editor says is not sent', () => {
  it('temperature: only OpenAI Responses drops it, for every model but the chat models it knows', () => {
    expect(temperatureNotSent('open_ai_responses', 'gpt-5')).toBe(true);
    expect(temperatureNotSent('open_ai_responses', 'o3-pro')).toBe(true);
    expect(temperatureNotSent('open_ai_responses', 'gpt-6')).toBe(true);
    expect(temperatureNotSent('open_ai_responses', 'gpt-4o')).toBe(false);
    expect(temperatureNotSent('open_ai_responses', ' ')).toBe(false);
    for (const provider of PROVIDERS.filter((p) => p !== 'open_ai_responses')) {
      expect(temperatureNotSent(provider, 'gpt-5'), provider).toBe(false);
    }
  });

  it('effort: OpenAI Responses sends no reasoning block to the chat models it knows', () => {
    expect(effortNote('open_ai_responses', 'high', 'gpt-4o')).toBe('not_sent_to_chat_model');
    expect(effortNote('open_ai_responses', 'high', 'gpt-5')).toBeNull();
    expect(effortNote('open_ai_responses', null, 'gpt-4o')).toBeNull();
  });
});

describe('the notes under the toggles', () => {
  it('OpenAI and xAI search say the provider bills the calls; pro mode says what it costs', () => {
    expect(SKILL_NOTES.openaiWebSearch).toContain('searchBilled');
    expect(SKILL_NOTES.xaiWebSearch).toContain('searchBilled');
    expect(SKILL_NOTES.xaiXSearch).toContain('searchBilled');
    expect(SKILL_NOTES.openaiReasoningPro).toEqual(['reasoningProMode', 'reasoningProCost']);
  });

  it('has a row for every toggle, and leaves Perplexity its per-call fees', () => {
    expect(Object.keys(SKILL_NOTES).sort()).toEqual([...SKILL_FIELDS].sort());
    expect(SKILL_CALL_FEE_USD).toEqual({
      perplexityFinanceSearch: 0.005,
      perplexityPeopleSearch: 0.005,
      perplexityFetchUrl: 0.0005,
    });
  });
});
