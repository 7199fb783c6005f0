import { describe, expect, it, vi } from 'vitest';
import type { ModelTemplateId } from '../../domain/ids.ts';
import { TEMPLATE_DEFAULTS, type ModelTemplate } from '../../domain/template.ts';
import {
  priceLookupFromTemplates,
  priceTurns,
  resolvePrices,
  type PriceBuckets,
  type TemplatePrices,
} from './pricing.ts';
import { turn } from './test-turns.ts';

const FULL: TemplatePrices = {
  inputPerMtok: 3,
  outputPerMtok: 15,
  cacheReadPerMtok: 0.3,
  cacheWritePerMtok: 3.75,
  cacheWrite1hPerMtok: 6,
  pricingAsOf: '2026-08-01',
};

const UNSET: TemplatePrices = {
  inputPerMtok: null,
  outputPerMtok: null,
  cacheReadPerMtok: null,
  cacheWritePerMtok: null,
  cacheWrite1hPerMtok: null,
};

// 1,000 plain input + 6,000 cache reads + 2,000 5-minute writes + 1,000 1-hour writes; 2,000 output.
const T = turn({
  model: 'm',
  prompt: 10_000,
  cached: 6_000,
  cacheWrite: 3_000,
  cacheWrite1h: 1_000,
  completion: 2_000,
  reasoning: 500,
});

const tokensSum = (b: PriceBuckets) => b.input + b.output + b.cacheRead + b.cacheWrite + b.cacheWrite1h;

function priceOne(prices: TemplatePrices) {
  const report = priceTurns([T], new Map([['m', prices]]));
  const row = report.byModel[0];
  if (!row) throw new Error('no row');
  return { report, row };
}

describe('priceTurns: five prices', () => {
  it('prices each class at its own price (reasoning is inside output, not added)', () => {
    const { report, row } = priceOne(FULL);
    expect(row.tokens).toEqual({
      input: 1000,
      output: 2000,
      cacheRead: 6000,
      cacheWrite: 2000,
      cacheWrite1h: 1000,
    });
    // 1000×3 + 2000×15 + 6000×0.3 + 2000×3.75 + 1000×6 = 48,300 per 1M
    expect(row.usd).toBeCloseTo(0.0483, 12);
    expect(report).toMatchObject({
      currency: 'USD',
      pricedTokens: 12_000,
      excludedTokens: 0,
      excludedTurns: 0,
      coverage: 1,
      unregisteredModels: [],
    });
    expect(report.usd).toBeCloseTo(0.0483, 12);
    expect(row).toMatchObject({ status: 'priced', turns: 1, pricingAsOf: '2026-08-01' });
  });
});

