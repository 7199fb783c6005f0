import { describe, expect, it } from 'vitest';
import { ResponsesSources } from './responses-sources.ts';

describe('ResponsesSources', () => {
  it('de-duplicates by URL keeping the first title, skips URL-less entries and non-citation annotations', () => {
    const sources = new ResponsesSources();
    sources.addAnnotations([
      { type: 'url_citation', url: 'https://a.example/', title: 'A', start_index: 1, end_index: 2 },
      { type: 'url_citation', url: 'https://a.example/', title: 'A again' },
      { type: 'file_citation', url: 'https://file.example/' },
      { type: 'url_citation', url: '' },
      { url: 'https://untyped.example/' },
    ]);
    expect(sources.addSource('https://a.example/', 'later')).toBe(false);
    expect(sources.addSource('https://b.example/')).toBe(true);
    expect(sources.addSource(null)).toBe(false);
    sources.addQuery('q1');
    sources.addQuery('q1');
    sources.addQuery('  ');
    expect(sources.grounding('open_ai')).toEqual({
      queries: ['q1'],
      sources: [
        { uri: 'https://a.example/', title: 'A' },
        { uri: 'https://untyped.example/', title: '' },
        { uri: 'https://b.example/', title: '' },
      ],
      engine: 'open_ai',
    });
    expect([sources.sourceCount, sources.queryCount]).toEqual([3, 1]);
  });

  it('nothing collected is null, unless the wire says a search ran (then the empty list is the verdict)', () => {
    expect(new ResponsesSources().grounding('xai')).toBeNull();
    expect(new ResponsesSources().grounding('meta', true)).toEqual({
      queries: [],
      sources: [],
      engine: 'meta',
    });
  });
});
