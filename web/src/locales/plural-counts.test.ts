import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createI18n } from 'vue-i18n';

const root = fileURLToPath(new URL('.', import.meta.url));
const read = (language: string, file: string) =>
  JSON.parse(readFileSync(`${root}/${language}/${file}.json`, 'utf8')) as Record<string, unknown>;
const FILES = readdirSync(`${root}/en`)
  .filter((f) => f.endsWith('.json'))
  .map((f) => f.slice(0, -'.json'.length));
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

/** Every English message as [key, text]. */
function englishMessages(): [string, string][] {
  const out: [string, string][] = [];
  const walk = (value: unknown, key: string) => {
    if (typeof value === 'string') out.push([key, value]);
    else if (value && typeof value === 'object')
      for (const [k, v] of Object.entries(value)) walk(v, key ? `${key}.${k}` : k);
  };
  walk(messages.en, '');
  return out;
}

const COUNT_NOUNS =
  'servants|tokens|characters|chars|turns|days|calls|times|messages|files|items|entries|bytes|seconds|' +
  'minutes|hours|attempts|notes|schedules|tools|folders|paths|lines|rows|records|others|requests|conversations';
const COUNT_PHRASE = new RegExp(`\\{\\w+\\}(?: [a-z]+)? (?:effective )?(?:${COUNT_NOUNS})\\b`);
/** Counts that are fixed limits, never 1 (a bound named in the text, not a count of things). */
const FIXED_LIMITS = new Set([
  'agentSettings.tools.useDefaultHint',
  'agentSettings.rag.refused.tooMany',
  'agentSettings.rag.refused.tooLong',
  'settings.user.nameCount',
  'settings.user.errors.tooLong',
  'settings.askTimeout.errors.outOfRange',
]);

describe('wording slips (issue 25: "asked 1 times", "1 servant(s)", "not a OpenAI-compatible")', () => {
  it('no English message hedges a plural with "(s)"', () => {
    expect(englishMessages().filter(([, text]) => /\w\((?:s|es)\)/.test(text))).toEqual([]);
  });

  it('no English message puts "a" or "an" before a filled-in word (the article depends on it)', () => {
    expect(englishMessages().filter(([, text]) => /\ban? \{\w+\}/i.test(text))).toEqual([]);
  });

  it('every English count of things has a singular form', () => {
    const slips = englishMessages().filter(
      ([key, text]) => COUNT_PHRASE.test(text) && !text.includes(' | ') && !FIXED_LIMITS.has(key),
    );
    expect(slips).toEqual([]);
  });

  it('the counts fixed in issue 25 read right at 1 and at 2', () => {
    // [key, the parameter that carries the count, other parameters, at 1, at 2]
    const cases: [string, string, Record<string, unknown>, string, string][] = [
      ['sessions.summarizeDone', 'n', {}, 'of 1 servant', 'conversations of 2 servants'],
      ['agents.tokens', 'n', {}, '1 token', '2 tokens'],
      ['ordinance.chars', 'count', {}, '1 character', '2 characters'],
      ['stats.dropped', 'n', { limit: 50 }, '1 older turn is', '2 older turns are'],
      ['stats.money.unregistered', 'turns', { models: 'm' }, '(1 turn)', '(2 turns)'],
      ['status.servants', 'total', { running: 0 }, '0 of 1 servant running', '0 of 2 servants running'],
      ['toast.toolLimit', 'max', { agent: 'A' }, '(1 call)', '(2 calls)'],
      ['toast.toolRepeat', 'repeats', { agent: 'A', tool: 'grep' }, 'repeated once', 'repeated 2 times'],
      ['work.bundleChars', 'n', {}, 'bundle 1 char', 'bundle 2 chars'],
      ['work.msgChars', 'n', {}, 'request 1 char', 'request 2 chars'],
      ['chat.toolStoreCut', 'chars', {}, '1 more character was', '2 more characters were'],
      ['chat.toolShowAll', 'chars', {}, '(1 character)', '(2 characters)'],
      ['chat.ringTitle', 'total', { used: 1 }, 'length 1 token', 'length 2 tokens'],
      [
        'chatMessage.budgetStop.ceilingOnly',
        'ceiling',
        {},
        '1 effective token per',
        '2 effective tokens per',
      ],
      ['settings.tokens.current', 'value', {}, '1 effective token', '2 effective tokens'],
      ['stats.cacheWrite', 'n', { h: 0 }, 'writes 1 token', 'writes 2 tokens'],
    ];
    for (const [key, name, params, one, two] of cases) {
      i18n.global.locale.value = 'en';
      // The count as the call sites pass it: often formatted as text, the number as the third argument.
      const withN = (n: number) => i18n.global.t(key, { ...params, [name]: String(n) }, n);
      expect(withN(1), key).toContain(one);
      expect(withN(2), key).toContain(two);
    }
    const asOf = (days: number) => {
      i18n.global.locale.value = 'en';
      return i18n.global.t('stats.money.asOf', { date: 'd', days }, days);
    };
    expect([asOf(0), asOf(1), asOf(3)]).toEqual(['d (today)', 'd (1 day ago)', 'd (3 days ago)']);
    i18n.global.locale.value = 'ja';
    expect(i18n.global.t('stats.money.asOf', { date: 'd', days: 3 }, 3)).toBe('d (3 日前)');
  });

  it('the tour names the templates button for what it shows: a chip, not a cog', () => {
    for (const language of ['en', 'ja'] as const) {
      i18n.global.locale.value = language;
      expect(i18n.global.t('tour.templates.body')).not.toMatch(/cog|gear|歯車/i);
    }
  });
});

/** Calls in web/src that pass named parameters to a message with plural forms but no count. */
describe('plural messages are called with their count', () => {
  it('every t(key, {…}) of a message with " | " passes the count as its third argument', () => {
    const plural = new Set(
      englishMessages()
        .filter(([, text]) => text.includes(' | '))
        .map(([key]) => key),
    );
    const src = fileURLToPath(new URL('..', import.meta.url));
    const files = readdirSync(src, { recursive: true, encoding: 'utf8' }).filter(
      (f) => /\.(vue|ts)$/.test(f) && !f.endsWith('.test.ts'),
    );
    const missing: string[] = [];
    // t('key', { … }) closed right after the object (no nested braces in these objects).
    const call = /\bt\(\s*'([\w.]+)'\s*,\s*\{[^{}]*\}\s*,?\s*\)/g;
    for (const file of files) {
      const text = readFileSync(`${src}/${file}`, 'utf8');
      for (const match of text.matchAll(call))
        if (plural.has(match[1]!)) missing.push(`${file}: ${match[0]}`);
    }
    expect(plural.size).toBeGreaterThan(20);
    expect(missing).toEqual([]);
  });
});
