import { describe, expect, it } from 'vitest';
import { CoreError } from '../domain/errors.ts';
import { parsePriceTable, perMtok, readPriceTable, readTableEntry, saneContext } from './table-format.ts';

/** An element as LiteLLM writes it (per-token USD), trimmed to the keys that matter here. */
const claude = {
  max_input_tokens: 200000,
  max_output_tokens: 64000,
  input_cost_per_token: 3e-6,
  output_cost_per_token: 1.5e-5,
  cache_read_input_token_cost: 3e-7,
  cache_creation_input_token_cost: 3.75e-6,
  cache_creation_input_token_cost_above_1hr: 6e-6,
  litellm_provider: 'anthropic',
  mode: 'chat',
};

describe('the price table format (LiteLLM shape)', () => {
  it('converts per-token USD to USD per 1M tokens without binary noise', () => {
    expect(readTableEntry(claude)).toEqual({
      prices: {
        inputPerMtok: 3,
        outputPerMtok: 15,
        cacheReadPerMtok: 0.3,
        cacheWritePerMtok: 3.75,
        cacheWrite1hPerMtok: 6,
      },
      contextLength: 200000,
    });
    expect(perMtok(1.25e-6)).toBe(1.25);
    expect(perMtok(0)).toBe(0);
  });

  it('keeps only the prices the element has (the others stay untouched in the form)', () => {
    const entry = readTableEntry({ input_cost_per_token: 1e-6, output_cost_per_token: 2e-6 });
    expect(entry).toEqual({ prices: { inputPerMtok: 1, outputPerMtok: 2 }, contextLength: null });
    expect(
      readTableEntry({
        input_cost_per_token: 1e-6,
        output_cost_per_token: 2e-6,
        cache_read_input_token_cost: null,
      }),
    ).toEqual(entry);
  });

  it('drops the element for a negative, non-finite, over-limit or non-number price', () => {
    const base = { input_cost_per_token: 1e-6, output_cost_per_token: 2e-6 };
    expect(readTableEntry({ ...base, cache_read_input_token_cost: -1e-7 })).toBeNull();
    expect(readTableEntry({ ...base, output_cost_per_token: Number.POSITIVE_INFINITY })).toBeNull();
    // 1e400 parses to Infinity in JSON.
    expect(
      parsePriceTable('{"m": {"input_cost_per_token": 1e400, "output_cost_per_token": 1e-6}}').dropped,
    ).toBe(1);
    // $1,000/MTok is the limit itself; one step above is not believed.
    expect(readTableEntry({ ...base, input_cost_per_token: 0.001 })?.prices.inputPerMtok).toBe(1000);
    expect(readTableEntry({ ...base, input_cost_per_token: 0.0010001 })).toBeNull();
    expect(readTableEntry({ ...base, cache_creation_input_token_cost: '0.000003' })).toBeNull();
  });

  it('drops an element without both input and output prices', () => {
    expect(readTableEntry({ input_cost_per_token: 1e-6 })).toBeNull();
    expect(readTableEntry({ output_cost_per_token: 1e-6, max_input_tokens: 1000 })).toBeNull();
    expect(readTableEntry('gpt-4o')).toBeNull();
    expect(readTableEntry([1, 2])).toBeNull();
  });

  it('keeps the element but not the window when max_input_tokens is not a sane u32', () => {
    for (const bad of [0, -1, 1.5, 4294967296, '128000', null, Number.NaN]) {
      expect(saneContext(bad), String(bad)).toBeNull();
      const entry = readTableEntry({ ...claude, max_input_tokens: bad });
      expect(entry?.contextLength).toBeNull();
      expect(entry?.prices.inputPerMtok).toBe(3);
    }
    expect(saneContext(1)).toBe(1);
    expect(saneContext(4294967295)).toBe(4294967295);
    expect(saneContext(128000.0)).toBe(128000);
  });

  it('counts usable, dropped and windowed elements; a bad window is not a drop', () => {
    const table = readPriceTable({
      sample_spec: {
        input_cost_per_token: 0,
        output_cost_per_token: 0,
        max_input_tokens: 'max input tokens',
      },
      'claude-sonnet-4-5': claude,
      'no-window': { input_cost_per_token: 1e-6, output_cost_per_token: 1e-6, max_input_tokens: -5 },
      'half-priced': { input_cost_per_token: 1e-6 },
      'too-dear': { input_cost_per_token: 1, output_cost_per_token: 1 },
    });
    expect([...table.entries.keys()]).toEqual(['sample_spec', 'claude-sonnet-4-5', 'no-window']);
    expect(table.dropped).toBe(2);
    expect(table.withContext).toBe(1);
  });

  it('refuses text that is not JSON, or JSON that is not an object of models, with PRICE_TABLE_INVALID', () => {
    for (const [text, detail] of [
      ['<html>not found</html>', 'bad_json'],
      ['[1, 2]', 'not_an_object'],
      ['"table"', 'not_an_object'],
      ['null', 'not_an_object'],
    ] as const) {
      const error = (() => {
        try {
          parsePriceTable(text);
        } catch (e) {
          return e;
        }
        return null;
      })();
      expect(error).toBeInstanceOf(CoreError);
      expect(error).toMatchObject({ code: 'PRICE_TABLE_INVALID', detail });
      expect((error as Error).message).not.toContain('html');
    }
  });

  it('reads model names like "__proto__" and "constructor" as plain keys, never through the prototype', () => {
    const element = { input_cost_per_token: 0.000001, output_cost_per_token: 0.000002 };
    // Raw text: JSON can carry an own `__proto__` key, a JS object literal cannot.
    const text = `{"__proto__": ${JSON.stringify(element)}, "constructor": ${JSON.stringify(element)}}`;
    const table = parsePriceTable(text);
    expect([...table.entries.keys()]).toEqual(['__proto__', 'constructor']);
    expect(table.entries.get('__proto__')?.prices).toEqual({ inputPerMtok: 1, outputPerMtok: 2 });
    // A name the table does not have finds nothing, even one Object.prototype has.
    expect(table.entries.get('toString')).toBeUndefined();
  });
});
