import { describe, expect, it } from 'vitest';
import { convertXaiGrounding, xaiAnnotationSources } from './xai-grounding.ts';

const cite = (url: string, extra: Record<string, unknown> = {}) => ({ type: 'url_citation', url, ...extra });

describe('xaiAnnotationSources', () => {
  it('takes every url_citation, de-duplicated by URL in arrival order', () => {
    const sources = xaiAnnotationSources([
      cite('https://a'),
      cite('https://b'),
      cite('https://a'),
      cite('https://c'),
    ]);
    expect(sources).toEqual([
      { uri: 'https://a', title: '' },
      { uri: 'https://b', title: '' },
      { uri: 'https://c', title: '' },
    ]);
  });

  it('never reads start_index / end_index, and keeps the (0,0) ones', () => {
    const sources = xaiAnnotationSources([
      cite('https://a', { start_index: 0, end_index: 0 }),
      cite('https://b', { start_index: 9, end_index: 3 }),
    ]);
    expect(sources).toEqual([
      { uri: 'https://a', title: '' },
      { uri: 'https://b', title: '' },
    ]);
  });

  it('reads a title when one is sent; a later duplicate only fills a missing title', () => {
    const sources = xaiAnnotationSources([
      cite('https://a'),
      cite('https://a', { title: 'A' }),
      cite('https://b', { title: 'B' }),
      cite('https://b', { title: 'other' }),
    ]);
    expect(sources).toEqual([
      { uri: 'https://a', title: 'A' },
      { uri: 'https://b', title: 'B' },
    ]);
  });

  it('skips other annotation types and URL-less citations', () => {
    expect(
      xaiAnnotationSources([
        { type: 'file_citation', url: 'f' },
        cite(''),
        cite('  '),
        { type: 'url_citation' },
      ]),
    ).toEqual([]);
  });
});

describe('convertXaiGrounding', () => {
  it('null when nothing was searched and nothing cited', () => {
    expect(convertXaiGrounding([], [], false)).toBeNull();
  });

  it('a search without sources keeps the empty list (the verdict "no source exists")', () => {
    expect(convertXaiGrounding(['q'], [], true)).toEqual({ queries: ['q'], sources: [], engine: 'xai' });
  });

  it('citations without a search call still ground the answer, engine xai', () => {
    expect(convertXaiGrounding([], [{ uri: 'https://a', title: '' }], false)).toEqual({
      queries: [],
      sources: [{ uri: 'https://a', title: '' }],
      engine: 'xai',
    });
  });
});
