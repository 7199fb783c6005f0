/** The exact `pplx tools:` line per fixture, and when it is written at all (Spec 45 D6). */
import { describe, expect, it } from 'vitest';
import { wireNoteLine } from '../../canonical.ts';
import { perplexityGrounding } from './perplexity-grounding.ts';
import { countPerplexityItems, perplexityToolsNote } from './perplexity-tools-note.ts';
import { readPerplexityUsageExtras } from './perplexity-usage-extras.ts';
import { fixture, outputOf } from './perplexity-test-helpers.ts';

function lineOf(name: string): string | null {
  const body = fixture(name);
  const output = outputOf(body);
  const sources = perplexityGrounding(output, [])?.sources.length ?? 0;
  const note = perplexityToolsNote(
    countPerplexityItems(output),
    sources,
    readPerplexityUsageExtras(body.usage),
  );
  return note === null ? null : wireNoteLine('ザリ', note);
}

describe('pplx tools: line from the fixtures', () => {
  it('web search: no usage detail and no tool cost read empty, not "-" or 0', () => {
    expect(lineOf('pplx-web-search.json')).toBe(
      'pplx tools: finance=0 people=0 fetch=0 web=1 sources=2 invocations= tool_cost_usd=',
    );
  });

  it('finance: the flattened URL count and the cost with six decimals', () => {
    expect(lineOf('pplx-finance-search.json')).toBe(
      'pplx tools: finance=1 people=0 fetch=0 web=0 sources=3 invocations=finance_search:2 tool_cost_usd=0.010000',
    );
  });

  it('finance without max_steps: skill_loaded alone still writes the line (the silent miss shows)', () => {
    expect(lineOf('pplx-finance-skill-only.json')).toBe(
      'pplx tools: finance=0 people=0 fetch=0 web=0 sources=0 invocations= tool_cost_usd=',
    );
  });

  it('people: the usage key as it comes (search_people), the item counted as people', () => {
    expect(lineOf('pplx-people-search.json')).toBe(
      'pplx tools: finance=0 people=1 fetch=0 web=0 sources=2 invocations=search_people:1 tool_cost_usd=0.005000',
    );
  });

  it('fetch_url', () => {
    expect(lineOf('pplx-fetch-url.json')).toBe(
      'pplx tools: finance=0 people=0 fetch=1 web=0 sources=1 invocations=fetch_url:1 tool_cost_usd=0.000500',
    );
  });

  it('no line for a call that used no tool', () => {
    expect(lineOf('pplx-function-call.json')).toBeNull();
  });
});

describe('pplx tools: synthetic usage', () => {
  const NO_ITEMS = countPerplexityItems([]);

  it('lists invocations sorted by key, keys as they come, an entry without a number as `key:`', () => {
    const extras = readPerplexityUsageExtras({
      tool_calls_details: {
        search_web: { invocation: 3 },
        fetch_url: { invocation: 1 },
        search_people: { invocation: 2 },
        Brand_New: { invocation: 1 },
        odd: { calls: 4 },
      },
      cost: { tool_calls_cost: 0.0105, total_cost: 0.9 },
    });
    expect(perplexityToolsNote(NO_ITEMS, 0, extras)?.fields).toBe(
      'finance=0 people=0 fetch=0 web=0 sources=0 ' +
        'invocations=Brand_New:1,fetch_url:1,odd:,search_people:2,search_web:3 tool_cost_usd=0.010500',
    );
  });

  it('uses tool_calls_cost, never total_cost', () => {
    const extras = readPerplexityUsageExtras({
      cost: { total_cost: 0.5 },
      tool_calls_details: { x: { invocation: 1 } },
    });
    expect(extras.toolCostUsd).toBeNull();
    expect(perplexityToolsNote(NO_ITEMS, 0, extras)?.fields).toMatch(/ tool_cost_usd=$/);
  });

  it('writes a reported zero cost as 0.000000 when a tool was at work', () => {
    const counts = countPerplexityItems([{ type: 'search_results', results: [] }]);
    const extras = readPerplexityUsageExtras({ cost: { tool_calls_cost: 0 } });
    expect(perplexityToolsNote(counts, 0, extras)?.fields).toBe(
      'finance=0 people=0 fetch=0 web=1 sources=0 invocations= tool_cost_usd=0.000000',
    );
  });

  it('is written on a cost or an invocation alone, and not for a plain reply', () => {
    expect(
      perplexityToolsNote(NO_ITEMS, 0, readPerplexityUsageExtras({ cost: { tool_calls_cost: 0.005 } })),
    ).not.toBeNull();
    expect(
      perplexityToolsNote(NO_ITEMS, 0, readPerplexityUsageExtras({ tool_calls_details: { k: {} } })),
    ).not.toBeNull();
    expect(
      perplexityToolsNote(NO_ITEMS, 0, readPerplexityUsageExtras({ cost: { tool_calls_cost: 0 } })),
    ).toBeNull();
    expect(perplexityToolsNote(NO_ITEMS, 0, readPerplexityUsageExtras(undefined))).toBeNull();
  });

  it('reads malformed extras as absent instead of failing', () => {
    for (const usage of [
      null,
      'x',
      { cost: 'x', tool_calls_details: [1] },
      { cost: { tool_calls_cost: 'x' } },
    ]) {
      expect(readPerplexityUsageExtras(usage)).toEqual({ invocations: [], toolCostUsd: null });
    }
  });

  it('counts each Perplexity kind and nothing else', () => {
    expect(
      countPerplexityItems([
        { type: 'finance_results' },
        { type: 'finance_results' },
        { type: 'people_search_results' },
        { type: 'fetch_url_results' },
        { type: 'search_results' },
        { type: 'skill_loaded' },
        { type: 'message' },
        { type: 'toString' },
        null,
      ]),
    ).toEqual({ finance: 2, people: 1, fetch: 1, web: 1, skillLoaded: 1 });
  });
});
