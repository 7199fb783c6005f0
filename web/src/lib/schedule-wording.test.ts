import { describe, expect, it } from 'vitest';
import { createI18n } from 'vue-i18n';
import en from '../locales/en/schedules.json';
import ja from '../locales/ja/schedules.json';
import {
  acceptanceDisplay,
  clockText,
  probeDisplay,
  recurrenceText,
  type Translate,
} from './schedule-wording.ts';
import type { Recurrence } from './types.ts';

// The real dictionaries through the real vue-i18n, so the plural forms are tested as the UI uses them.
function translator(locale: 'ja' | 'en'): Translate {
  const i18n = createI18n({
    legacy: false,
    locale,
    messages: { ja: { schedules: ja }, en: { schedules: en } },
  });
  const t = i18n.global.t as unknown as (
    key: string,
    named: Record<string, unknown>,
    plural?: number,
  ) => string;
  return (key, named = {}, plural) => (plural === undefined ? t(key, named) : t(key, named, plural));
}

const cases: [Recurrence, string, string][] = [
  [{ kind: 'interval', everyMinutes: 30 }, 'every 30 minutes', '30分ごと'],
  [{ kind: 'interval', everyMinutes: 1 }, 'every minute', '1分ごと'],
  [{ kind: 'interval', everyMinutes: 60 }, 'every hour', '1時間ごと'],
  [{ kind: 'interval', everyMinutes: 180 }, 'every 3 hours', '3時間ごと'],
  [{ kind: 'interval', everyMinutes: 90 }, 'every 90 minutes', '90分ごと'],
  [{ kind: 'daily', hour: 9, minute: 0 }, 'daily at 09:00', '毎日 09:00'],
  [{ kind: 'daily', hour: 23, minute: 5 }, 'daily at 23:05', '毎日 23:05'],
  [{ kind: 'weekly', weekday: 'mon', hour: 9, minute: 0 }, 'every Monday at 09:00', '毎週月曜日 09:00'],
  [{ kind: 'weekly', weekday: 'sun', hour: 0, minute: 30 }, 'every Sunday at 00:30', '毎週日曜日 00:30'],
];

describe('recurrence in words', () => {
  it.each(cases)('%o reads “%s” / “%s”', (recurrence, english, japanese) => {
    expect(recurrenceText(recurrence, translator('en'))).toBe(english);
    expect(recurrenceText(recurrence, translator('ja'))).toBe(japanese);
  });

  it('pads the clock to HH:MM', () => {
    expect(clockText(7, 3)).toBe('07:03');
  });
});

describe('probeDisplay', () => {
  it('is null before the probe has run, else a key that exists in both languages', () => {
    expect(probeDisplay({ lastProbe: null })).toBeNull();
    const reports = [
      { outcome: 'match', reason: null },
      { outcome: 'no_match', reason: null },
      { outcome: 'timeout', reason: null },
      { outcome: 'unapproved', reason: null },
      { outcome: 'error', reason: 'not_found' },
      { outcome: 'error', reason: 'signal_truncated' },
    ] as const;
    for (const report of reports) {
      const key = probeDisplay({ lastProbe: { ...report, atMs: 1 } });
      expect(key).not.toBeNull();
      for (const locale of ['ja', 'en'] as const) {
        expect(translator(locale)(key as string)).not.toBe(key);
      }
    }
    expect(probeDisplay({ lastProbe: { outcome: 'error', reason: 'cwd_missing', atMs: 1 } })).toBe(
      'schedules.probeResult.error_cwd_missing',
    );
  });
});

describe('acceptanceDisplay', () => {
  it('is null before a check ran, and names the outcome and an error reason in its own words', () => {
    expect(acceptanceDisplay({ lastAcceptance: null })).toBeNull();
    const report = { reason: null, atMs: 1, attempt: 2, maxAttempts: 2 };
    expect(acceptanceDisplay({ lastAcceptance: { ...report, outcome: 'no_match' } })).toBe(
      'schedules.acceptanceResult.no_match',
    );
    expect(acceptanceDisplay({ lastAcceptance: { ...report, outcome: 'error', reason: 'not_found' } })).toBe(
      'schedules.acceptanceResult.error_not_found',
    );
  });
});
