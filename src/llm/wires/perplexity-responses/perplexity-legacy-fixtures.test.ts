/**
 * The recorded bodies of Perplexity's older chat API (__fixtures__/perplexity-*.json, copied from the
 * shared `perplexity-chat-legacy/` set). The Perplexity wire speaks only `/v1/responses`; these bodies
 * are `chat.completion` objects, so most of them cannot map, and this file says which part does.
 */
import { describe, expect, it } from 'vitest';
import { perplexityGrounding } from './perplexity-grounding.ts';
import { countPerplexityItems, perplexityToolsNote } from './perplexity-tools-note.ts';
import { readPerplexityUsageExtras } from './perplexity-usage-extras.ts';
import { fixture, outputOf } from './perplexity-test-helpers.ts';

const LEGACY = ['perplexity-citations.json', 'perplexity-text.json'] as const;

describe('legacy chat bodies', () => {
  it.each(LEGACY)('%s is the chat shape: no `output`, no `search_results`, usage without cost', (name) => {
    const body = fixture(name);
    expect(body.object).toBe('chat.completion');
    expect(body.output).toBeUndefined();
    // The brief's example of what could map, a `search_results` list, is not in these recordings.
    expect(body.search_results).toBeUndefined();
    expect(body.usage).not.toHaveProperty('cost');
    expect(body.usage).not.toHaveProperty('tool_calls_details');
  });

  it.each(LEGACY)('%s gives no Responses grounding and no pplx tools line', (name) => {
    const body = fixture(name);
    // Sources on the Responses wire come from output items; a chat body has none.
    expect(perplexityGrounding(outputOf(body), [])).toBeNull();
    const note = perplexityToolsNote(
      countPerplexityItems(outputOf(body)),
      0,
      readPerplexityUsageExtras(body.usage),
    );
    expect(note).toBeNull();
  });

  it('its `citations` (bare URL strings) map by the same rule as finance sources: the URL as the title', () => {
    const body = fixture('perplexity-citations.json');
    const citations = body.citations as string[];
    expect(citations).toHaveLength(7);
    // The one part that maps: bare URL strings, exactly the form of finance_results sources.
    const grounding = perplexityGrounding(
      [{ type: 'finance_results', results: [{ sources: citations }] }],
      [],
    );
    expect(grounding?.sources).toHaveLength(7);
    expect(grounding?.sources[0]).toEqual({
      uri: 'https://populationstat.com/united-states/san-francisco',
      title: 'https://populationstat.com/united-states/san-francisco',
    });
    expect(grounding?.sources.every((s) => s.title === s.uri)).toBe(true);
  });
});
