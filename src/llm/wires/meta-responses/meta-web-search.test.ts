import { describe, expect, it } from 'vitest';
import { metaServerTools } from './meta-web-search.ts';
import { metaTemplate } from './meta-test-helpers.ts';

describe('metaServerTools', () => {
  it('the toggle on a Meta template sends the bare web_search tool (no max_results, no filters)', () => {
    expect(metaServerTools(metaTemplate({ metaWebSearch: true }))).toEqual([{ type: 'web_search' }]);
  });

  it('the toggle off sends nothing', () => {
    expect(metaServerTools(metaTemplate({ metaWebSearch: false }))).toEqual([]);
  });

  it('the flag alone is not enough: a template on another provider never gets Meta’s search', () => {
    expect(metaServerTools(metaTemplate({ metaWebSearch: true, provider: 'open_ai_compat' }))).toEqual([]);
    // provider null detects from the URL; api.meta.ai is deliberately not auto-detected (compat).
    expect(metaServerTools(metaTemplate({ metaWebSearch: true, provider: null }))).toEqual([]);
  });
});