describe('priceTurns: fallbacks', () => {
  it('cacheWrite1h falls back to cacheWrite; the 1h tokens stay in the cache-write bucket', () => {
    const { row } = priceOne({ ...FULL, cacheWrite1hPerMtok: null });
    expect(row.prices?.cacheWrite1h).toBe(3.75);
    expect(row.tokens).toMatchObject({ input: 1000, cacheWrite: 3000, cacheWrite1h: 0 });
    expect(row.usd).toBeCloseTo((3000 + 30_000 + 1800 + 11_250) / 1e6, 12);
    expect(tokensSum(row.tokens)).toBe(12_000);
  });

  it('cacheWrite1h -> cacheWrite -> input: writes stay in the plain input', () => {
    const { row } = priceOne({ ...FULL, cacheWritePerMtok: null, cacheWrite1hPerMtok: null });
    expect(row.prices).toMatchObject({ cacheWrite: 3, cacheWrite1h: 3 });
    expect(row.tokens).toMatchObject({ input: 4000, cacheWrite: 0, cacheWrite1h: 0, cacheRead: 6000 });
    expect(row.usd).toBeCloseTo((12_000 + 30_000 + 1800) / 1e6, 12);
    expect(tokensSum(row.tokens)).toBe(12_000);
  });

  it('a set 1h price with an unset cacheWrite price keeps the 1h tokens; the other writes fall to input', () => {
    const { row } = priceOne({ ...FULL, cacheWritePerMtok: null });
    expect(row.tokens).toMatchObject({ input: 3000, cacheWrite: 0, cacheWrite1h: 1000 });
    expect(row.usd).toBeCloseTo((9000 + 30_000 + 1800 + 6000) / 1e6, 12);
  });

  it('cacheRead falls back to input; the reads stay in the plain input', () => {
    const { row } = priceOne({ ...FULL, cacheReadPerMtok: null });
    expect(row.prices?.cacheRead).toBe(3);
    expect(row.tokens).toMatchObject({ input: 7000, cacheRead: 0 });
    expect(row.usd).toBeCloseTo((21_000 + 30_000 + 7500 + 6000) / 1e6, 12);
    expect(tokensSum(row.tokens)).toBe(12_000);
  });

  it('with only input and output, every prompt token is plain input', () => {
    const { row } = priceOne({ ...UNSET, inputPerMtok: 3, outputPerMtok: 15 });
    expect(row.tokens).toEqual({ input: 10_000, output: 2000, cacheRead: 0, cacheWrite: 0, cacheWrite1h: 0 });
    expect(row.usd).toBeCloseTo(0.06, 12);
    expect(row.pricingAsOf).toBeNull();
  });

  it('treats a negative or non-finite price as unset', () => {
    const { row } = priceOne({ ...FULL, cacheReadPerMtok: -1, cacheWrite1hPerMtok: Number.NaN });
    expect(row.prices).toMatchObject({ cacheRead: 3, cacheWrite1h: 3.75 });
  });
});

describe('priceTurns: unregistered and unpriced tokens', () => {
  it('excludes a model with neither input nor output price from the total and reports it', () => {
    const free = turn({ model: 'free', prompt: 500, cached: 100, completion: 50 });
    const report = priceTurns(
      [T, free, free],
      new Map([
        ['m', FULL],
        ['free', { ...UNSET, cacheReadPerMtok: 0.1 }],
      ]),
    );
    expect(report.usd).toBeCloseTo(0.0483, 12);
    expect(report.excludedTurns).toBe(2);
    expect(report.excludedTokens).toBe(1100);
    expect(report.pricedTokens).toBe(12_000);
    expect(report.coverage).toBeCloseTo(12_000 / 13_100, 12);
    expect(report.unregisteredModels).toEqual(['free']);
    const row = report.byModel.find((r) => r.model === 'free');
    expect(row).toMatchObject({ status: 'unregistered', prices: null, usd: 0, turns: 2, pricedTokens: 0 });
    expect(row?.tokens).toEqual({ input: 1000, output: 100, cacheRead: 0, cacheWrite: 0, cacheWrite1h: 0 });
  });

  it('treats a model without a template as unregistered, through a lookup function', () => {
    const lookup = vi.fn((model: string) => (model === 'm' ? FULL : null));
    const report = priceTurns([T, turn({ model: 'ghost', prompt: 7 })], lookup);
    expect(report.unregisteredModels).toEqual(['ghost']);
    expect(report.excludedTokens).toBe(7);
    expect(lookup).toHaveBeenCalledTimes(2);
  });

  it('keeps a model with one of input/output set, excluding only the tokens without a price', () => {
    const { report, row } = priceOne({ ...UNSET, inputPerMtok: 3 });
    expect(row.status).toBe('priced');
    expect(row.prices?.output).toBeNull();
    expect(row).toMatchObject({ pricedTokens: 10_000, excludedTokens: 2000 });
    expect(row.usd).toBeCloseTo(0.03, 12);
    expect(report.excludedTurns).toBe(0);
    expect(report.unregisteredModels).toEqual([]);

    const outputOnly = priceOne({ ...UNSET, outputPerMtok: 15, cacheReadPerMtok: 0.3 }).row;
    // Reads have their own price; the writes fall back to an unset input and stay in it.
    expect(outputOnly.tokens).toMatchObject({ input: 4000, cacheRead: 6000 });
    expect(outputOnly).toMatchObject({ pricedTokens: 8000, excludedTokens: 4000 });
    expect(outputOnly.usd).toBeCloseTo((30_000 + 1800) / 1e6, 12);
  });

  it('is empty and zero for no turns', () => {
    expect(priceTurns([], () => FULL)).toEqual({
      currency: 'USD',
      usd: 0,
      pricedTokens: 0,
      excludedTokens: 0,
      excludedTurns: 0,
      coverage: 0,
      unregisteredModels: [],
      byModel: [],
    });
  });
});

