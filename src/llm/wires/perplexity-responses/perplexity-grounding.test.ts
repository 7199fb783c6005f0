/** Sources of the `*_results` items as Grounding, engine `perplexity` (Spec 45 D5). */
import { describe, expect, it } from 'vitest';
import { perplexityGrounding } from './perplexity-grounding.ts';
import { fixture, outputOf } from './perplexity-test-helpers.ts';

function groundingOf(name: string) {
  return perplexityGrounding(outputOf(fixture(name)), []);
}

describe('perplexityGrounding from the fixtures', () => {
  it('search_results: url + title, de-duplicated by URL (first title wins), queries kept', () => {
    expect(groundingOf('pplx-web-search.json')).toEqual({
      queries: ['Node.js current LTS release', 'Node.js release schedule'],
      sources: [
        { uri: 'https://nodejs.org/en/about/previous-releases', title: 'Node.js Releases' },
        { uri: 'https://github.com/nodejs/release', title: 'nodejs/release: Node.js Release Working Group' },
      ],
      engine: 'perplexity',
    });
  });

  it('finance_results: nested bare URLs flattened, the URL as its own title, repeats dropped', () => {
    expect(groundingOf('pplx-finance-search.json')).toEqual({
      queries: [],
      sources: [
        { uri: 'https://www.perplexity.ai/finance/NVDA', title: 'https://www.perplexity.ai/finance/NVDA' },
        {
          uri: 'https://www.perplexity.ai/finance/NVDA/financials',
          title: 'https://www.perplexity.ai/finance/NVDA/financials',
        },
        {
          uri: 'https://www.sec.gov/cgi-bin/browse-edgar?action=getcompany&CIK=0001045810',
          title: 'https://www.sec.gov/cgi-bin/browse-edgar?action=getcompany&CIK=0001045810',
        },
      ],
      engine: 'perplexity',
    });
  });

  it('people_search_results: an empty title shows the URL, never ""', () => {
    expect(groundingOf('pplx-people-search.json')?.sources).toEqual([
      {
        uri: 'https://www.linkedin.com/in/example-designer',
        title: 'Example Designer - Head of Design - Figma',
      },
      { uri: 'https://www.figma.com/about/', title: 'https://www.figma.com/about/' },
    ]);
  });

  it('fetch_url_results: the contents entries', () => {
    expect(groundingOf('pplx-fetch-url.json')?.sources).toEqual([
      { uri: 'https://en.wikipedia.org/wiki/Perplexity_AI', title: 'Perplexity AI - Wikipedia' },
    ]);
  });

  it('is null when nothing grounded the answer (skill_loaded alone, a function call)', () => {
    expect(groundingOf('pplx-finance-skill-only.json')).toBeNull();
    expect(groundingOf('pplx-function-call.json')).toBeNull();
    expect(perplexityGrounding([], [])).toBeNull();
  });
});

describe('perplexityGrounding, synthetic shapes', () => {
  it('keeps an empty sources list when a results item arrived empty ("no source exists")', () => {
    expect(perplexityGrounding([{ type: 'search_results', queries: ['q'], results: [] }], [])).toEqual({
      queries: ['q'],
      sources: [],
      engine: 'perplexity',
    });
  });

  it('reads annotations first (if a model ever sends them), then the results items', () => {
    const output = [
      { type: 'search_results', results: [{ url: 'https://a.example/', title: 'A from results' }] },
    ];
    const annotations = [
      { url: 'https://a.example/', title: 'A from the annotation' },
      { url: 'https://b.example/', title: null },
    ];
    expect(perplexityGrounding(output, annotations)?.sources).toEqual([
      { uri: 'https://a.example/', title: 'A from the annotation' },
      { uri: 'https://b.example/', title: 'https://b.example/' },
    ]);
    expect(perplexityGrounding([], annotations)?.sources).toHaveLength(2);
  });

  it('takes only real http(s) URLs and never fails on odd shapes', () => {
    const output = [
      'not an item',
      null,
      { type: 'search_results', results: 'not a list', queries: [1, '', 'kept'] },
      {
        type: 'people_search_results',
        results: [
          { url: 'javascript:alert(1)' },
          { url: 42 },
          { title: 'no url' },
          { url: ' https://ok.example/x ' },
        ],
      },
      {
        type: 'finance_results',
        results: [{ sources: 'https://one-level.example/' }, ['https://bare.example/']],
      },
      { type: 'finance_results', results: [{ sources: ['https://flat.example/', ['ftp://no.example/']] }] },
      { type: 'message', content: [] },
    ];
    const grounding = perplexityGrounding(output, []);
    expect(grounding?.queries).toEqual(['kept']);
    expect(grounding?.sources.map((s) => s.uri)).toEqual([
      'https://ok.example/x',
      'https://one-level.example/',
      'https://bare.example/',
      'https://flat.example/',
    ]);
  });

  it('de-duplicates across kinds', () => {
    const output = [
      { type: 'fetch_url_results', contents: [{ url: 'https://same.example/', title: 'Fetched' }] },
      { type: 'finance_results', results: [{ sources: [['https://same.example/']] }] },
    ];
    expect(perplexityGrounding(output, [])?.sources).toEqual([
      { uri: 'https://same.example/', title: 'Fetched' },
    ]);
  });
});
