import { describe, expect, it } from 'vitest';
import { metaGrounding } from './meta-grounding.ts';

const cite = (url: string | null, title: string | null = null) => ({ type: 'url_citation', url, title });

describe('metaGrounding', () => {
  it('url_citation annotations become sources in order, engine meta, first title wins', () => {
    const grounding = metaGrounding({
      annotations: [
        cite('https://a.example/1', 'A one'),
        cite('https://b.example/2', 'B two'),
        cite('https://a.example/1', 'A again'),
      ],
      searchQueries: ['東京 天気'],
    });
    expect(grounding).toEqual({
      queries: ['東京 天気'],
      sources: [
        { uri: 'https://a.example/1', title: 'A one' },
        { uri: 'https://b.example/2', title: 'B two' },
      ],
      engine: 'meta',
    });
  });

  it('an annotation without a URL, or of another type, is not a source; a missing title reads as ""', () => {
    const grounding = metaGrounding({
      annotations: [
        cite(null, 'no url'),
        cite('  '),
        { type: 'file_citation', url: 'x' },
        cite('https://c.example'),
      ],
      searchQueries: [],
    });
    expect(grounding?.sources).toEqual([{ uri: 'https://c.example', title: '' }]);
  });

  it('a search with no cited source keeps an empty sources list (the verdict "none returned")', () => {
    expect(metaGrounding({ annotations: [], searchQueries: [null] })).toEqual({
      queries: [],
      sources: [],
      engine: 'meta',
    });
  });

  it('queries are de-duplicated; blank ones are dropped', () => {
    expect(metaGrounding({ annotations: [], searchQueries: ['q', 'q', ' ', 'r'] })?.queries).toEqual([
      'q',
      'r',
    ]);
  });

  it('neither a search call nor a citation: not grounded', () => {
    expect(metaGrounding({ annotations: [], searchQueries: [] })).toBeNull();
  });
});
