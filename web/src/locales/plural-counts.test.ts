import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createI18n } from 'vue-i18n';

const root = fileURLToPath(new URL('.', import.meta.url));
const read = (language: string, file: string) =>
  JSON.parse(readFileSync(`${root}/${language}/${file}.json`, 'utf8')) as Record<string, unknown>;
const FILES = ['approvals', 'sessions', 'chat'];
const messages = Object.fromEntries(
  ['en', 'ja'].map((language) => [language, Object.fromEntries(FILES.map((f) => [f, read(language, f)]))]),
);
const i18n = createI18n({ legacy: false, locale: 'en', messages, missingWarn: false, fallbackWarn: false });
const t = (language: 'en' | 'ja', key: string, n: number) => {
  i18n.global.locale.value = language;
  return i18n.global.t(key, { n }, n);
};

// The counts people read say "1 message" and "2 messages" (vue-i18n's `a | b` choice, n as the third argument).
describe('counts shown to people are plural-aware', () => {
  it('search results', () => {
    expect(t('en', 'sessions.searchResults', 1)).toBe('1 matching message');
    expect(t('en', 'sessions.searchResults', 7)).toBe('7 matching messages (newest first, at most 50)');
    expect(t('ja', 'sessions.searchResults', 1)).toBe('一致したメッセージ 1 件（新しい順、最大 50 件）');
  });

  it('approval requests', () => {
    expect(t('en', 'approvals.count', 1)).toBe('asked once');
    expect(t('en', 'approvals.count', 3)).toBe('asked 3 times');
    expect(t('ja', 'approvals.count', 1)).toBe('1 回要求');
  });

  it('recipients, hidden rows and records', () => {
    const ti = (key: string, params: Record<string, unknown>, n: number) => {
      i18n.global.locale.value = 'en';
      return i18n.global.t(key, params, n);
    };
    expect(ti('chat.andOthers', { name: 'Bob', n: 1 }, 1)).toBe('Bob and 1 other');
    expect(ti('chat.andOthers', { name: 'Bob', n: 2 }, 2)).toBe('Bob and 2 others');
    expect(t('en', 'chat.hiddenRows', 1)).toBe('1 row hidden');
    expect(t('en', 'chat.hiddenRows', 4)).toBe('4 rows hidden');
    expect(t('en', 'sessions.records', 1)).toBe('1 record');
    expect(t('en', 'sessions.records', 0)).toBe('0 records');
  });

  it('a message passed between servants says so in words, never "hop"', () => {
    expect(t('en', 'chat.hop', 1)).toBe('passed on once');
    expect(t('en', 'chat.hop', 2)).toBe('passed on 2 times');
    expect(t('ja', 'chat.hop', 1)).toBe('1 回受け渡し');
    for (const language of ['en', 'ja'] as const)
      expect(t(language, 'chat.hop', 1)).not.toMatch(/hop|ホップ/i);
  });
});