describe('priceTurns: clamped subtractions', () => {
  it('never goes negative when cacheWrite1h > cacheWrite or cached + writes > prompt', () => {
    const bad = turn({
      model: 'm',
      prompt: 100,
      cached: 80,
      cacheWrite: 50,
      cacheWrite1h: 70,
      completion: 1,
    });
    const row = priceTurns([bad], () => FULL).byModel[0];
    expect(row?.tokens).toEqual({ input: 0, output: 1, cacheRead: 80, cacheWrite: 0, cacheWrite1h: 70 });
    expect(row?.usd).toBeGreaterThanOrEqual(0);
  });

  it('resolves prices first: fallen reads are never subtracted and added back', () => {
    // cached > prompt (inconsistent). Reads fall back to input and stay inside prompt: 100 input tokens,
    // not max(0, 100 − 150) + 150 = 150.
    const bad = turn({ model: 'm', prompt: 100, cached: 150 });
    const row = priceTurns([bad], () => ({ ...UNSET, inputPerMtok: 1, outputPerMtok: 1 })).byModel[0];
    expect(row?.tokens.input).toBe(100);
    expect(row?.usd).toBeCloseTo(100 / 1e6, 15);
  });
});

describe('resolvePrices', () => {
  it('is null (unregistered) when both input and output are unset, or when there is no template', () => {
    expect(resolvePrices(UNSET)).toBeNull();
    expect(resolvePrices({ ...UNSET, cacheReadPerMtok: 1, cacheWritePerMtok: 1 })).toBeNull();
    expect(resolvePrices(null)).toBeNull();
    expect(resolvePrices(undefined)).toBeNull();
  });

  it('accepts a price of 0 as set', () => {
    expect(resolvePrices({ ...UNSET, inputPerMtok: 0, outputPerMtok: 0 })).toEqual({
      input: 0,
      output: 0,
      cacheRead: 0,
      cacheWrite: 0,
      cacheWrite1h: 0,
    });
  });
});

describe('priceLookupFromTemplates', () => {
  const template = (id: string, model: string, prices: Partial<TemplatePrices>): ModelTemplate => ({
    ...TEMPLATE_DEFAULTS,
    id: id as ModelTemplateId,
    name: id,
    baseUrl: 'https://example.invalid',
    model,
    ...prices,
  });

  it('uses the first template of a model that has a registered price', () => {
    const lookup = priceLookupFromTemplates([
      template('t1', 'm', {}),
      template('t2', 'm', { inputPerMtok: 2, outputPerMtok: 8 }),
      template('t3', 'm', { inputPerMtok: 9, outputPerMtok: 9 }),
      template('t4', 'n', {}),
    ]);
    expect(lookup('m')).toMatchObject({ inputPerMtok: 2 });
    expect(resolvePrices(lookup('n'))).toBeNull();
    expect(lookup('missing')).toBeNull();
  });

  it('accepts a Map of ModelTemplate directly', () => {
    const report = priceTurns([T], new Map([['m', template('t', 'm', FULL)]]));
    expect(report.usd).toBeCloseTo(0.0483, 12);
  });
});
