import { describe, expect, it } from 'vitest';
import { convertXaiGrounding, xaiAnnotationSources } from './xai-grounding.ts';
import { xaiFixtureItems } from './xai-test-fixtures.ts';

const cite = (url: string, extra: Record<string, unknown> = {}) => ({ type: 'url_citation', url, ...extra });

describe('xaiAnnotationSources', () => {
  it('takes every url_citation of every message part, de-duplicated by URL in arrival order', () => {
    const sources = xaiAnnotationSources([
      { type: 'message', content: [{ annotations: [cite('https://a'), cite('https://b')] }] },
      {
        type: 'message',
        content: [{ annotations: [cite('https://a'), cite('https://c')] }, { annotations: null }],
      },
    ]);
    expect(sources).toEqual([
      { uri: 'https://a', title: '' },
      { uri: 'https://b', title: '' },
      { uri: 'https://c', title: '' },
    ]);
  });

  it('never reads start_index / end_index, and keeps the (0,0) ones', () => {
    const sources = xaiAnnotationSources([
      {
        type: 'message',
        content: [
          {
            annotations: [
              cite('https://a', { start_index: 0, end_index: 0 }),
              cite('https://b', { start_index: 9 }),
            ],
          },
        ],
      },
    ]);
    expect(sources).toEqual([
      { uri: 'https://a', title: '' },
      { uri: 'https://b', title: '' },
    ]);
  });

  it('reads a title when one is sent; a later duplicate only fills a missing title', () => {
    const sources = xaiAnnotationSources([
      {
        type: 'message',
        content: [
          {
            annotations: [
              cite('https://a'),
              cite('https://a', { title: 'A' }),
              cite('https://b', { title: 'B' }),
              cite('https://b', { title: 'other' }),
            ],
          },
        ],
      },
    ]);
    expect(sources).toEqual([
      { uri: 'https://a', title: 'A' },
      { uri: 'https://b', title: 'B' },
    ]);
  });

  it('skips other annotation types, URL-less citations and non-message items (action.sources unread)', () => {
    const sources = xaiAnnotationSources([
      {
        type: 'message',
        content: [{ annotations: [{ type: 'file_citation', url: 'f' }, cite(''), { type: 'url_citation' }] }],
      },
      {
        type: 'web_search_call',
        action: { query: 'q', sources: [{ type: 'url', url: 'https://s' }] },
      } as never,
    ]);
    expect(sources).toEqual([]);
  });

  it.each([
    ['xai-web-search-tool.1.json', 5],
    ['xai-x-search-tool.1.json', 20],
    ['xai-x-search-tool.completed.json', 20],
    ['xai-code-execution-tool.1.json', 0],
  ] as const)('recorded %s: %i sources', (name, count) => {
    expect(xaiAnnotationSources(xaiFixtureItems(name))).toHaveLength(count);
  });

  it('recorded xai-web-search-tool.1.json: the URLs in order, no titles', () => {
    expect(xaiAnnotationSources(xaiFixtureItems('xai-web-search-tool.1.json'))).toEqual([
      { uri: 'https://www.ibm.com/think/topics/explainable-ai', title: '' },
      { uri: 'https://x.ai/company', title: '' },
      { uri: 'https://en.wikipedia.org/wiki/XAI_%28company%29', title: '' },
      { uri: 'https://x.ai/', title: '' },
      { uri: 'https://www.owkin.com/a-z-of-ai-for-healthcare/xai', title: '' },
    ]);
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
