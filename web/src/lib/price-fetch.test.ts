import { describe, expect, it } from 'vitest';
import { fetchProblem, fillFromTable, joinSentences } from './price-fetch.ts';
import ja from '../locales/ja/templates.json';
import en from '../locales/en/templates.json';
import { emptyForm, localDate } from './template-form.ts';
import type { ErrorPayload, FetchedPrices } from './types.ts';

const fetched = (over: Partial<FetchedPrices> = {}): FetchedPrices => ({
  model: 'claude-sonnet-4-5',
  host: 'prices.example',
  prices: { inputPerMtok: 3, outputPerMtok: 15, cacheReadPerMtok: 0.3 },
  contextLength: 200000,
  entries: 3,
  dropped: 0,
  withContext: 1,
  ...over,
});

const NOW = new Date(2026, 8, 20, 15, 0).getTime();

describe('filling the form from the price table', () => {
  it('fills the fetched prices, today as pricingAsOf and the window; leaves the other prices as typed', () => {
    const form = emptyForm();
    form.prices.cacheWritePerMtok = '3.75';
    form.prices.cacheReadPerMtok = '9';
    form.pricingAsOf = '2025-01-01';
    const outcome = fillFromTable(form, fetched(), NOW);
    expect(outcome).toEqual({
      filled: ['inputPerMtok', 'outputPerMtok', 'cacheReadPerMtok'],
      contextFilled: true,
    });
    expect(form.prices).toEqual({
      inputPerMtok: '3',
      outputPerMtok: '15',
      cacheReadPerMtok: '0.3',
      cacheWritePerMtok: '3.75',
      cacheWrite1hPerMtok: '',
    });
    expect(form.pricingAsOf).toBe(localDate(NOW));
    expect(form.contextLength).toBe('200000');
  });

  it('keeps contextLength when the table has no window, and says so', () => {
    const form = emptyForm();
    form.contextLength = '64,000';
    expect(fillFromTable(form, fetched({ contextLength: null }), NOW).contextFilled).toBe(false);
    expect(form.contextLength).toBe('64,000');
  });
});

describe('wording a failed fetch', () => {
  const payload = (code: string, detail: string | null = null) =>
    ({ code, message: 'x', detail, agentId: null, retryable: false }) as ErrorPayload;

  it('names each kind of failure', () => {
    expect(fetchProblem(payload('PRICE_URL_UNSET'), 'm')?.key).toBe('unset');
    expect(fetchProblem(payload('PRICE_URL_INVALID', 'not_https'), 'm')?.key).toBe('invalidUrl');
    expect(fetchProblem(payload('PRICE_FETCH_FAILED', 'unreachable'), 'm')?.key).toBe('unreachable');
    expect(fetchProblem(payload('PRICE_FETCH_FAILED', 'timeout'), 'm')?.key).toBe('timeout');
    expect(fetchProblem(payload('PRICE_FETCH_FAILED', 'tls'), 'm')?.key).toBe('tls');
    expect(fetchProblem(payload('PRICE_FETCH_FAILED', 'http_404'), 'm')?.key).toBe('notFoundAtUrl');
    expect(fetchProblem(payload('PRICE_FETCH_FAILED', 'http_503'), 'm')).toEqual({
      key: 'httpStatus',
      params: { status: '503' },
    });
    expect(fetchProblem(payload('PRICE_FETCH_FAILED', 'too_large'), 'm')?.key).toBe('tooLarge');
    expect(fetchProblem(payload('PRICE_TABLE_INVALID', 'bad_json'), 'm')?.key).toBe('badTable');
    expect(fetchProblem(payload('PRICE_NOT_FOUND', 'gpt-x'), 'gpt-x')).toEqual({
      key: 'modelNotFound',
      params: { model: 'gpt-x' },
    });
    expect(fetchProblem(payload('INVALID_ARGUMENT'), ' ')?.key).toBe('noModel');
    expect(fetchProblem(payload('CONFIG_IO'), 'm')).toBeNull();
  });
});

describe('the note after a fetch', () => {
  const fill = (text: string, params: Record<string, string>) =>
    text.replace(/\{(\w+)\}/g, (_, name: string) => params[name]!);
  const note = (messages: typeof en, context: boolean) =>
    joinSentences([
      fill(messages.pricing.fetch.filled, { fields: 'X', host: 'prices.example' }),
      context ? fill(messages.pricing.fetch.noContext, { model: 'gpt-4o-mini' }) : null,
    ]);

  it('puts a space between the two English sentences (it was "(not saved yet).The context")', () => {
    expect(note(en, true)).toBe(
      'Filled X from the table at prices.example (not saved yet). ' +
        'The context length was not filled: the table has no value for gpt-4o-mini.',
    );
    expect(note(en, false)).toBe('Filled X from the table at prices.example (not saved yet).');
  });

  it('puts none between Japanese sentences', () => {
    expect(note(ja, true)).toBe(
      'prices.example の表から X を入れました（まだ保存していません）。' +
        'コンテキスト長は表に gpt-4o-mini の値が無いため入れていません。',
    );
  });

  it('skips missing sentences', () => {
    expect(joinSentences([null, 'One.', '  ', 'Two.'])).toBe('One. Two.');
    expect(joinSentences([])).toBe('');
  });
});
