import { describe, expect, it } from 'vitest';
import { EXTRA_ERROR_CODES, LEDGER_ERROR_CODES } from '../../../src/domain/errors.ts';
import { formatError } from '../i18n.ts';
import enErrors from '../locales/en/errors.json';
import jaErrors from '../locales/ja/errors.json';
import { errorText } from './error-text.ts';
import type { ErrorPayload } from './types.ts';

const payload = (code: string, message: string): ErrorPayload => ({
  code: code as ErrorPayload['code'],
  message,
  detail: null,
  agentId: null,
  retryable: false,
});

const occurrences = (text: string, part: string) => text.split(part).length - 1;

describe('core error display', () => {
  it('has its own text for every code in both languages', () => {
    for (const code of [...LEDGER_ERROR_CODES, ...EXTRA_ERROR_CODES]) {
      expect((jaErrors as Record<string, string>)[code], `ja ${code}`).toBeTruthy();
      expect((enErrors as Record<string, string>)[code], `en ${code}`).toBeTruthy();
    }
  });

  it('leads with the code text in the UI language and keeps the server message as detail', () => {
    const error = payload('SESSION_NOT_FOUND', 'no session abc');
    expect(formatError(error, 'ja')).toBe('会話が見つかりません（no session abc）');
    expect(formatError(error, 'en')).toBe(`${enErrors.SESSION_NOT_FOUND} (no session abc)`);
  });

  it('never shows the same text twice', () => {
    for (const language of ['ja', 'en'] as const) {
      const own = (language === 'ja' ? jaErrors : enErrors).MAILBOX_FULL;
      for (const message of [own, `${own}.`, own.toUpperCase(), `  ${own}  `]) {
        const shown = formatError(payload('MAILBOX_FULL', message), language);
        expect(occurrences(shown.toLowerCase(), own.toLowerCase()), `${language}: ${message}`).toBe(1);
        expect(shown).not.toMatch(/[(（]/);
      }
      const longer = `${own}: Alice`;
      expect(formatError(payload('MAILBOX_FULL', longer), language)).toBe(longer);
    }
  });

  it('shows the code text alone for an empty message and the message alone for an unknown code', () => {
    expect(formatError(payload('INTERNAL', ''), 'ja')).toBe(jaErrors.INTERNAL);
    expect(formatError(payload('NO_SUCH_CODE', 'what happened'), 'ja')).toBe('what happened');
    expect(errorText(payload('X', 'm'), null, 'en')).toBe('m');
  });

  it('puts no English code text in the Japanese UI', () => {
    const error = payload('BROWSER_NOT_RUNNING', 'the browser is not running');
    const shown = formatError(error, 'ja');
    expect(shown.startsWith(jaErrors.BROWSER_NOT_RUNNING)).toBe(true);
  });
});
