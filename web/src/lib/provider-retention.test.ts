import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DEFAULT_BASE_URL, PROVIDERS, SKILL_FIELDS, passiveSkills } from './provider-skills.ts';
import { META_FILE_DELETION_STEPS, RETAINS_SENT_FILES, retainsSentFiles } from './provider-retention.ts';

const META = 'https://api.meta.ai/v1';

describe('retainsSentFiles: the Meta file-retention notice of the template editor', () => {
  it('shows for a Meta Responses template', () => {
    expect(retainsSentFiles({ provider: 'meta_responses', baseUrl: META })).toBe(true);
  });

  it('shows for a Meta template behind another URL (a proxy still sends to Meta)', () => {
    expect(retainsSentFiles({ provider: 'meta_responses', baseUrl: 'http://127.0.0.1:8080/v1' })).toBe(true);
  });

  it('shows for any wire pointed at api.meta.ai: the compat endpoint kept files too (measured)', () => {
    expect(retainsSentFiles({ provider: 'open_ai_compat', baseUrl: META })).toBe(true);
    expect(retainsSentFiles({ provider: null, baseUrl: 'https://API.meta.ai/v1/' })).toBe(true);
  });

  it.each(PROVIDERS.filter((p) => p !== 'meta_responses'))(
    'does not show for %s on its own default URL',
    (provider) => {
      expect(retainsSentFiles({ provider, baseUrl: DEFAULT_BASE_URL[provider] })).toBe(false);
    },
  );

  it('no other provider is marked as keeping files; a look-alike host is not Meta', () => {
    expect(PROVIDERS.filter((p) => RETAINS_SENT_FILES[p])).toEqual(['meta_responses']);
    expect(retainsSentFiles({ provider: null, baseUrl: 'https://api.meta.ai.example.com/v1' })).toBe(false);
    expect(retainsSentFiles({ provider: null, baseUrl: '' })).toBe(false);
  });

  it('is not a passive skill: a Meta template’s working skills are only its toggles', () => {
    const template = { provider: 'meta_responses' as const, baseUrl: META, metaWebSearch: false };
    expect(passiveSkills(template)).toEqual([]);
    expect(SKILL_FIELDS.some((field) => /retain|file/i.test(field))).toBe(false);
  });
});

describe('the notice text in both languages', () => {
  const retention = (language: 'ja' | 'en') => {
    const file = new URL(`../locales/${language}/templates.json`, import.meta.url);
    return (JSON.parse(readFileSync(file, 'utf8')) as { retention: Record<string, unknown> }).retention;
  };
  const flat = (value: unknown): string =>
    typeof value === 'string'
      ? value
      : Object.values(value as Record<string, unknown>)
          .map(flat)
          .join('\n');

  it.each(['ja', 'en'] as const)(
    '%s: the observed facts, a step per deletion call, the list lag',
    (language) => {
      const text = retention(language);
      expect(text.body).toMatch(/expires_at null/);
      expect(text.body).toMatch(/user_data/);
      expect(text.notDeleted).toMatch(/Fuseforks/);
      expect(Object.keys(text.steps as object)).toEqual(META_FILE_DELETION_STEPS.map(({ step }) => step));
      expect((text.steps as Record<string, string>).confirm).toMatch(/404 file_not_found/);
      expect(text.lag).toMatch(/20/);
    },
  );

  it.each(['ja', 'en'] as const)(
    '%s never says the files are used for training (a policy, not an observation)',
    (language) => {
      expect(flat(retention(language))).not.toMatch(/train|learn|学習|訓練/i);
    },
  );

  it('the deletion calls are the measured ones, in order', () => {
    expect(META_FILE_DELETION_STEPS.map(({ call }) => call)).toEqual([
      'GET /v1/files',
      'DELETE /v1/files/{id}',
      'GET /v1/files/{id}',
    ]);
  });
});
